import { ONBOARDING_TEXTS, type AcceptedOffer, type ImportAcceptedOffersResponse } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { invalid } from './access.ts';
import { enterFromAcceptedOffer } from './offer-hook.ts';
import { acceptedOffersOf, type AcceptedOfferRow } from './repository.ts';

const present = (r: AcceptedOfferRow): AcceptedOffer => ({
  offer_id: r.offerId,
  candidate: { id: r.candidateId, name: r.candidateName, email: r.candidateEmail },
  role: { id: r.roleId, name: r.roleName },
  recruitment: { id: r.recruitmentId, name: r.recruitmentName },
  start_date: r.startDate,
  accepted_at: r.decidedAt?.toISOString() ?? null,
});

/**
 * Accepted offers whose person is not in onboarding yet (accepted before the organisation
 * subscribed to Onboarding, or removed since), and bringing them in as hires.
 */
export function createAcceptedOfferService(db: Db) {
  async function importOnce(organisationId: string, actor: Actor, ids: string[]): Promise<ImportAcceptedOffersResponse> {
    return db.transaction(async (tx) => {
      const rows = await acceptedOffersOf(tx, organisationId, { ids });
      if (rows.length !== ids.length) throw invalid('offer_ids', ONBOARDING_TEXTS.offerUnknown);
      const result: ImportAcceptedOffersResponse = { hires: [], skipped: [] };
      for (const id of ids) {
        const row = rows.find((r) => r.offerId === id)!;
        const entered =
          row.inOnboarding || row.candidateErasedAt
            ? null
            : await enterFromAcceptedOffer(
                tx,
                {
                  id: row.offerId,
                  organisationId,
                  applicationId: row.applicationId,
                  recruitmentId: row.recruitmentId,
                  candidateId: row.candidateId,
                  startDate: row.startDate,
                },
                actor,
              );
        if (entered) result.hires.push({ offer_id: id, hire_id: entered.hire.id, onboarding_id: entered.hire.onboardingId });
        else result.skipped.push(id);
      }
      return result;
    });
  }

  return {
    /** Newest acceptance first. */
    async list(organisationId: string): Promise<AcceptedOffer[]> {
      const rows = await acceptedOffersOf(db, organisationId, { onlyNotInOnboarding: true });
      return rows.map(present);
    },

    /**
     * Each offer's person enters the role's onboarding with the offer's start date; one already in
     * it is skipped (so importing twice makes one hire). All ids must be accepted offers of the
     * organisation, else 422 and nothing changes. No new-hire e-mail: it is sent from the hire.
     */
    async import(organisationId: string, actor: Actor, offerIds: string[]): Promise<ImportAcceptedOffersResponse> {
      const ids = [...new Set(offerIds)];
      try {
        return await importOnce(organisationId, actor, ids);
      } catch (error) {
        // The same offers brought in by someone else at this moment: once more, they are skipped.
        if (isUniqueViolation(error)) return importOnce(organisationId, actor, ids);
        throw error;
      }
    },
  };
}

export type AcceptedOfferService = ReturnType<typeof createAcceptedOfferService>;
