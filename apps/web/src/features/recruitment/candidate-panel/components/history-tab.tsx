import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ApplicationDetail } from '@hireloop/contract/candidates';
import { exactTime, formatDuration } from '../time.tsx';

/** Each stage the application went through, who moved it and how long it stayed. */
export function HistoryTab({ application, now: given }: { application: ApplicationDetail; now?: number }) {
  // "Until now" for the current stage: the time the tab opened, unless a test gives its own clock.
  const [openedAt] = useState(Date.now);
  const now = given ?? openedAt;
  const history = [...application.history].sort((a, b) => a.moved_at.localeCompare(b.moved_at));
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No stage changes yet.
      </Text>
    );
  const end = application.rejected_at ?? application.hired_at;
  return (
    <Table aria-label="Stage history" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Stage</Table.Th>
          <Table.Th>Entered</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Time in stage</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.map((change, index) => {
          const next = history[index + 1];
          const current = next === undefined;
          const until = next ? new Date(next.moved_at).getTime() : end ? new Date(end).getTime() : now;
          return (
            <Table.Tr key={change.id}>
              <Table.Td>
                <Text size="sm" fw={current ? 600 : undefined}>
                  {change.to?.name ?? 'Removed stage'}
                </Text>
                {change.from ? (
                  <Text size="xs" c="dimmed">
                    from {change.from.name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{exactTime(change.moved_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{change.moved_by?.name ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {formatDuration(until - new Date(change.moved_at).getTime())}
                  {current && !end ? ' so far' : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The same person's applications in other recruitments, each opening there. */
export function OtherApplicationsTab({ application }: { application: ApplicationDetail }) {
  if (application.other_applications.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Not in any other recruitment.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" aria-label="Other applications" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {application.other_applications.map((other) => (
        <Group key={other.id} component="li" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={`/recruitment/${other.recruitment.id}/candidates?application=${other.id}`} size="sm">
            {other.recruitment.name}
          </Anchor>
          <Group gap={4} wrap="nowrap">
            <Badge variant="dot" color={other.status.colour}>
              {other.status.name}
            </Badge>
            {other.rejected_at ? (
              <Badge color="red" c="red" variant="outline">
                Rejected
              </Badge>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
