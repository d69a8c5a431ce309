import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { notifyDueOnboardingTasks } from '../features/onboardings/due-tasks.ts';
import { schedulePeriodic } from './periodic.ts';

const EVERY_MS = 15 * 60_000;
const FIRST_AFTER_MS = 30_000;

/**
 * Every quarter of an hour (and once shortly after start): each owner of an onboarding task that
 * has come due gets one 'onboarding_task_due' notification. Returns a stop function.
 */
export function scheduleOnboardingTaskDue(db: Db, log: FastifyBaseLogger): () => void {
  return schedulePeriodic(log, {
    everyMs: EVERY_MS,
    firstAfterMs: FIRST_AFTER_MS,
    failed: 'onboarding task reminders failed',
    pass: async () => {
      const told = await notifyDueOnboardingTasks(db);
      if (told > 0) log.info({ told }, 'onboarding task reminders sent');
    },
  });
}

export { notifyDueOnboardingTasks };
