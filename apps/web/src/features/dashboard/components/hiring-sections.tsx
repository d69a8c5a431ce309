import { Alert, Anchor, Group, List, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Dashboard } from '@hireloop/contract/candidates';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../lib/toasts.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { activityLink, describeActivity, timeAgo } from '../activity-text.ts';

type Props = { dashboard: UseQueryResult<Dashboard> };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** Your recruitments with this week's movement, recent activity, and what you owe (interviews, feedback, approvals). */
export function HiringSections({ dashboard }: Props) {
  if (dashboard.isError) {
    return (
      <Alert color="red" variant="light" c="red" title="Your hiring overview could not be loaded" role="alert">
        {describeError(dashboard.error).message}
      </Alert>
    );
  }
  const d = dashboard.data;
  const loading = <Skeleton height={60} aria-hidden />;
  return (
    <Stack gap="lg">
      <Section id="dashboard-recruitments" title="Your recruitments">
        {!d ? (
          loading
        ) : d.recruitments.length === 0 ? (
          <Empty>
            No open recruitments for you yet.{' '}
            <Anchor component={Link} to="/recruitment" size="sm">
              Go to recruitments
            </Anchor>
          </Empty>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Your recruitments" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Recruitment</Table.Th>
                  <Table.Th scope="col">Active</Table.Th>
                  <Table.Th scope="col">New this week</Table.Th>
                  <Table.Th scope="col">Moved this week</Table.Th>
                  <Table.Th scope="col">Hired</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.recruitments.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/recruitment/${r.id}/candidates`} fw={500}>
                        {r.name}
                      </Anchor>
                      {r.name !== r.role.name ? (
                        <Text size="xs" c="dimmed">
                          {r.role.name}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{r.active_count}</Table.Td>
                    <Table.Td>{r.new_this_week}</Table.Td>
                    <Table.Td>{r.moved_this_week}</Table.Td>
                    <Table.Td>
                      {r.hired_count} of {r.openings}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section id="dashboard-activity" title="Recent activity">
        {!d ? (
          loading
        ) : d.recent_activity.length === 0 ? (
          <Empty>What happens to candidates in your recruitments will appear here.</Empty>
        ) : (
          <List spacing="xs" listStyleType="none" ml={0} pl={0} aria-label="Recent activity">
            {d.recent_activity.map((a) => {
              const text = describeActivity(a);
              const to = activityLink(a);
              return (
                <List.Item key={a.id}>
                  <Group gap={6} wrap="wrap">
                    {to ? (
                      <Anchor component={Link} to={to} size="sm">
                        {text}
                      </Anchor>
                    ) : (
                      <Text size="sm">{text}</Text>
                    )}
                    <Text size="sm" c="dimmed" component="span">
                      ·{' '}
                      <time dateTime={a.created_at} title={formatDateTime(a.created_at)}>
                        {timeAgo(a.created_at)}
                      </time>
                    </Text>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Section id="dashboard-interviews" title="Your upcoming interviews">
          {!d ? (
            loading
          ) : d.interviews.length === 0 ? (
            <Empty>Interviews you are on will appear here.</Empty>
          ) : (
            <Links
              items={d.interviews.map((i) => ({ id: i.id, url: i.url, text: i.title, when: i.starts_at }))}
              label="Your upcoming interviews"
            />
          )}
        </Section>
        <Section id="dashboard-feedback" title="Feedback owed">
          {!d ? (
            loading
          ) : d.feedback_owed.length === 0 ? (
            <Empty>Scorecards waiting for your feedback will appear here.</Empty>
          ) : (
            <Links items={d.feedback_owed.map((f) => ({ id: f.id, url: f.url, text: f.title, when: f.due_at }))} label="Feedback owed" />
          )}
        </Section>
        <Section id="dashboard-approvals" title="Approvals waiting for you">
          {!d ? (
            loading
          ) : d.approvals.length === 0 ? (
            <Empty>Offers waiting for your approval will appear here.</Empty>
          ) : (
            <Links
              items={d.approvals.map((a) => ({ id: a.id, url: a.url, text: a.title, when: null }))}
              label="Approvals waiting for you"
            />
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function Links({ items, label }: { items: Array<{ id: string; url: string; text: string; when: string | null }>; label: string }) {
  return (
    <List spacing="xs" listStyleType="none" ml={0} pl={0} aria-label={label}>
      {items.map((item) => (
        <List.Item key={item.id}>
          <Anchor component={Link} to={item.url} size="sm">
            {item.text}
          </Anchor>
          {item.when ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(item.when)}
            </Text>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}
