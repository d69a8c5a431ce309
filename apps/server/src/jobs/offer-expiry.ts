import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { expireOffers } from '../features/offers/service.ts';
import { schedulePeriodic } from './periodic.ts';

const EVERY_MS = 15 * 60_000;
const FIRST_AFTER_MS = 30_000;

/**
 * Marks sent offers past their expiry as expired (each with a timeline entry), every quarter of an
 * hour and once shortly after start. The candidate's link already refuses an expired offer (410)
 * before the pass runs. Returns a stop function.
 */
export function scheduleOfferExpiry(db: Db, log: FastifyBaseLogger): () => void {
  return schedulePeriodic(log, {
    everyMs: EVERY_MS,
    firstAfterMs: FIRST_AFTER_MS,
    failed: 'offer expiry failed',
    pass: async () => {
      const expired = await expireOffers(db);
      if (expired > 0) log.info({ expired }, 'offers expired');
    },
  });
}

export { expireOffers };
