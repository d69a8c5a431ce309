import { Alert, Anchor, Button, EmptyState, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EMPLOYMENT_TYPE_LABELS, ROLE_STATUS_LABELS, type RoleStatus } from '@hireloop/contract/roles';
import { IconBriefcase, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RoleStatusBadge } from '../../../components/role-status-badge.tsx';
import { describeError } from '../../../lib/toasts.ts';
import { useCanManageRoles, useRolesPage } from '../api.ts';
import { CreateRoleForm } from '../components/create-role-form.tsx';
import { formatLocation, formatSalary, options } from '../role-form.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** /jobs: the organisation's job roles, searchable by name and filtered by status; "New role" opens the form. */
export function JobsPage() {
  const canManage = useCanManageRoles();
  const [params, setParams] = useSearchParams();
  // In the URL, so a reload keeps the form (and its draft) open.
  const creating = canManage && params.get('new') === '1';
  const setCreating = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('new', '1');
        else next.delete('new');
        return next;
      },
      { replace: !open },
    );
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<RoleStatus | ''>('');
  const [page, setPage] = useState(1);
  const [name] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const roles = useRolesPage({ page, name, status });
  const filtered = name !== '' || status !== '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Job roles</Title>
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New role
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search roles"
          placeholder="Role name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={options(ROLE_STATUS_LABELS)}
          clearable
          value={status || null}
          onChange={(v) => {
            setStatus((v ?? '') as RoleStatus | '');
            setPage(1);
          }}
        />
      </Group>
      {roles.isError ? (
        <Alert color="red" variant="light" c="red" title="The roles could not be loaded" role="alert">
          {describeError(roles.error).message}
        </Alert>
      ) : roles.data && roles.data.data.length === 0 ? (
        <EmptyState
          icon={<IconBriefcase size={28} aria-hidden />}
          withIndicatorBackground
          title={filtered ? 'No role matches' : 'No job roles yet'}
          description={
            filtered
              ? 'Try another name or status.'
              : canManage
                ? 'Create the first role you hire for: its team, level, location, pay and description.'
                : 'The roles your organisation hires for will be listed here.'
          }
        >
          {!filtered && canManage ? (
            <Group justify="center">
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                Create the first role
              </Button>
            </Group>
          ) : null}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover aria-label="Job roles" aria-busy={roles.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Team</Table.Th>
                <Table.Th scope="col">Level</Table.Th>
                <Table.Th scope="col">Location</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Salary</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(roles.data?.data ?? []).map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/roles/${r.id}`} fw={500}>
                      {r.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{r.team?.name ?? '—'}</Table.Td>
                  <Table.Td>{r.level?.name ?? '—'}</Table.Td>
                  <Table.Td>{formatLocation(r)}</Table.Td>
                  <Table.Td>{EMPLOYMENT_TYPE_LABELS[r.employment_type]}</Table.Td>
                  <Table.Td>{formatSalary(r)}</Table.Td>
                  <Table.Td>
                    <RoleStatusBadge status={r.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {roles.data && roles.data.meta.last_page > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {roles.data.meta.total} roles
          </Text>
          <Pagination total={roles.data.meta.last_page} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New role" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
        {creating ? <CreateRoleForm /> : null}
      </Modal>
    </Stack>
  );
}
