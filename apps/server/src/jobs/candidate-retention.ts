import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { applyCandidateRetention } from '../features/candidates/service.ts';
import type { FileService } from '../features/files/service.ts';
import { schedulePeriodic } from './periodic.ts';

const EVERY_MS = 24 * 60 * 60_000;
/** The first pass waits a little: start-up (migrations, demo data, the first requests) comes first. */
const FIRST_AFTER_MS = 60_000;

/**
 * Applies each organisation's candidate retention period (Settings → Recruitment) daily, and once
 * shortly after start. The pass itself (what is erased and why) is `applyCandidateRetention`.
 * Returns a stop function.
 */
export function scheduleCandidateRetention(db: Db, files: Pick<FileService, 'discard'>, log: FastifyBaseLogger): () => void {
  return schedulePeriodic(log, {
    everyMs: EVERY_MS,
    firstAfterMs: FIRST_AFTER_MS,
    failed: 'candidate retention failed',
    pass: async () => {
      const erased = await applyCandidateRetention(db, files);
      if (erased > 0) log.info({ erased }, 'candidate retention applied');
    },
  });
}

export { applyCandidateRetention };
