import { expireOffers } from '../features/offers/service.ts';
import { schedulePeriodic, type JobRunner } from './periodic.ts';

const EVERY_MS = 15 * 60_000;
const CHECK_EVERY_MS = 30_000;

/**
 * Marks sent offers past their expiry as expired (each with a timeline entry), every quarter of an
 * hour. The candidate's link already refuses an expired offer (410) before the pass runs. Returns a
 * stop function.
 */
export function scheduleOfferExpiry(runner: JobRunner): () => void {
  return schedulePeriodic(runner, {
    name: 'offer-expiry',
    everyMs: EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    failed: 'offer expiry failed',
    pass: async (now) => {
      const expired = await expireOffers(runner.db, now);
      if (expired > 0) runner.log.info({ expired }, 'offers expired');
    },
  });
}

export { expireOffers };
