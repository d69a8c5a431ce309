import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { notifyDueOnboardingTasks } from '../features/onboardings/due-tasks.ts';

const EVERY_MS = 15 * 60_000;
const FIRST_AFTER_MS = 30_000;

/**
 * Every quarter of an hour (and once shortly after start): each owner of an onboarding task that
 * has come due gets one 'onboarding_task_due' notification. Returns a stop function.
 */
export function scheduleOnboardingTaskDue(db: Db, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const told = await notifyDueOnboardingTasks(db);
      if (told > 0) log.info({ told }, 'onboarding task reminders sent');
    } catch (error) {
      log.error({ err: error }, 'onboarding task reminders failed');
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

export { notifyDueOnboardingTasks };
