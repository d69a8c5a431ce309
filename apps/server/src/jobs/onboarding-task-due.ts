import { notifyDueOnboardingTasks } from '../features/onboardings/service.ts';
import { schedulePeriodic, type JobRunner } from './periodic.ts';

const EVERY_MS = 15 * 60_000;
const CHECK_EVERY_MS = 30_000;

/**
 * Every quarter of an hour: each owner of an onboarding task that has come due gets one
 * 'onboarding_task_due' notification. Returns a stop function.
 */
export function scheduleOnboardingTaskDue(runner: JobRunner): () => void {
  return schedulePeriodic(runner, {
    name: 'onboarding-task-due',
    everyMs: EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    failed: 'onboarding task reminders failed',
    pass: async (now) => {
      const told = await notifyDueOnboardingTasks(runner.db, now);
      if (told > 0) runner.log.info({ told }, 'onboarding task reminders sent');
    },
  });
}

export { notifyDueOnboardingTasks };
