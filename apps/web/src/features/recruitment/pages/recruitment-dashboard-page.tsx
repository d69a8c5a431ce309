import {
  Alert,
  Anchor,
  Avatar,
  Button,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Recruitment } from '@hireloop/contract/recruitments';
import type { RecruitmentStatus } from '@hireloop/contract/recruitment-statuses';
import { IconChartBar, IconPlus, IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RecruitmentStateBadge } from '../../../components/recruitment-state-badge.tsx';
import { StageBar } from '../../../components/stage-bar.tsx';
import { describeError } from '../../../lib/toasts.ts';
import { useCanManageRecruitments, useRecruitments, type RecruitmentSort, type RecruitmentStatusFilter } from '../api.ts';
import { CreateRecruitmentForm } from '../components/create-recruitment-form.tsx';
import { openedAgo } from '../format.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { initials } from '@hireloop/contract/initials';
import { useRecruitmentStatuses, useRoleOptions, useTeamOptions } from '../../session/organisation-lists.ts';

const SEARCH_DEBOUNCE_MS = 300;

const STATUS_OPTIONS: Array<{ value: RecruitmentStatusFilter; label: string }> = [
  { value: 'active', label: 'Active (open and on hold)' },
  { value: 'open', label: 'Open' },
  { value: 'on_hold', label: 'On hold' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const SORT_OPTIONS: Array<{ value: RecruitmentSort; label: string }> = [
  { value: '-opened_at', label: 'Newest first' },
  { value: 'opened_at', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: '-candidates', label: 'Most candidates' },
  { value: 'candidates', label: 'Fewest candidates' },
];

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** /recruitment: every recruitment with its pipeline, owner, age and status; "New recruitment" starts one. */
export function RecruitmentDashboardPage() {
  const canManage = useCanManageRecruitments();
  const [params, setParams] = useSearchParams();
  // In the URL, so a reload keeps the form (and its draft) open; `role` preselects the role (from a role page).
  const creating = canManage && params.get('new') === '1';
  const presetRole = params.get('role') ?? undefined;
  const setCreating = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('new', '1');
        else {
          next.delete('new');
          next.delete('role');
        }
        return next;
      },
      { replace: !open },
    );

  const [status, setStatus] = useState<RecruitmentStatusFilter>('active');
  const [role, setRole] = useState('');
  const [team, setTeam] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<RecruitmentSort>('-opened_at');
  const [page, setPage] = useState(1);
  const [name] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const recruitments = useRecruitments({ page, status, role, team, name, sort });
  const statuses = useRecruitmentStatuses();
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const filtered = status !== 'active' || role !== '' || team !== '' || name !== '';
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Recruitment</Title>
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New recruitment
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search recruitments"
          placeholder="Recruitment name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => resetPage(setSearch)(e.currentTarget.value)}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          value={status}
          onChange={(v) => v && resetPage(setStatus)(v as RecruitmentStatusFilter)}
        />
        <Select
          label="Job role"
          placeholder="Any role"
          data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          searchable
          clearable
          value={role || null}
          onChange={(v) => resetPage(setRole)(v ?? '')}
        />
        {teams.data && teams.data.length > 0 ? (
          <Select
            label="Team"
            placeholder="Any team"
            data={teams.data.map((t) => ({ value: t.id, label: t.name }))}
            searchable
            clearable
            value={team || null}
            onChange={(v) => resetPage(setTeam)(v ?? '')}
          />
        ) : null}
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          allowDeselect={false}
          value={sort}
          onChange={(v) => v && resetPage(setSort)(v as RecruitmentSort)}
        />
      </Group>
      {recruitments.isError ? (
        <Alert color="red" variant="light" c="red" title="The recruitments could not be loaded" role="alert">
          {describeError(recruitments.error).message}
        </Alert>
      ) : recruitments.data && recruitments.data.data.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<IconUserSearch size={28} aria-hidden />}
            withIndicatorBackground
            title="No recruitment matches"
            description="Try another status, role, team or name."
          />
        ) : (
          <NoRecruitments
            canManage={canManage}
            hasRoles={(roles.data ?? []).some((r) => r.status !== 'closed')}
            onStart={() => setCreating(true)}
          />
        )
      ) : (
        <RecruitmentsTable recruitments={recruitments.data?.data ?? []} statuses={statuses.data} busy={recruitments.isFetching} />
      )}
      {recruitments.data && recruitments.data.meta.last_page > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {plural(recruitments.data.meta.total, 'recruitment', 'recruitments')}
          </Text>
          <Pagination total={recruitments.data.meta.last_page} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New recruitment"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {creating ? <CreateRecruitmentForm roleId={presetRole} /> : null}
      </Modal>
    </Stack>
  );
}

function NoRecruitments({ canManage, hasRoles, onStart }: { canManage: boolean; hasRoles: boolean; onStart: () => void }) {
  return (
    <Stack align="center" gap="sm">
      <EmptyState
        icon={<IconUserSearch size={28} aria-hidden />}
        withIndicatorBackground
        title="No recruitments yet"
        description={
          hasRoles
            ? 'A recruitment is a hiring campaign for a job role: its pipeline, hiring team and candidates.'
            : 'A recruitment hires for a job role. Create the role first, then start recruiting for it.'
        }
      />
      {!hasRoles ? (
        <Anchor component={Link} to="/jobs">
          Go to job roles
        </Anchor>
      ) : canManage ? (
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onStart}>
          Start a recruitment
        </Button>
      ) : null}
    </Stack>
  );
}

function RecruitmentsTable({
  recruitments,
  statuses,
  busy,
}: {
  recruitments: Recruitment[];
  statuses: RecruitmentStatus[] | undefined;
  busy: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover aria-label="Recruitments" aria-busy={busy} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Recruitment</Table.Th>
            <Table.Th scope="col">Owner</Table.Th>
            <Table.Th scope="col">Age</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Pipeline</Table.Th>
            <Table.Th scope="col">Candidates</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Analytics</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recruitments.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Stack gap={0}>
                  <Anchor component={Link} to={`/recruitment/${r.id}/candidates`} fw={500}>
                    {r.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {r.role.name}
                    {r.team ? ` · ${r.team.name}` : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {r.owner ? (
                  <Group gap="xs" wrap="nowrap">
                    <Avatar size="sm" color="dark" variant="filled" aria-hidden>
                      {initials(r.owner.name)}
                    </Avatar>
                    <Text size="sm">{r.owner.name}</Text>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    No owner
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={formatDateTime(r.opened_at)}>
                  {openedAgo(r.opened_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RecruitmentStateBadge state={r.status} />
              </Table.Td>
              <Table.Td>
                <StageBar counts={r.stage_counts} statuses={statuses} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{plural(r.candidates_count, 'candidate', 'candidates')}</Text>
                <Text size="xs" c="dimmed">
                  {r.active_count} active · {r.hired_count} hired
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/recruitment/${r.id}`} size="sm" aria-label={`Analytics of ${r.name}`}>
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconChartBar size={14} aria-hidden />
                    Analytics
                  </Group>
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
