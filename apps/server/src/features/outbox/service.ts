import type { Db } from '../../db/client.ts';
import { afterCommit } from '../../db/organisation-transaction.ts';
import {
  claimDueJobs,
  deleteJobsAbout,
  deleteFinishedBefore,
  findJob,
  insertJob,
  markDone,
  markFailed,
  markRetry,
  moveJobsToCandidate,
  type OutboxRow,
} from './repository.ts';

export type OutboxJob = OutboxRow;

/** Retry schedule: 30 s · 2^(attempt − 1), at most an hour apart; after 8 failed attempts the job is given up. */
export const OUTBOX_BASE_DELAY_MS = 30_000;
export const OUTBOX_MAX_DELAY_MS = 3_600_000;
export const OUTBOX_MAX_ATTEMPTS = 8;
/** How long a claimed job is reserved for its worker; longer than any delivery may take. */
export const OUTBOX_LOCK_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 1000;

/** The wait before the next attempt, after `attempts` failed ones (1, 2, …). */
export function backoffMs(attempts: number): number {
  return Math.min(OUTBOX_BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_DELAY_MS);
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Lets a worker in this process hear that work was queued, so it need not wait for its next
 * poll. Only a hint: the job may not be committed yet, and polling still finds everything. Inside
 * an organisation-scoped request the listeners hear it once the request's transaction has
 * committed, outside it (a worker woken there must not use the request's connection).
 */
export function onJobQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What a job is about. `candidateId`: the candidate it is for or names; erasing them deletes the job.
 * `organisationId`: the organisation it belongs to; without it, the organisation transaction's, else
 * the candidate's (migration 0027), else none.
 */
export type JobSubject = { candidateId?: string | null | undefined; organisationId?: string | null | undefined };

/**
 * Queues a job. Call it with the transaction of the change that causes it: the job exists
 * exactly when the change does, and survives restarts until it is delivered. A job that
 * concerns a candidate must say so (`subject.candidateId`), so that their erasure removes it.
 */
export async function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>, subject: JobSubject = {}): Promise<OutboxJob> {
  const job = await insertJob(db, {
    kind,
    payload,
    candidateId: subject.candidateId ?? null,
    ...(subject.organisationId ? { organisationId: subject.organisationId } : {}),
  });
  void afterCommit(() => {
    for (const listener of listeners) listener();
  });
  return job;
}

export const claimDue = (db: Db, limit: number) => claimDueJobs(db, limit, OUTBOX_LOCK_MS);

export const completeJob = (db: Db, job: OutboxJob) => markDone(db, job.id);

/** A job that can never succeed (e.g. an unusable payload): given up at once, not retried. */
export class PermanentJobError extends Error {}

/** Records a failed attempt: scheduled again with back-off, or given up ('failed') after the last attempt. */
export async function failJob(db: Db, job: OutboxJob, error: unknown): Promise<{ gaveUp: boolean; attempts: number; delayMs: number }> {
  const attempts = job.attempts + 1;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH) || 'Unknown error';
  if (attempts >= OUTBOX_MAX_ATTEMPTS || error instanceof PermanentJobError) {
    await markFailed(db, job.id, attempts, message);
    return { gaveUp: true, attempts, delayMs: 0 };
  }
  const delayMs = backoffMs(attempts);
  await markRetry(db, job.id, attempts, delayMs, message);
  return { gaveUp: false, attempts, delayMs };
}

export const outboxJob = (db: Db, id: string) => findJob(db, id);

/**
 * Retention: a delivered job (a mail's recipient, text and attachments) is deleted once delivered
 * before `before`, a failed one once queued before it. Pending jobs stay, however old: they have not
 * been delivered yet. Returns how many.
 */
export const purgeFinishedJobs = (db: Db, before: Date) => deleteFinishedBefore(db, before);

/**
 * Candidate erasure (features/candidates/service.ts): jobs about the person go, sent or not, so
 * pending mail is never sent. The outbox has no organisation column: rows from before jobs carried
 * the candidate are found by the person's address only (a name is too common to delete other
 * organisations' mail by); such rows age out with the outbox retention period.
 */
export const eraseCandidateJobs = (db: Db, _organisationId: string, person: { id: string; name: string; email: string | null }) =>
  deleteJobsAbout(db, person);

/** Candidate merge: jobs about the source concern the target. */
export const moveCandidateJobs = (db: Db, sourceId: string, targetId: string) => moveJobsToCandidate(db, sourceId, targetId);
