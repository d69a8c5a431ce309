import { createSessionStore } from '../features/auth/sessions.ts';
import { schedulePeriodic, type JobRunner } from './periodic.ts';

const EVERY_MS = 60 * 60_000;
const CHECK_EVERY_MS = 30_000;

/** Deletes expired sessions and sign-in flows hourly. Returns a stop function. */
export function scheduleSessionCleanup(runner: JobRunner): () => void {
  const store = createSessionStore(runner.db);
  return schedulePeriodic(runner, {
    name: 'session-cleanup',
    everyMs: EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    failed: 'session cleanup failed',
    pass: () => store.purgeExpired(),
  });
}
