import { z } from 'zod';
import { MEMBER_ROLES } from './constants.ts';
import { organisationSummary } from './auth.ts';
import { paged } from './pagination.ts';

/** An accept link is valid this long after it is (re)sent. */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_TEXTS = {
  invalidEmail: 'Enter a valid email address.',
  unknownRole: `Choose one of the roles: ${MEMBER_ROLES.join(', ')}.`,
  alreadyMember: (email: string) => `${email} is already a member of this organisation.`,
  alreadyInvited: (email: string) => `${email} already has a pending invitation. Resend it instead.`,
  onlyOwnerInvitesOwner: 'Only an owner can invite another owner.',
  notPending: 'This invitation is no longer pending.',
  linkNotValid: 'This invitation link is not valid. Ask for a new invitation.',
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  used: 'This invitation has already been used.',
  declined: 'This invitation was declined.',
  revoked: 'This invitation was withdrawn by the organisation.',
  wrongEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that email address to accept it, or ask for an invitation to your own address.`,
  noVerifiedEmail: 'Your account has no verified email address, so it cannot accept an invitation.',
  alreadyMemberSelf: 'You are already a member of this organisation.',
} as const;

/** POST organisation/{id}/invitations. Email is compared case-insensitively (stored lower-case). */
export const createInvitationBody = z.object({
  email: z
    .string(INVITATION_TEXTS.invalidEmail)
    .trim()
    .toLowerCase()
    .max(254, INVITATION_TEXTS.invalidEmail)
    .pipe(z.email(INVITATION_TEXTS.invalidEmail)),
  role: z.enum(MEMBER_ROLES, INVITATION_TEXTS.unknownRole),
});
export type CreateInvitationBody = z.input<typeof createInvitationBody>;

export const invitationState = z.enum(['pending', 'expired', 'accepted', 'declined', 'revoked']);
export type InvitationState = z.infer<typeof invitationState>;

/** An invitation as the organisation's admins see it. */
export const invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  state: invitationState,
  invited_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  last_sent_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** GET organisation/{id}/invitations → { invitations: { data, meta } }: open invitations, newest first. */
export const invitationsResponse = z.object({ invitations: paged(invitation) });
export type InvitationsResponse = z.infer<typeof invitationsResponse>;
export const invitationResponse = z.object({ invitation });
export type InvitationResponse = z.infer<typeof invitationResponse>;

/**
 * What the holder of an accept link (or the invited user) sees: the organisation's name, the role,
 * who invited, the state — nothing else of the organisation.
 */
export const invitationPreview = z.object({
  id: z.string(),
  organisation: z.object({ name: z.string() }),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  inviter_name: z.string().nullable(),
  state: invitationState,
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;
export const invitationPreviewResponse = z.object({ invitation: invitationPreview });
export type InvitationPreviewResponse = z.infer<typeof invitationPreviewResponse>;

/** GET /me/invitations → pending invitations addressed to the signed-in user's email. */
export const myInvitationsResponse = z.object({ invitations: paged(invitationPreview) });
export type MyInvitationsResponse = z.infer<typeof myInvitationsResponse>;

/** Accepting returns the organisation joined; it is now the user's current organisation. */
export const acceptInvitationResponse = z.object({ organisation: organisationSummary });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponse>;
