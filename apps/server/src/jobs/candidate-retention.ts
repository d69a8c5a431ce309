import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { applyCandidateRetention } from '../features/candidates/service.ts';
import type { FileService } from '../features/files/service.ts';

const EVERY_MS = 24 * 60 * 60_000;
/** The first pass waits a little: start-up (migrations, demo data, the first requests) comes first. */
const FIRST_AFTER_MS = 60_000;

/**
 * Applies each organisation's candidate retention period (Settings → Recruitment) daily, and once
 * shortly after start. The pass itself (what is erased and why) is `applyCandidateRetention`.
 * Returns a stop function.
 */
export function scheduleCandidateRetention(db: Db, files: Pick<FileService, 'discard'>, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const erased = await applyCandidateRetention(db, files);
      if (erased > 0) log.info({ erased }, 'candidate retention applied');
    } catch (error) {
      log.error({ err: error }, 'candidate retention failed');
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

export { applyCandidateRetention };
