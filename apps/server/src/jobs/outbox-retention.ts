import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { purgeOutbox } from '../features/outbox/service.ts';
import { schedulePeriodic } from './periodic.ts';

const EVERY_MS = 60 * 60_000;
const FIRST_AFTER_MS = 90_000;

/**
 * Purges delivered and failed outbox jobs (and dev mailbox mail) older than OUTBOX_RETENTION_DAYS,
 * hourly and once shortly after start. Returns a stop function.
 */
export function scheduleOutboxRetention(db: Db, retentionDays: number, log: FastifyBaseLogger): () => void {
  return schedulePeriodic(log, {
    everyMs: EVERY_MS,
    firstAfterMs: FIRST_AFTER_MS,
    failed: 'outbox retention failed',
    pass: async () => {
      const purged = await purgeOutbox(db, { retentionDays });
      if (purged.jobs + purged.devMail > 0) log.info({ ...purged, retentionDays }, 'outbox retention applied');
    },
  });
}

export { purgeOutbox };
