import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { expireOffers } from '../features/offers/service.ts';

const EVERY_MS = 15 * 60_000;
const FIRST_AFTER_MS = 30_000;

/**
 * Marks sent offers past their expiry as expired (each with a timeline entry), every quarter of an
 * hour and once shortly after start. The candidate's link already refuses an expired offer (410)
 * before the pass runs. Returns a stop function.
 */
export function scheduleOfferExpiry(db: Db, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireOffers(db);
      if (expired > 0) log.info({ expired }, 'offers expired');
    } catch (error) {
      log.error({ err: error }, 'offer expiry failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), FIRST_AFTER_MS);
  first.unref();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

export { expireOffers };
