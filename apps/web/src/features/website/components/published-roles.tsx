import { Anchor, Button, EmptyState, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { EMPLOYMENT_TYPE_LABELS, LOCATION_TYPE_LABELS } from '@hireloop/contract/roles';
import type { WebsiteRole } from '@hireloop/contract/website';
import { IconAlertCircle, IconBriefcase, IconCircleCheck, IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RoleStatusBadge } from '../../../components/role-status-badge.tsx';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useCan } from '../../session/permissions.ts';
import { useUpdateWebsiteRole } from '../api.ts';
import { QuestionsModal } from './questions-modal.tsx';

/** Whether a role is on the careers site now and, when not, why. */
function LiveIndicator({ role }: { role: WebsiteRole }) {
  if (role.live) {
    return (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-text)" aria-hidden />
        <Text size="sm" fw={500}>
          Live
        </Text>
      </Group>
    );
  }
  if (!role.published) {
    return (
      <Text size="sm" c="dimmed">
        Not published
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconAlertCircle size={18} color="var(--mantine-color-orange-text)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">{role.not_live_reason ?? 'Not live.'}</Text>
    </Group>
  );
}

const questionsLabel = (n: number) => (n === 0 ? 'Add questions' : `${n} ${n === 1 ? 'question' : 'questions'}`);

function place(role: WebsiteRole): string {
  const where = LOCATION_TYPE_LABELS[role.location_type];
  return [role.location ? `${where}, ${role.location}` : where, EMPLOYMENT_TYPE_LABELS[role.employment_type]].join(' · ');
}

/** A role's "published" switch: one change at a time for this role, while other rows stay free. */
function PublishSwitch({ role, canManage }: { role: WebsiteRole; canManage: boolean }) {
  const update = useUpdateWebsiteRole();
  const publishing = useSubmitOnce(async (published: boolean) => {
    try {
      const saved = await update.mutateAsync({ roleId: role.id, body: { published } });
      if (!published) toastSuccess(`${saved.name} is no longer on the careers site.`);
      else if (saved.live) toastSuccess(`${saved.name} is published and live on the careers site.`);
      else toastSuccess(`${saved.name} is published. ${saved.not_live_reason ?? ''}`.trim());
    } catch (error) {
      toastError(error);
    }
  }, update.isPending);
  return (
    <Switch
      aria-label={`Publish ${role.name} on the careers site`}
      checked={role.published}
      disabled={!canManage || publishing.busy}
      onChange={(e) => void publishing.run(e.currentTarget.checked)}
    />
  );
}

/** The organisation's roles: which are published on the careers site, whether they are live, and their own questions. */
export function PublishedRoles({ roles, canManage }: { roles: WebsiteRole[]; canManage: boolean }) {
  const canCreateRoles = useCan()('roles.manage');
  const [editing, setEditing] = useState<string | null>(null);
  const editingRole = roles.find((r) => r.id === editing) ?? null;

  if (roles.length === 0) {
    return (
      <Stack align="center" gap="sm">
        <EmptyState
          icon={<IconBriefcase size={28} aria-hidden />}
          withIndicatorBackground
          title="No job roles yet"
          description={
            canCreateRoles
              ? 'Create a job role and open a recruitment for it; then publish it here to take applications on your careers site.'
              : 'Once a colleague creates a job role, it can be published here to take applications on your careers site.'
          }
        />
        {canCreateRoles ? (
          <Anchor component={Link} to="/jobs">
            Go to job roles
          </Anchor>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <Table.ScrollContainer minWidth={880}>
        <Table striped verticalSpacing="sm" aria-labelledby="website-roles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">Team</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Published</Table.Th>
              <Table.Th scope="col">On the site</Table.Th>
              <Table.Th scope="col">Application questions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.map((role) => (
              <Table.Tr key={role.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/roles/${encodeURIComponent(role.id)}`} fw={500}>
                      {role.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {place(role)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={role.team ? undefined : 'dimmed'}>
                    {role.team?.name ?? 'No team'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RoleStatusBadge status={role.status} />
                </Table.Td>
                <Table.Td>
                  <PublishSwitch role={role} canManage={canManage} />
                </Table.Td>
                <Table.Td maw={280}>
                  <LiveIndicator role={role} />
                </Table.Td>
                <Table.Td>
                  {role.questions.length === 0 && !canManage ? (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconMessageQuestion size={14} aria-hidden />}
                      onClick={() => setEditing(role.id)}
                      // Starts with the visible text, so speech input finds it by what it shows.
                      aria-label={`${questionsLabel(role.questions.length)} for ${role.name}`}
                    >
                      {questionsLabel(role.questions.length)}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <QuestionsModal role={editingRole} canManage={canManage} onClose={() => setEditing(null)} />
    </>
  );
}
