import { purgeOutbox } from '../features/outbox/service.ts';
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

export { purgeOutbox };
