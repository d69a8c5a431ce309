import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recruitmentMembers, recruitments } from '../../db/schema/recruitments.ts';
import { enterOnboarding, issueNewHireLink } from './enter.ts';
import { findCandidate, findHireOf, findOrganisation, findRole, onboardingOfRole } from './repository.ts';

export type AcceptedOffer = {
  id: string;
  organisationId: string;
  applicationId: string;
  recruitmentId: string;
  candidateId: string;
  startDate: string;
};

/** The hire's manager: the recruitment's (first) hiring manager, else its owner. */
async function managerOf(tx: Db, recruitmentId: string): Promise<string | null> {
  const [hm] = await tx
    .select({ userId: recruitmentMembers.userId })
    .from(recruitmentMembers)
    .where(and(eq(recruitmentMembers.recruitmentId, recruitmentId), eq(recruitmentMembers.role, 'hiring_manager')))
    .orderBy(asc(recruitmentMembers.createdAt))
    .limit(1);
  if (hm) return hm.userId;
  const [r] = await tx.select({ ownerId: recruitments.ownerId }).from(recruitments).where(eq(recruitments.id, recruitmentId));
  return r?.ownerId ?? null;
}

/**
 * Called inside the offer's acceptance transaction: when the organisation has the Onboarding
 * product, the candidate enters the role's onboarding (created when needed) in the first stage
 * with the template's checklist (due dates from the offer's start date), gets the new-hire link by
 * e-mail, and the manager, buddy and task owners are notified. Already in it: nothing happens.
 * Returns the hire's id, or null.
 */
export async function enterOnboardingOnOfferAccepted(tx: Db, offer: AcceptedOffer, deps: { appUrl: string }): Promise<string | null> {
  const organisation = await findOrganisation(tx, offer.organisationId);
  if (!organisation?.products.includes('onboarding')) return null;
  const [recruitment] = await tx
    .select({ roleId: recruitments.roleId })
    .from(recruitments)
    .where(and(eq(recruitments.organisationId, offer.organisationId), eq(recruitments.id, offer.recruitmentId)));
  if (!recruitment) return null;
  const role = await findRole(tx, offer.organisationId, recruitment.roleId);
  const candidate = await findCandidate(tx, offer.organisationId, offer.candidateId);
  if (!role || !candidate || candidate.erasedAt) return null;
  const onboarding = await onboardingOfRole(tx, offer.organisationId, role.id);
  if (await findHireOf(tx, onboarding.id, candidate.id)) return null;
  const hire = await enterOnboarding(tx, {
    organisationId: offer.organisationId,
    actor: { kind: 'system', name: candidate.name },
    candidate,
    role,
    startDate: offer.startDate,
    managerId: await managerOf(tx, offer.recruitmentId),
    buddyId: null,
    applicationId: offer.applicationId,
    offerId: offer.id,
    recruitmentId: offer.recruitmentId,
  });
  if (candidate.email) {
    await issueNewHireLink(
      tx,
      hire,
      { name: candidate.name, email: candidate.email, organisationName: organisation.name, roleName: role.name, startDate: hire.startDate },
      deps.appUrl,
    );
  }
  return hire.id;
}
