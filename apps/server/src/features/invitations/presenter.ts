import type { Invitation, InvitationPreview, InvitationState } from '@hireloop/contract/invitations';
import type { InvitationDetails, InvitationRow } from './repository.ts';

export function stateOf(i: InvitationRow, now: Date = new Date()): InvitationState {
  if (i.acceptedAt) return 'accepted';
  if (i.declinedAt) return 'declined';
  if (i.revokedAt) return 'revoked';
  return i.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** For the organisation's admins. The token hash never leaves the server. */
export const presentInvitation = (i: InvitationDetails): Invitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  state: stateOf(i),
  invited_by: i.invitedBy && i.inviterName ? { id: i.invitedBy, name: i.inviterName } : null,
  created_at: i.createdAt.toISOString(),
  last_sent_at: i.lastSentAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
});

/** For the invitee: the organisation's name, the role, who invited, the state; nothing more. */
export const presentPreview = (i: InvitationDetails): InvitationPreview => ({
  id: i.id,
  organisation: { name: i.organisationName },
  email: i.email,
  role: i.role,
  inviter_name: i.inviterName,
  state: stateOf(i),
  expires_at: i.expiresAt.toISOString(),
});
