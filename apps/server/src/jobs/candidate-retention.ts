import { candidateOwners } from '../features/candidates/owners.ts';
import { applyCandidateRetention as applyRetention } from '../features/candidates/service.ts';
import type { Db } from '../db/client.ts';
import type { FileService } from '../features/files/service.ts';
import { schedulePeriodic, type JobRunner } from './periodic.ts';

/** One pass of the retention policy (`applyRetention`), erasing through every owning feature (features/candidates/owners.ts). */
export const applyCandidateRetention = (db: Db, files: Pick<FileService, 'discard'>, now = new Date()) =>
  applyRetention(db, files, candidateOwners, now);

const EVERY_MS = 24 * 60 * 60_000;
/** The first check waits a little: start-up (migrations, demo data, the first requests) comes first. */
const CHECK_EVERY_MS = 60_000;

/**
 * Applies each organisation's candidate retention period (Settings → Recruitment) once a day (UTC).
 * The pass itself (what is erased and why) is `applyCandidateRetention`. Returns a stop function.
 */
export function scheduleCandidateRetention(runner: JobRunner, files: Pick<FileService, 'discard'>): () => void {
  return schedulePeriodic(runner, {
    name: 'candidate-retention',
    everyMs: EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    failed: 'candidate retention failed',
    pass: async (now) => {
      const erased = await applyCandidateRetention(runner.db, files, now);
      if (erased > 0) runner.log.info({ erased }, 'candidate retention applied');
    },
  });
}
