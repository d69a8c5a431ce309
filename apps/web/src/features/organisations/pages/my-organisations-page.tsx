import { Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { OrganisationSummary } from '@hireloop/contract/auth';
import type { InvitationPreview } from '@hireloop/contract/invitations';
import { IconCheck, IconDoorExit, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { roleLabel } from '../../session/role-label.ts';
import { useSessionActions } from '../../session/session-actions.ts';
import { useAcceptMyInvitation, useDeclineMyInvitation, useLeaveOrganisation, useMyInvitations } from '../api.ts';
import { CREATE_ORGANISATION_PATH } from '../components/organisation-switcher.tsx';

/**
 * /settings/my-organisations: every membership with its role; switch the current organisation,
 * leave one (not as its last owner), create another, and answer pending invitations.
 */
export function MyOrganisationsPage() {
  const { organisations, currentOrganisation } = useAuth();
  const { switchOrganisation } = useSessionActions();
  const [switching, setSwitching] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<OrganisationSummary | null>(null);

  // One switch at a time; `switching` only says which row shows the spinner.
  const switcher = useSubmitOnce(async (id: string, name: string) => {
    setSwitching(id);
    try {
      await switchOrganisation(id);
      toastSuccess(`Switched to ${name}`);
    } catch (error) {
      toastError(error);
    } finally {
      setSwitching(null);
    }
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>My Organisations and Memberships</Title>
        <Button component={Link} to={CREATE_ORGANISATION_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
          Create organisation
        </Button>
      </Group>

      <PendingInvitations />

      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="my-memberships">
        <Stack gap="md">
          <Title order={2} size="h4" id="my-memberships">
            Memberships
          </Title>
          {organisations.length === 0 ? (
            <Text size="sm">You do not belong to any organisation yet. Create one to start hiring, or accept an invitation.</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" aria-label="Memberships">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Organisation</Table.Th>
                    <Table.Th scope="col">Your role</Table.Th>
                    <Table.Th scope="col">Trial</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {organisations.map((organisation) => {
                    const current = organisation.id === currentOrganisation?.id;
                    return (
                      <Table.Tr key={organisation.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {organisation.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {organisation.slug}
                          </Text>
                        </Table.Td>
                        <Table.Td>{roleLabel(organisation.role)}</Table.Td>
                        <Table.Td>{organisation.trail_ends_at ? `Until ${formatDate(organisation.trail_ends_at)}` : '—'}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {current ? (
                              <Badge variant="filled" color="teal.9">
                                Current
                              </Badge>
                            ) : (
                              <Button
                                size="xs"
                                variant="default"
                                loading={switching === organisation.id}
                                disabled={switcher.busy}
                                onClick={() => void switcher.run(organisation.id, organisation.name)}
                                aria-label={`Switch to ${organisation.name}`}
                              >
                                Switch
                              </Button>
                            )}
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              leftSection={<IconDoorExit size={14} aria-hidden />}
                              onClick={() => setLeaving(organisation)}
                              aria-label={`Leave ${organisation.name}`}
                            >
                              Leave
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      <LeaveModal organisation={leaving} onClose={() => setLeaving(null)} />
    </Stack>
  );
}

/** Asks before leaving; the server's refusal (the last owner) shows here, in the modal. */
function LeaveModal({ organisation, onClose }: { organisation: OrganisationSummary | null; onClose: () => void }) {
  const leave = useLeaveOrganisation();

  async function confirm() {
    if (!organisation) return;
    await leave.mutateAsync(organisation.id);
    toastSuccess(`You left ${organisation.name}.`);
  }

  return (
    <ConfirmModal
      subject={
        organisation
          ? {
              title: `Leave ${organisation.name}?`,
              message: `You lose access to ${organisation.name} at once. To come back, someone there has to invite you again.`,
              confirmLabel: 'Leave organisation',
            }
          : null
      }
      pending={leave.isPending}
      failedTitle="You cannot leave yet"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

/** Invitations to the user's email that wait for an answer; nothing is shown when there are none. */
function PendingInvitations() {
  const invitations = useMyInvitations();
  const accept = useAcceptMyInvitation();
  const decline = useDeclineMyInvitation();
  const list = invitations.data?.data ?? [];

  async function answer(invitation: InvitationPreview, yes: boolean) {
    try {
      if (yes) {
        await accept.mutateAsync(invitation.id);
        toastSuccess(`You joined ${invitation.organisation.name}. It is now your current organisation.`);
      } else {
        await decline.mutateAsync(invitation.id);
        toastSuccess(`You declined the invitation to ${invitation.organisation.name}.`);
      }
    } catch (error) {
      toastError(error);
    }
  }
  // One answer at a time, to any of the invitations: a double click sends one request.
  const answering = useSubmitOnce(answer, accept.isPending || decline.isPending);

  if (list.length === 0) return null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="my-invitations">
      <Stack gap="md">
        <Title order={2} size="h4" id="my-invitations">
          Pending invitations
        </Title>
        {list.map((invitation) => (
          <Group key={invitation.id} justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {invitation.organisation.name}
              </Text>
              <Text size="xs" c="dimmed">
                {invitation.inviter_name ? `${invitation.inviter_name} invited you` : 'You are invited'} as {roleLabel(invitation.role)} ·
                valid until {formatDate(invitation.expires_at)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={accept.isPending && accept.variables === invitation.id}
                disabled={answering.busy}
                onClick={() => void answering.run(invitation, true)}
                aria-label={`Accept the invitation to ${invitation.organisation.name}`}
              >
                Accept
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} aria-hidden />}
                loading={decline.isPending && decline.variables === invitation.id}
                disabled={answering.busy}
                onClick={() => void answering.run(invitation, false)}
                aria-label={`Decline the invitation to ${invitation.organisation.name}`}
              >
                Decline
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
