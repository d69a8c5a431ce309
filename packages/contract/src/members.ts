import { z } from 'zod';
import { MEMBER_ROLES } from './constants.ts';
import { organisationUser } from './users.ts';

export const MEMBER_TEXTS = {
  unknownRole: `Choose one of the roles: ${MEMBER_ROLES.join(', ')}.`,
  onlyOwnerChangesOwner: 'Only an owner can grant or remove the owner role.',
  onlyOwnerRemovesOwner: 'Only an owner can remove another owner.',
  lastOwnerDemote: 'An organisation needs at least one owner. Make another member an owner first.',
  lastOwnerRemove: 'The last owner cannot be removed. Make another member an owner first.',
  lastOwnerLeave: (organisation: string) =>
    `You are the last owner of ${organisation}. Make another member an owner before you leave, or delete the organisation.`,
} as const;

/** PATCH organisation/{id}/users/{user}. */
export const updateMemberBody = z.object({ role: z.enum(MEMBER_ROLES, MEMBER_TEXTS.unknownRole) });
export type UpdateMemberBody = z.input<typeof updateMemberBody>;

export const memberResponse = z.object({ user: organisationUser });
export type MemberResponse = z.infer<typeof memberResponse>;
