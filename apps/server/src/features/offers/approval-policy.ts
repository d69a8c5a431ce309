import { MEMBER_ROLE_LABELS, type MemberRole } from '@hireloop/contract/constants';
import { OFFER_APPROVAL_TEXTS } from '@hireloop/contract/errors';
import { OFFER_APPROVERS_MAX } from '@hireloop/contract/offers';
import { roleAtLeast, type OfferApprovalSetting } from '@hireloop/contract/organisation-settings';
import { roleMayApproveOffers } from '@hireloop/contract/policies/offers';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { approvalPolicyOf, usersWithRoleIn, type OfferApprovalPolicy } from './repository.ts';

/** Each user, in the order given, with their name and their role here (null: not a member). */
export async function peopleOf(db: Db, organisationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await usersWithRoleIn(db, organisationId, userIds);
  return userIds.map((id) => {
    const row = rows.find((r) => r.id === id);
    return { id, name: row?.name ?? 'A deleted user', role: (row?.role ?? null) as MemberRole | null };
  });
}

const canApprove = roleMayApproveOffers;

/** The setting as Organisation Settings shows it: the named people with their names and whether they can still approve. */
export async function presentApprovalPolicy(
  db: Db,
  organisationId: string,
  policy: OfferApprovalPolicy | null,
): Promise<OfferApprovalSetting | null> {
  if (!policy) return null;
  if (policy.kind === 'role') return { kind: 'role', role: policy.role as Extract<OfferApprovalSetting, { kind: 'role' }>['role'] };
  const people = await peopleOf(db, organisationId, policy.user_ids);
  return { kind: 'people', people: people.map((p) => ({ id: p.id, name: p.name, can_approve: canApprove(p.role) })) };
}

/** Whether each named person is a member who can approve offers (for saving the setting). */
export async function allCanApprove(db: Db, organisationId: string, userIds: string[]) {
  return (await peopleOf(db, organisationId, userIds)).every((p) => canApprove(p.role));
}

const refuse = (message: string) => validationFailed({ approver_ids: [message] }, message);

export type PolicyCheck = {
  /** The user submitting (or re-submitting by an edit); under the role rule they do not count. */
  submitterId: string | null;
  /** A list of approvers sent by the caller: leaving out a named person is refused, not repaired. */
  refuseMissing: boolean;
  /** The offer goes to approval now: the role rule must hold. */
  checkRole: boolean;
};

/**
 * The approval chain the organisation's setting requires, from the chain the caller wants.
 * Named people are attached after the caller's other approvers, in the setting's order (so they
 * are always the last to approve); the role rule is checked, never guessed. Throws 422 naming what
 * is missing. Without a setting the chain is returned as it is.
 */
export async function requiredChain(db: Db, organisationId: string, chain: string[], check: PolicyCheck): Promise<string[]> {
  const policy = await approvalPolicyOf(db, organisationId);
  if (!policy) return chain;
  if (policy.kind === 'people') {
    const people = await peopleOf(db, organisationId, policy.user_ids);
    const unavailable = people.filter((p) => !canApprove(p.role));
    if (unavailable.length > 0) throw refuse(OFFER_APPROVAL_TEXTS.peopleUnavailable(unavailable.map((p) => p.name)));
    const missing = people.filter((p) => !chain.includes(p.id));
    if (check.refuseMissing && missing.length > 0) throw refuse(OFFER_APPROVAL_TEXTS.peopleRequired(missing.map((p) => p.name)));
    const next = [...chain.filter((id) => !policy.user_ids.includes(id)), ...policy.user_ids];
    if (next.length > OFFER_APPROVERS_MAX) throw refuse(OFFER_APPROVAL_TEXTS.tooManyApprovers(OFFER_APPROVERS_MAX));
    return next;
  }
  if (check.checkRole) {
    const required = policy.role as MemberRole;
    const people = await peopleOf(db, organisationId, chain);
    const satisfied = people.some((p) => p.id !== check.submitterId && p.role !== null && roleAtLeast(p.role, required));
    if (!satisfied) throw refuse(OFFER_APPROVAL_TEXTS.roleRequired(MEMBER_ROLE_LABELS[required]));
  }
  return chain;
}
