import { ONBOARDING_TEXTS, type AcceptedOffer, type ImportAcceptedOffersResponse } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { invalid } from './checks.ts';
import { enterFromAcceptedOffer } from './entering.ts';
import { presentAcceptedOffer } from './presenter.ts';
import { acceptedOffersOf } from './repository.ts';

/** Accepted offers whose person is not in onboarding yet, and bringing them in (service.ts). */
export function createAcceptedOffersService(db: Db) {
  async function importAcceptedOffersOnce(organisationId: string, actor: Actor, ids: string[]): Promise<ImportAcceptedOffersResponse> {
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
    /**
     * Accepted offers whose person is not in onboarding yet (accepted before the organisation
     * subscribed to Onboarding, or removed since). Newest acceptance first.
     */
    async acceptedOffers(organisationId: string): Promise<AcceptedOffer[]> {
      const rows = await acceptedOffersOf(db, organisationId, { onlyNotInOnboarding: true });
      return rows.map(presentAcceptedOffer);
    },

    /**
     * Each offer's person enters the role's onboarding with the offer's start date; one already in
     * it is skipped (so importing twice makes one hire). All ids must be accepted offers of the
     * organisation, else 422 and nothing changes. No new-hire e-mail: it is sent from the hire.
     */
    async importAcceptedOffers(organisationId: string, actor: Actor, offerIds: string[]): Promise<ImportAcceptedOffersResponse> {
      const ids = [...new Set(offerIds)];
      try {
        return await importAcceptedOffersOnce(organisationId, actor, ids);
      } catch (error) {
        // The same offers brought in by someone else at this moment: once more, they are skipped.
        if (isUniqueViolation(error)) return importAcceptedOffersOnce(organisationId, actor, ids);
        throw error;
      }
    },
  };
}
