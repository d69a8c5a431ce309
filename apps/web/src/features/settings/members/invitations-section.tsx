import { Badge, Button, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Invitation } from '@hireloop/contract/invitations';
import { IconMailForward, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { roleLabel } from '../../session/role-label.ts';
import { useInvitationsPage, useResendInvitation, useRevokeInvitation } from '../members-api.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';

/** Open invitations with resend and revoke; shown only to those who may manage members. */
export function InvitationsSection({ onInvite }: { onInvite: () => void }) {
  const [page, setPage] = useState(1);
  const invitations = useInvitationsPage(page, true);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  async function resendTo(invitation: Invitation) {
    try {
      await resend.mutateAsync(invitation.id);
      toastSuccess(`A new link was sent to ${invitation.email}.`);
    } catch (error) {
      toastError(error);
    }
  }

  // One resend at a time: the other rows' buttons wait, so a click on them is not silently dropped.
  const resending = useSubmitOnce(resendTo, resend.isPending);

  async function confirmRevoke() {
    if (!revoking) return;
    await revoke.mutateAsync(revoking.id);
    toastSuccess(`The invitation to ${revoking.email} was revoked.`);
  }

  const data = invitations.data;
  const lastPage = data?.meta.last_page ?? 1;
  return (
    <Section
      id="settings-invitations"
      title="Pending invitations"
      description="People invited by email who have not joined yet. A link is valid for 7 days; resending makes a new one."
    >
      {invitations.isPending ? (
        <SectionSkeleton rows={2} />
      ) : invitations.isError ? (
        <SectionError error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : data && data.data.length === 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            No pending invitations.
          </Text>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onInvite}>
            Invite someone
          </Button>
        </Group>
      ) : data ? (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label="Pending invitations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Invited by</Table.Th>
                  <Table.Th scope="col">Link valid until</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((invitation) => (
                  <Table.Tr key={invitation.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {invitation.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{roleLabel(invitation.role)}</Table.Td>
                    <Table.Td>{invitation.invited_by?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      {invitation.state === 'expired' ? (
                        <Badge variant="filled" color="orange.9">
                          Expired
                        </Badge>
                      ) : (
                        formatDate(invitation.expires_at)
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconMailForward size={14} aria-hidden />}
                          loading={resend.isPending && resend.variables === invitation.id}
                          disabled={resending.busy}
                          onClick={() => void resending.run(invitation)}
                          aria-label={`Resend the invitation to ${invitation.email}`}
                        >
                          Resend
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconX size={14} aria-hidden />}
                          onClick={() => setRevoking(invitation)}
                          aria-label={`Revoke the invitation to ${invitation.email}`}
                        >
                          Revoke
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lastPage > 1 ? (
            <Pagination
              total={lastPage}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page of invitations` })}
              getItemProps={(n) => ({ 'aria-label': `Invitations page ${n} of ${lastPage}` })}
              size="sm"
            />
          ) : null}
        </Stack>
      ) : null}
      <ConfirmModal
        subject={
          revoking
            ? {
                title: `Revoke the invitation to ${revoking.email}?`,
                message: 'The link in their mail stops working at once. You can invite them again later.',
                confirmLabel: 'Revoke invitation',
              }
            : null
        }
        pending={revoke.isPending}
        failedTitle="The invitation was not revoked"
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Section>
  );
}
