import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { createSessionStore } from '../features/auth/sessions.ts';

const EVERY_MS = 60 * 60_000;

/** Deletes expired sessions and sign-in flows hourly. Returns a stop function. */
export function scheduleSessionCleanup(db: Db, log: FastifyBaseLogger): () => void {
  const store = createSessionStore(db);
  const run = () => store.purgeExpired().catch((error: unknown) => log.error({ err: error }, 'session cleanup failed'));
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
