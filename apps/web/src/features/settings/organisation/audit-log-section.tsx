import { Autocomplete, Button, Group, Pagination, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@hireloop/contract/organisation-settings';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';
import { useAuditLog, type AuditFilters } from './api.ts';
import { useMembers } from '../../session/organisation-lists.ts';
import { actionLabel, auditChanges, fieldLabel, targetLabel } from './audit-format.ts';

/** Suggestions for the action filter; any other action can be typed. */
const KNOWN_ACTIONS = [
  'organisation.created',
  'organisation.updated',
  'organisation.logo_changed',
  'organisation.logo_removed',
  'invitation.created',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'member.role_changed',
  'member.removed',
  'member.left',
  'api_key.created',
  'api_key.revoked',
  'billing.plan_changed',
  'recruitment_settings.updated',
];

const NO_FILTERS: AuditFilters = { action: '', actor: null, from: null, to: null };

function Changes({ entry }: { entry: AuditEntry }) {
  const rows = auditChanges(entry.before, entry.after);
  if (rows.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Text component="li" size="sm" key={row.field} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {fieldLabel(row.field)}:
          </Text>{' '}
          {entry.before === null ? (
            row.after
          ) : (
            <>
              {row.before} <span aria-label="changed to">→</span> {row.after}
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** Every administrative action of the organisation: who, what, when, before → after; paged and filterable. */
export function AuditLogSection() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(page, filters, true);
  const people = useMembers();

  function change(next: Partial<AuditFilters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }

  const filtered = filters.action !== '' || filters.actor !== null || filters.from !== null || filters.to !== null;
  return (
    <Section
      id="organisation-audit"
      title="Audit log"
      description="Every change to the organisation's settings, members, keys and billing: who made it, when, and what changed."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Autocomplete
          label="Action"
          placeholder="Any action"
          data={KNOWN_ACTIONS}
          value={filters.action}
          onChange={(action) => change({ action })}
          comboboxProps={{ keepMounted: false }}
          withScrollArea={false}
          maxDropdownHeight={240}
        />
        <Select
          label="Person"
          placeholder="Anyone"
          data={(people.data ?? []).map((person) => ({ value: person.id, label: person.name }))}
          value={filters.actor}
          onChange={(actor) => change({ actor })}
          clearable
          searchable
          comboboxProps={{ keepMounted: false }}
          withScrollArea={false}
          maxDropdownHeight={240}
        />
        <DatePickerField label="From" placeholder="mm/dd/yy" value={filters.from} onChange={(from) => change({ from })} clearable />
        <DatePickerField
          label="To"
          placeholder="mm/dd/yy"
          value={filters.to}
          onChange={(to) => change({ to })}
          minDate={filters.from ?? undefined}
          clearable
        />
      </SimpleGrid>
      {filtered ? (
        <Group>
          <Button size="xs" variant="subtle" onClick={() => change(NO_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      ) : null}
      {log.data ? (
        log.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
          </Text>
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" aria-describedby="organisation-audit-count">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">Who</Table.Th>
                    <Table.Th scope="col">What</Table.Th>
                    <Table.Th scope="col">Change</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.data.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.actor.name}</Text>
                        {entry.actor.type !== 'user' ? (
                          <Text size="xs" c="dimmed">
                            {entry.actor.type === 'api_key' ? 'API key' : 'System'}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {actionLabel(entry.action)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {targetLabel(entry.target_type)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Changes entry={entry} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" align="center">
              <Text size="sm" c="dimmed" id="organisation-audit-count">
                {log.data.meta.total === 1 ? '1 entry' : `${log.data.meta.total} entries`}
              </Text>
              {log.data.meta.last_page > 1 ? (
                <Pagination
                  total={log.data.meta.last_page}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              ) : null}
            </Group>
          </Stack>
        )
      ) : log.isError ? (
        <SectionError error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <SectionSkeleton rows={4} />
      )}
    </Section>
  );
}
