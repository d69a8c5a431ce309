import type { Db } from '../db/client.ts';
import { purgeDevMail } from '../features/mail/service.ts';
import { purgeFinishedJobs } from '../features/outbox/service.ts';
import { schedulePeriodic, type JobRunner } from './periodic.ts';

const EVERY_MS = 60 * 60_000;
const CHECK_EVERY_MS = 90_000;

/**
 * Purges delivered and failed outbox jobs (and dev mailbox mail) older than OUTBOX_RETENTION_DAYS,
 * hourly. Returns a stop function.
 */
export function scheduleOutboxRetention(runner: JobRunner, retentionDays: number): () => void {
  return schedulePeriodic(runner, {
    name: 'outbox-retention',
    everyMs: EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    failed: 'outbox retention failed',
    pass: async (now) => {
      const purged = await purgeOutbox(runner.db, { retentionDays, now });
      if (purged.jobs + purged.devMail > 0) runner.log.info({ ...purged, retentionDays }, 'outbox retention applied');
    },
  });
}

/**
 * Retention: delivered outbox jobs are kept `retentionDays` after delivery, failed ones as long after
 * they were queued, then deleted; so is development mailbox mail. Pending jobs stay.
 */
export async function purgeOutbox(db: Db, o: { retentionDays: number; now?: Date }): Promise<{ jobs: number; devMail: number }> {
  const before = new Date((o.now ?? new Date()).getTime() - o.retentionDays * 86_400_000);
  return { jobs: await purgeFinishedJobs(db, before), devMail: await purgeDevMail(db, before) };
}
