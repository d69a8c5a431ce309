import { Alert, Anchor, Badge, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeamKind, TeamListItem } from '@hireloop/contract/teams';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useCanManageTeams, useCreateTeam, useTeamsPage } from '../api.ts';
import { TeamFormModal } from '../components/team-form-modal.tsx';
import { schemeText } from '../../../lib/scheme-colour.ts';

const SEARCH_DEBOUNCE_MS = 300;

export const kindLabel = (kind: TeamKind) => (kind === 'client' ? 'Client' : 'Team');

/** The kind badge's text: dark on the light tint, light on the dark one, so it keeps its contrast in both schemes. */
export const kindTextColour = (kind: TeamKind) => schemeText(kind === 'client' ? 'grape' : 'indigo');

/** The contact person: the name (a mail link when there is an e-mail), else the e-mail, else the phone; `—` for none. */
function ContactCell({ team }: { team: TeamListItem }) {
  const label = team.contact_name ?? team.contact_email ?? team.contact_phone;
  if (!label) return <>—</>;
  if (team.contact_email) {
    return (
      <Anchor href={`mailto:${team.contact_email}`} size="sm" title={team.contact_name ? team.contact_email : undefined}>
        {label}
      </Anchor>
    );
  }
  if (!team.contact_name && team.contact_phone) {
    return (
      <Anchor href={`tel:${team.contact_phone.replace(/\s+/g, '')}`} size="sm">
        {label}
      </Anchor>
    );
  }
  return <>{label}</>;
}

/** /teams (alias /clients): the organisation's teams and the client companies it hires for. */
export function TeamsPage() {
  const canManage = useCanManageTeams();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<TeamKind | ''>('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const teams = useTeamsPage({ page, name: debounced, kind });
  const create = useCreateTeam();

  // A new search or filter starts again at the first page.
  const [lastFilter, setLastFilter] = useState(`${debounced}|${kind}`);
  if (lastFilter !== `${debounced}|${kind}`) {
    setLastFilter(`${debounced}|${kind}`);
    setPage(1);
  }

  const data = teams.data;
  const filtered = debounced !== '' || kind !== '';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Teams</Title>
        {canManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New team
          </Button>
        ) : null}
      </Group>
      <Text c="dimmed" size="sm">
        Your own teams and the client companies you hire for, with their job roles and hiring teams.
      </Text>
      <Group align="flex-end">
        <TextInput
          label="Search teams"
          placeholder="Name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Select
          label="Kind"
          data={[
            { value: '', label: 'All kinds' },
            { value: 'team', label: 'Teams' },
            { value: 'client', label: 'Clients' },
          ]}
          value={kind}
          allowDeselect={false}
          onChange={(value) => setKind(value === 'team' || value === 'client' ? value : '')}
          w={200}
        />
      </Group>
      {teams.isPending ? (
        <Loader aria-label="Loading teams" />
      ) : teams.isError ? (
        <Alert color="red" title="Could not load teams" role="alert">
          {teams.error.message}{' '}
          <Anchor component="button" onClick={() => void teams.refetch()}>
            Try again
          </Anchor>
        </Alert>
      ) : data && data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {filtered ? 'No team or client matches.' : canManage ? 'No teams yet. Add your first team or client.' : 'No teams yet.'}
        </Text>
      ) : data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.meta.total === 1 ? '1 team' : `${data.meta.total} teams`}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Teams and clients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col">Contact</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Job roles
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Hiring team
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((team) => (
                  <Table.Tr key={team.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/teams/${team.id}`} fw={500}>
                        {team.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={team.kind === 'client' ? 'grape' : 'indigo'} c={kindTextColour(team.kind)}>
                        {kindLabel(team.kind)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <ContactCell team={team} />
                    </Table.Td>
                    <Table.Td ta="right">{team.roles_count}</Table.Td>
                    <Table.Td ta="right">{team.members_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.meta.last_page > 1 ? (
            <Pagination
              total={data.meta.last_page}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          ) : null}
        </Stack>
      ) : null}
      {canManage ? (
        <TeamFormModal
          key={creating ? 'open' : 'closed'}
          opened={creating}
          title="New team or client"
          submitLabel="Create"
          onClose={() => setCreating(false)}
          onSubmit={async (body) => {
            const team = await create.mutateAsync(body);
            toastSuccess(`${team.name} was created.`);
          }}
        />
      ) : null}
    </Stack>
  );
}
