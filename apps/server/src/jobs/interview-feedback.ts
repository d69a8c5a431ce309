import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { notifyFeedbackDue } from '../features/interviews/service.ts';

const EVERY_MS = 5 * 60_000;

/**
 * Every five minutes: each interviewer of an interview that has ended without their scorecard
 * gets one 'interview_feedback_due' notification. Returns a stop function.
 */
export function scheduleInterviewFeedback(db: Db, log: FastifyBaseLogger): () => void {
  const run = () => notifyFeedbackDue(db).catch((error: unknown) => log.error({ err: error }, 'interview feedback reminders failed'));
  void run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
