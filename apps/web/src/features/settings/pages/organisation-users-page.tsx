import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../session/auth-store.ts';
import { InvitationsSection } from '../members/invitations-section.tsx';
import { InviteModal } from '../members/invite-modal.tsx';
import { MembersSection } from '../members/members-section.tsx';

/**
 * /settings/organisation-users: members paged and searchable; with `members.manage`, role changes,
 * removal, invitations by email (resend, revoke). Without it, the list only.
 */
export function OrganisationUsersPage() {
  const { currentOrganisation, user } = useAuth();
  const [inviting, setInviting] = useState(false);
  if (!currentOrganisation || !user) return null;
  const canManage = currentOrganisation.permissions.includes('members.manage');
  // Who is asking, as the contract's policies see them (packages/contract/src/policies/actor.ts).
  const actor = { kind: 'user', userId: user.id, role: currentOrganisation.role } as const;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Organisation Users</Title>
          <Text c="dimmed" size="sm">
            The people of {currentOrganisation.name}.
          </Text>
        </Stack>
        {canManage ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite
          </Button>
        ) : null}
      </Group>
      <MembersSection canManage={canManage} actor={actor} currentUserId={user.id} organisationName={currentOrganisation.name} />
      {canManage ? (
        <>
          <InvitationsSection onInvite={() => setInviting(true)} />
          <InviteModal opened={inviting} onClose={() => setInviting(false)} actor={actor} organisationName={currentOrganisation.name} />
        </>
      ) : null}
    </Stack>
  );
}
