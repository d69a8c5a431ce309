import { Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { EMPLOYMENT_TYPE_LABELS, type RoleStatus } from '@hireloop/contract/roles';
import { IconArrowLeft, IconBriefcase, IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { RoleStatusBadge } from '../../../components/role-status-badge.tsx';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { useCanManageRoles, useDeleteRole, useRole, useUpdateRole } from '../api.ts';
import { EditRoleModal } from '../components/edit-role-modal.tsx';
import { formatLocation, formatSalary } from '../role-form.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { RecruitmentsSection } from '../../../components/recruitments-section.tsx';
import { useAuth } from '../../session/auth-store.ts';
import { formatDate } from '../../../lib/dates.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** /roles/{role}: the role's details and description; edit, open or close, delete (draft or closed only). */
export function RolePage() {
  const id = useParams().role ?? '';
  const role = useRole(id);
  const canManage = useCanManageRoles();
  const update = useUpdateRole(id);
  // Opening or closing runs once however often the button is clicked.
  const statusChange = useSubmitOnce(async (status: RoleStatus) => {
    try {
      await update.mutateAsync({ status });
      toastSuccess(status === 'open' ? 'Role opened.' : 'Role closed.');
    } catch (e) {
      toastError(e);
    }
  }, update.isPending);
  const remove = useDeleteRole(id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { currentOrganisation } = useAuth();
  const canStartRecruitment = currentOrganisation?.permissions.includes('recruitments.manage') ?? false;

  if (role.isPending) return <Loader aria-label="Loading the role" />;
  if (role.isError) {
    return (
      <LoadFailure
        heading="Role"
        icon={<IconBriefcase size={28} aria-hidden />}
        error={role.error}
        missing={{ title: 'No such role', description: 'This role does not exist or was deleted.' }}
        failedTitle="The role could not be loaded"
        back={{ to: '/jobs', label: 'Back to job roles' }}
      />
    );
  }
  const r = role.data;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/jobs" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Job roles
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="sm" align="center">
          <Title order={1}>{r.name}</Title>
          <RoleStatusBadge status={r.status} />
        </Group>
        {canManage ? (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            {r.status === 'open' ? (
              <Button
                variant="default"
                leftSection={<IconLock size={16} aria-hidden />}
                loading={statusChange.busy}
                onClick={() => void statusChange.run('closed')}
              >
                Close role
              </Button>
            ) : (
              <Button
                leftSection={<IconLockOpen size={16} aria-hidden />}
                loading={statusChange.busy}
                onClick={() => void statusChange.run('open')}
              >
                Open role
              </Button>
            )}
            {r.status !== 'open' ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirmingDelete(true)}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="dl" m={0}>
          <Fact label="Team">{r.team?.name ?? 'No team'}</Fact>
          <Fact label="Experience level">{r.level?.name ?? 'No level'}</Fact>
          <Fact label="Location">{formatLocation(r)}</Fact>
          <Fact label="Employment type">{EMPLOYMENT_TYPE_LABELS[r.employment_type]}</Fact>
          <Fact label="Salary">{formatSalary(r)}</Fact>
          <Fact label="Last changed">{formatDate(r.updated_at)}</Fact>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs">
        <Title order={2}>Description</Title>
        {r.description_html ? (
          <Typography>
            {/* Sanitised on the server (an allow-list of tags, no scripts, handlers or javascript: links). */}
            <div dangerouslySetInnerHTML={{ __html: r.description_html }} />
          </Typography>
        ) : (
          <Text c="dimmed">No description yet.</Text>
        )}
      </Stack>
      <RecruitmentsSection
        organisationId={currentOrganisation?.id ?? ''}
        filter={{ role: r.id }}
        startHref={canStartRecruitment && r.status !== 'closed' ? `/recruitment?new=1&role=${encodeURIComponent(r.id)}` : null}
        emptyText="No recruitments for this role yet."
      />
      <EditRoleModal role={r} opened={editing} onClose={() => setEditing(false)} />
      <ConfirmModal
        subject={
          confirmingDelete
            ? { title: 'Delete this role?', message: `“${r.name}” will be deleted. This cannot be undone.`, confirmLabel: 'Delete role' }
            : null
        }
        pending={remove.isPending}
        failedTitle="The role was not deleted"
        onClose={() => setConfirmingDelete(false)}
        onConfirm={async () => {
          await remove.mutateAsync(undefined);
          toastSuccess(`Role “${r.name}” deleted.`);
          void navigate('/jobs', { replace: true });
        }}
      />
    </Stack>
  );
}
