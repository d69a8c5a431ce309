import type { MemberRole } from '../constants.ts';
import { MEMBER_TEXTS } from '../members.ts';
import type { MemberPolicies } from '../users.ts';
import { actorMay, isOwner, type PolicyActor } from './actor.ts';

/**
 * Who may remove a member or change their role. The server enforces these
 * (apps/server/src/features/members/service.ts) and sends each member's answers for the caller as
 * `user.policies`; the web shows its controls from those. Both need `members.manage` (owners and
 * admins, never an API key); only an owner touches an owner.
 *
 * These answer "may this caller", not "would it succeed now": an organisation keeps at least one
 * owner, so removing or demoting the last one is refused with 422 and its reason
 * (`MEMBER_TEXTS.lastOwnerRemove`, `lastOwnerDemote`) by the service, which counts the owners.
 */

/** What the policies need of a member: their role now. */
export type MemberFacts = { role: MemberRole };

/** Remove: with `members.manage`; an owner only by an owner. */
export function mayRemoveMember(actor: PolicyActor, member: MemberFacts): boolean {
  return actorMay(actor, 'members.manage') && (member.role !== 'owner' || isOwner(actor));
}

/**
 * Whether the caller may hand out `role`, by an invitation or a role change: only an owner grants
 * the owner role. The server refuses the rest (members and invitations services); the web offers
 * the others only (apps/web/src/features/settings/members/role-options.ts).
 */
export const mayGrantRole = (actor: PolicyActor, role: MemberRole): boolean => role !== 'owner' || isOwner(actor);

/**
 * Change the role: with `members.manage`; an owner's only by an owner. With `to`, also whether the
 * caller may hand out that role (`mayGrantRole`).
 */
export function mayChangeMemberRole(actor: PolicyActor, member: MemberFacts, to?: MemberRole): boolean {
  if (!actorMay(actor, 'members.manage')) return false;
  return (member.role !== 'owner' || isOwner(actor)) && (to === undefined || mayGrantRole(actor, to));
}

/** Why a removal or role change of a member with `members.manage` is refused (403). */
export const MEMBER_REFUSALS = {
  remove: MEMBER_TEXTS.onlyOwnerRemovesOwner,
  change_role: MEMBER_TEXTS.onlyOwnerChangesOwner,
} as const;

/** The member's actions this caller may take (`user.policies` in every member the API returns). */
export const memberPolicies = (actor: PolicyActor, member: MemberFacts): MemberPolicies => ({
  remove: mayRemoveMember(actor, member),
  change_role: mayChangeMemberRole(actor, member),
});
