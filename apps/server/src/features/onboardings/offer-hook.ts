import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { candidateById } from '../candidates/service.ts';
import { enterOnboarding, issueNewHireLink } from './enter.ts';
import { subscribedToOnboarding } from './product-gate.ts';
import {
  findHireOf,
  findOrganisation,
  findRole,
  hiringManagerOf,
  onboardingOfRole,
  roleIdOfRecruitment,
  type HireRow,
} from './repository.ts';

export type AcceptedOffer = {
  id: string;
  organisationId: string;
  applicationId: string;
  recruitmentId: string;
  candidateId: string;
  startDate: string;
};

/**
 * The offer's person enters the onboarding of the recruitment's role (created when needed) in the
 * first stage with the template's checklist (due dates from the offer's start date), managed by the
 * recruitment's hiring manager (else its owner), linked to the offer. Runs in the caller's
 * transaction. Already in that onboarding, an erased candidate, or no role: null, nothing changes.
 */
export async function enterFromAcceptedOffer(
  tx: Db,
  offer: AcceptedOffer,
  actor: Actor | { kind: 'system'; name?: string },
): Promise<{ hire: HireRow; candidate: { name: string; email: string | null }; roleName: string } | null> {
  const roleId = await roleIdOfRecruitment(tx, offer.organisationId, offer.recruitmentId);
  if (!roleId) return null;
  const role = await findRole(tx, offer.organisationId, roleId);
  const candidate = await candidateById(tx, offer.organisationId, offer.candidateId);
  if (!role || !candidate || candidate.erasedAt) return null;
  const onboarding = await onboardingOfRole(tx, offer.organisationId, role.id);
  if (await findHireOf(tx, onboarding.id, candidate.id)) return null;
  const hire = await enterOnboarding(tx, {
    organisationId: offer.organisationId,
    actor: actor.kind === 'system' ? { kind: 'system', name: actor.name ?? candidate.name } : actor,
    candidate,
    role,
    startDate: offer.startDate,
    managerId: await hiringManagerOf(tx, offer.recruitmentId),
    buddyId: null,
    applicationId: offer.applicationId,
    offerId: offer.id,
    recruitmentId: offer.recruitmentId,
  });
  return { hire, candidate, roleName: role.name };
}

/**
 * Called inside the offer's acceptance transaction: when the organisation has the Onboarding
 * product, the candidate enters the role's onboarding (enterFromAcceptedOffer), gets the new-hire
 * link by e-mail, and the manager, buddy and task owners are notified. Already in it: nothing
 * happens. Returns the hire's id, or null.
 */
export async function enterOnboardingOnOfferAccepted(tx: Db, offer: AcceptedOffer, deps: { appUrl: string }): Promise<string | null> {
  const organisation = await findOrganisation(tx, offer.organisationId);
  if (!organisation || !subscribedToOnboarding(organisation)) return null;
  const entered = await enterFromAcceptedOffer(tx, offer, { kind: 'system' });
  if (!entered) return null;
  const { hire, candidate, roleName } = entered;
  if (candidate.email) {
    await issueNewHireLink(
      tx,
      hire,
      { name: candidate.name, email: candidate.email, organisationName: organisation.name, roleName, startDate: hire.startDate },
      deps.appUrl,
    );
  }
  return hire.id;
}
