import type { MemberRole } from '../constants.ts';
import { OFFER_EDITABLE_STATUSES, OFFER_TEXTS, OFFER_WITHDRAWABLE_STATUSES, type OfferPolicies, type OfferStatus } from '../offers.ts';
import { can } from '../permissions.ts';
import { actorMay, memberIdOf, type PolicyActor } from './actor.ts';

/**
 * Who may see an offer and act on it. The server enforces these
 * (apps/server/src/features/offers/service.ts) and sends each offer's answers for the caller as
 * `offer.policies`; the web shows its buttons from those (offer-drawer.tsx, offers-tab.tsx).
 */

/** What the policies need of an offer: its status and its approvals in approval order. */
export type OfferFacts = {
  status: string;
  approvals: ReadonlyArray<{ approverId: string; decision: string }>;
};

/**
 * Who may see an offer, its approvals (with their comments) and its letter: whoever may call
 * GET /offers/{id}, i.e. has `offers.view` (403 otherwise). There is no per-offer rule beyond it.
 */
export const mayViewOffers = (actor: PolicyActor): boolean => actorMay(actor, 'offers.view');

/** Whether a member with this role can be an approver (permission `offers.approve`). */
export const roleMayApproveOffers = (role: MemberRole | null): boolean => role !== null && can(role, 'offers.approve');

/** The approver whose decision is awaited: the first who has not approved, while the offer is pending approval. */
export function currentApproverOf<A extends OfferFacts['approvals'][number]>(offer: { status: string; approvals: readonly A[] }): A | null {
  if (offer.status !== 'pending_approval') return null;
  return offer.approvals.find((a) => a.decision !== 'approved') ?? null;
}

/**
 * Which statuses each manager action is open in; the server refuses the others with 409 and the
 * action's text (`OFFER_STATUS_REFUSALS`).
 */
const OPEN_IN: Record<'update' | 'submit' | 'send' | 'withdraw', readonly OfferStatus[]> = {
  update: OFFER_EDITABLE_STATUSES,
  submit: ['draft'],
  send: ['approved'],
  withdraw: OFFER_WITHDRAWABLE_STATUSES,
};
export type OfferManagerAction = keyof typeof OPEN_IN;

/** Whether the offer's status allows the manager action (else 409). */
export const offerStatusAllows = (action: OfferManagerAction, status: string): boolean =>
  (OPEN_IN[action] as readonly string[]).includes(status);

/** Why an action is refused in the offer's status (409). */
export const OFFER_STATUS_REFUSALS: Record<OfferManagerAction, string> = {
  update: OFFER_TEXTS.notEditable,
  submit: OFFER_TEXTS.notDraft,
  send: OFFER_TEXTS.notApproved,
  withdraw: OFFER_TEXTS.notWithdrawable,
};

/** Change, submit, send or withdraw: with `offers.manage`, in a status that allows it. */
export const mayManageOffer = (actor: PolicyActor, offer: Pick<OfferFacts, 'status'>, action: OfferManagerAction): boolean =>
  actorMay(actor, 'offers.manage') && offerStatusAllows(action, offer.status);

/** Approve or reject: only the approver whose turn it is (signed in; `offers.approve`). Refused with 403 (`OFFER_TEXTS.notYourTurn`). */
export function mayDecideOffer(actor: PolicyActor, offer: OfferFacts): boolean {
  const me = memberIdOf(actor);
  return me !== null && actorMay(actor, 'offers.approve') && currentApproverOf(offer)?.approverId === me;
}

/** The offer's actions this caller may take (`offer.policies` in every offer the API returns). */
export const offerPolicies = (actor: PolicyActor, offer: OfferFacts): OfferPolicies => ({
  update: mayManageOffer(actor, offer, 'update'),
  submit: mayManageOffer(actor, offer, 'submit'),
  send: mayManageOffer(actor, offer, 'send'),
  withdraw: mayManageOffer(actor, offer, 'withdraw'),
  decide: mayDecideOffer(actor, offer),
});
