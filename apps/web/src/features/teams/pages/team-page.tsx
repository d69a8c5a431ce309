import { Anchor, Avatar, Badge, Button, Group, List, Loader, MultiSelect, Stack, Text, Title } from '@mantine/core';
import type { TeamDetail } from '@hireloop/contract/teams';
import { IconPencil, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useMembers } from '../../session/organisation-lists.ts';
import { useCanManageTeams, useDeleteTeam, useSetTeamMembers, useTeam, useUpdateTeam } from '../api.ts';
import { TeamFormModal } from '../components/team-form-modal.tsx';
import { TeamLogoField } from '../components/team-logo-field.tsx';
import { kindLabel, kindTextColour } from './teams-page.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { RecruitmentsSection } from '../../../components/recruitments-section.tsx';

const STATUS_LABEL: Record<string, string> = { draft: 'Draft', open: 'Open', closed: 'Closed' };

/** /teams/{team}: a team or client with its contact, hiring team and job roles. */
export function TeamPage() {
  const id = useParams().team ?? '';
  const team = useTeam(id);

  if (team.isPending) return <Loader aria-label="Loading team" />;
  if (team.isError) {
    return (
      <LoadFailure
        heading="Team"
        icon={<IconUsersGroup size={28} aria-hidden />}
        error={team.error}
        missing={{ title: 'No such team', description: 'This team or client does not exist, or it was deleted.' }}
        failedTitle="The team could not be loaded"
        back={{ to: '/teams', label: 'Back to teams' }}
      />
    );
  }
  return <TeamDetails team={team.data} />;
}

function TeamDetails({ team }: { team: TeamDetail }) {
  const canManage = useCanManageTeams();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateTeam(team.id);
  const remove = useDeleteTeam(team.id);
  const { currentOrganisation } = useAuth();
  const canStartRecruitment = currentOrganisation?.permissions.includes('recruitments.manage') ?? false;

  async function confirmDelete() {
    await remove.mutateAsync();
    toastSuccess(`${team.name} was deleted.`);
    void navigate('/teams');
  }

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} to="/teams" size="sm">
          ← Teams
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            {team.logo_url ? <Avatar src={team.logo_url} alt="" size={40} radius="md" /> : null}
            <Title order={1}>{team.name}</Title>
            <Badge variant="light" color={team.kind === 'client' ? 'grape' : 'indigo'} c={kindTextColour(team.kind)}>
              {kindLabel(team.kind)}
            </Badge>
          </Group>
          {canManage ? (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </Group>
          ) : null}
        </Group>
        {team.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{team.description}</Text> : null}
        <Contact team={team} />
        {canManage ? <TeamLogoField team={team} canManage={canManage} /> : null}
      </Stack>

      <HiringTeam team={team} canManage={canManage} />

      <Stack gap="sm" component="section" aria-labelledby="team-roles">
        <Title order={2} id="team-roles" size="h3">
          Job roles
        </Title>
        {team.roles.length === 0 ? (
          <Text size="sm" c="dimmed">
            No job roles for this {team.kind} yet.
          </Text>
        ) : (
          <List spacing="xs">
            {team.roles.map((role) => (
              <List.Item key={role.id}>
                <Group gap="xs">
                  <Anchor component={Link} to={`/roles/${role.id}`}>
                    {role.name}
                  </Anchor>
                  <Badge size="sm" variant="outline" color="gray" c="gray">
                    {STATUS_LABEL[role.status] ?? role.status}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>

      <RecruitmentsSection
        organisationId={currentOrganisation?.id ?? ''}
        filter={{ team: team.id }}
        startHref={canStartRecruitment && team.roles.some((role) => role.status !== 'closed') ? '/recruitment?new=1' : null}
        emptyText={`No recruitments for this ${team.kind} yet.`}
      />

      {canManage ? (
        <>
          <TeamFormModal
            key={editing ? `edit-${team.updated_at}` : 'closed'}
            opened={editing}
            title={`Edit ${team.name}`}
            submitLabel="Save"
            initial={team}
            onClose={() => setEditing(false)}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              toastSuccess('Saved.');
            }}
          />
          <ConfirmModal
            subject={
              deleting
                ? {
                    title: `Delete ${team.name}?`,
                    message: 'Its job roles stay, without a team. Its hiring team is removed. This cannot be undone.',
                    confirmLabel: 'Delete',
                  }
                : null
            }
            pending={remove.isPending}
            failedTitle="The team was not deleted"
            onConfirm={confirmDelete}
            onClose={() => setDeleting(false)}
          />
        </>
      ) : null}
    </Stack>
  );
}

function Contact({ team }: { team: TeamDetail }) {
  if (!team.contact_name && !team.contact_email && !team.contact_phone) {
    return (
      <Text size="sm" c="dimmed">
        No contact person.
      </Text>
    );
  }
  return (
    <Group gap="lg" aria-label="Contact person">
      {team.contact_name ? <Text size="sm">Contact: {team.contact_name}</Text> : null}
      {team.contact_email ? (
        <Anchor size="sm" href={`mailto:${team.contact_email}`}>
          {team.contact_email}
        </Anchor>
      ) : null}
      {team.contact_phone ? (
        <Anchor size="sm" href={`tel:${team.contact_phone.replace(/\s+/g, '')}`}>
          {team.contact_phone}
        </Anchor>
      ) : null}
    </Group>
  );
}

function HiringTeam({ team, canManage }: { team: TeamDetail; canManage: boolean }) {
  const setMembers = useSetTeamMembers(team.id);
  const users = useMembers(canManage);
  const current = team.members.map((m) => m.id);
  const [selected, setSelected] = useState<string[] | null>(null);
  const value = selected ?? current;
  const changed = selected !== null && (selected.length !== current.length || selected.some((id) => !current.includes(id)));

  // Members already on the team stay selectable even before the options load.
  const options = new Map(team.members.map((m) => [m.id, m.name]));
  for (const u of users.data ?? []) options.set(u.id, u.name);

  async function save() {
    try {
      await setMembers.mutateAsync(value);
      setSelected(null);
      toastSuccess('Hiring team saved.');
    } catch (error) {
      toastError(error);
    }
  }
  const saving = useSubmitOnce(save, setMembers.isPending);

  return (
    <Stack gap="sm" component="section" aria-labelledby="team-hiring-team">
      <Title order={2} id="team-hiring-team" size="h3">
        Hiring team
      </Title>
      {team.members.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one is on the hiring team yet.
        </Text>
      ) : (
        <List spacing="xs" aria-label="Hiring team members">
          {team.members.map((m) => (
            <List.Item key={m.id}>
              {m.name}
              {m.email ? (
                <Text span size="sm" c="dimmed">
                  {' '}
                  · {m.email}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      )}
      {canManage ? (
        <Group align="flex-end">
          <MultiSelect
            label="Members of the hiring team"
            placeholder={value.length === 0 ? 'Choose colleagues' : undefined}
            data={[...options].map(([id, name]) => ({ value: id, label: name }))}
            value={value}
            onChange={setSelected}
            searchable
            nothingFoundMessage="No member matches"
            w={420}
          />
          <Button onClick={() => void saving.run()} disabled={!changed} loading={saving.busy}>
            Save hiring team
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
