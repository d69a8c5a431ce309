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

/**
 * What a member's removal handed over (DELETE organisation/{id}/users/{user}), for the one who
 * removed them. Nothing of the organisation reaches someone who is no longer its member
 * (docs/security.md, "Removing a member"), so work waiting on them moves on:
 * - each approval step of theirs still to be given on an offer in draft or waiting for approval
 *   passes to `to`, the one who removed them (`reassigned`), or is dropped when `to` is in that
 *   chain already (`dropped`: `to` approves there, again if they had approved before);
 * - each open onboarding task of theirs is unassigned (a manager gives it a new owner).
 * Each is noted on the candidate's timeline. `url`: the offer's or the hire's page.
 */
export const memberRemoval = z.object({
  offer_approvals: z.array(
    z.object({
      offer_id: z.string(),
      candidate_name: z.string(),
      url: z.string(),
      outcome: z.enum(['reassigned', 'dropped']),
      to: z.object({ id: z.string(), name: z.string() }),
    }),
  ),
  onboarding_tasks: z.array(
    z.object({
      task_id: z.string(),
      title: z.string(),
      candidate_name: z.string(),
      url: z.string(),
    }),
  ),
});
export type MemberRemoval = z.infer<typeof memberRemoval>;

/** DELETE organisation/{id}/users/{user} → 200 { removal } (was 204 with no body: a client that takes any 2xx for success still works). */
export const memberRemovalResponse = z.object({ removal: memberRemoval });
export type MemberRemovalResponse = z.infer<typeof memberRemovalResponse>;

/** The removal's message to the one who removed them (the web's toast). */
export function removalSummary(name: string, removal: MemberRemoval): string | null {
  const parts: string[] = [];
  const passed = removal.offer_approvals.length;
  const tasks = removal.onboarding_tasks.length;
  const to = removal.offer_approvals[0]?.to.name;
  if (passed > 0) parts.push(`${passed === 1 ? 'their approval of 1 offer passes' : `their approvals of ${passed} offers pass`} to ${to}`);
  if (tasks > 0) parts.push(`${tasks === 1 ? '1 onboarding task of theirs is' : `${tasks} onboarding tasks of theirs are`} now unassigned`);
  return parts.length > 0 ? `${name}: ${parts.join('; ')}.` : null;
}
