import { Alert, Anchor, Avatar, Button, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import type { RecruitmentDetail, RecruitmentState } from '@hireloop/contract/recruitments';
import { IconLock, IconLockOpen, IconPlayerPause, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { RecruitmentStateBadge } from '../../../components/recruitment-state-badge.tsx';
import { describeError, toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { useCanManageRecruitments, useDeleteRecruitment, useUpdateRecruitment } from '../api.ts';
import { openedAgo } from '../format.ts';
import { initials } from '@hireloop/contract/initials';

const DONE: Record<RecruitmentState, string> = {
  open: 'Recruitment reopened.',
  on_hold: 'Recruitment put on hold.',
  closed: 'Recruitment closed.',
};

/** Name, role, status, owner and, for those who may manage recruitments, hold / close / reopen. */
export function RecruitmentHeader({ recruitment: r }: { recruitment: RecruitmentDetail }) {
  const canManage = useCanManageRecruitments();
  const update = useUpdateRecruitment(r.id);
  const remove = useDeleteRecruitment(r.id);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [closing, setClosing] = useState(false);
  const [reason, setReason] = useState('');

  // One change of state at a time; a refusal to close shows in the close dialog, others as a toast.
  const changing = useSubmitOnce(async (status: RecruitmentState, closeReason?: string) => {
    try {
      await update.mutateAsync({
        status,
        ...(closeReason !== undefined ? { close_reason: closeReason.trim() === '' ? null : closeReason.trim() } : {}),
      });
      toastSuccess(DONE[status]);
      setClosing(false);
      setReason('');
    } catch (e) {
      if (status !== 'closed') toastError(e);
    }
  }, update.isPending);
  const setState = (status: RecruitmentState, closeReason?: string) => void changing.run(status, closeReason);

  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1}>{r.name}</Title>
            <RecruitmentStateBadge state={r.status} />
          </Group>
          <Group gap="md">
            <Text size="sm">
              Role:{' '}
              <Anchor component={Link} to={`/roles/${r.role.id}`} size="sm">
                {r.role.name}
              </Anchor>
              {r.team ? ` · ${r.team.name}` : ''}
            </Text>
            <Group gap={6}>
              {r.owner ? (
                <Avatar size="xs" color="dark" variant="filled" aria-hidden>
                  {initials(r.owner.name)}
                </Avatar>
              ) : null}
              <Text size="sm">Owner: {r.owner?.name ?? 'none'}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {openedAgo(r.opened_at)} · {r.openings === 1 ? '1 opening' : `${r.openings} openings`}
            </Text>
          </Group>
          {r.status === 'closed' && r.close_reason ? (
            <Text size="sm" c="dimmed">
              Closed: {r.close_reason}
            </Text>
          ) : null}
        </Stack>
        {canManage ? (
          <Group gap="xs">
            {r.status === 'open' ? (
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                loading={changing.busy && update.variables?.status === 'on_hold'}
                onClick={() => setState('on_hold')}
              >
                Put on hold
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconLockOpen size={16} aria-hidden />}
                loading={changing.busy && update.variables?.status === 'open'}
                onClick={() => setState('open')}
              >
                {r.status === 'on_hold' ? 'Resume' : 'Reopen'}
              </Button>
            )}
            {r.status !== 'closed' ? (
              <Button variant="default" leftSection={<IconLock size={16} aria-hidden />} onClick={() => setClosing(true)}>
                Close recruitment
              </Button>
            ) : null}
            {r.candidates_count === 0 ? (
              // Only an empty one: a recruitment with candidates is closed, never deleted (their history stays).
              <Button variant="default" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <Modal
        opened={closing}
        onClose={() => {
          setClosing(false);
          update.reset();
        }}
        title="Close this recruitment?"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">Its candidates stay, but they cannot be moved until it is reopened.</Text>
          <Textarea
            label="Reason (optional)"
            placeholder="Position filled, budget frozen…"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
          {update.isError && update.variables?.status === 'closed' ? (
            <Alert color="red" variant="light" c="red" title="The recruitment was not closed" role="alert">
              {describeError(update.error).message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setClosing(false)} disabled={changing.busy}>
              Cancel
            </Button>
            <Button color="red.9" loading={changing.busy} onClick={() => setState('closed', reason)}>
              Close recruitment
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        subject={
          deleting
            ? {
                title: 'Delete this recruitment?',
                message: `“${r.name}” will be deleted. This cannot be undone.`,
                confirmLabel: 'Delete recruitment',
              }
            : null
        }
        pending={remove.isPending}
        failedTitle="The recruitment was not deleted"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(undefined);
          toastSuccess(`Recruitment “${r.name}” deleted.`);
          void navigate('/recruitment', { replace: true });
        }}
      />
    </Stack>
  );
}
