import { notifyFeedbackDue } from '../features/interviews/service.ts';
import { schedulePeriodic, type JobRunner } from './periodic.ts';

const EVERY_MS = 5 * 60_000;
const CHECK_EVERY_MS = 30_000;

/**
 * Every five minutes: each interviewer of an interview that has ended without their scorecard
 * gets one 'interview_feedback_due' notification (never two: `notifyFeedbackDue` claims each
 * interviewer's row first). Returns a stop function.
 */
export function scheduleInterviewFeedback(runner: JobRunner): () => void {
  return schedulePeriodic(runner, {
    name: 'interview-feedback',
    everyMs: EVERY_MS,
    checkEveryMs: CHECK_EVERY_MS,
    failed: 'interview feedback reminders failed',
    pass: async (now) => {
      const told = await notifyFeedbackDue(runner.db, now);
      if (told > 0) runner.log.info({ told }, 'interview feedback reminders sent');
    },
  });
}
