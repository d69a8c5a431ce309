import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createMailTransport, deliverMailJob, MAIL_JOB_KIND } from '../features/mail/service.ts';
import { isMember } from '../features/members/memberships.ts';
import { claimDue, completeJob, failJob, onJobQueued, type OutboxJob } from '../features/outbox/service.ts';

export type OutboxHandler = (payload: unknown, job: OutboxJob) => Promise<void>;
export type OutboxRunResult = { delivered: number; retried: number; failed: number };

export type OutboxWorker = {
  /** Delivers every job due now (tests call this instead of waiting for a poll). */
  runOnce(): Promise<OutboxRunResult>;
  /** Stops polling, waits for the delivery in progress, closes the mail transport. */
  stop(): Promise<void>;
};

export type OutboxWorkerOptions = {
  db: Db;
  config: Pick<Config, 'env' | 'mail'>;
  log: FastifyBaseLogger;
  /** Poll period; 0 polls never (runOnce only). */
  intervalMs?: number;
  batchSize?: number;
  /** Extra job kinds (notifications, webhooks…) beside mail. */
  handlers?: Record<string, OutboxHandler>;
};

/** After a job is queued in this process, run this soon rather than at the next poll. */
const WAKE_DELAY_MS = 100;
/** Batches per run, so one run cannot go on forever while jobs keep arriving. */
const MAX_BATCHES_PER_RUN = 20;

/**
 * The outbox worker: claims due jobs (SKIP LOCKED, so several app nodes can run one each),
 * delivers them, marks them done, and on failure schedules a retry with back-off or, after the
 * last attempt, marks the job failed with its last error.
 */
export function startOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, log } = opts;
  const batchSize = opts.batchSize ?? 10;
  const transport = createMailTransport(db, opts.config);
  if (transport.kind === 'none') log.warn('SMTP_URL is not set: mail stays queued and is retried until it is');
  const handlers: Record<string, OutboxHandler> = {
    [MAIL_JOB_KIND]: async (payload, job) => {
      // A member's mail (a notification's) goes only while they still belong to the organisation.
      const outcome = await deliverMailJob(transport, payload, { candidateId: job.candidateId, organisationId: job.organisationId }, (m) =>
        isMember(db, m.organisation_id, m.user_id),
      );
      if (outcome === 'withdrawn') log.info({ job: job.id }, 'outbox mail not sent: its recipient is no longer a member');
    },
    ...opts.handlers,
  };

  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let wokenDuringRun = false;

  async function deliver(job: OutboxJob, result: OutboxRunResult) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for outbox jobs of kind "${job.kind}" on this node.`);
      await handler(job.payload, job);
      await completeJob(db, job);
      result.delivered++;
      log.info({ job: job.id, kind: job.kind, attempts: job.attempts + 1 }, 'outbox job delivered');
    } catch (error) {
      const outcome = await failJob(db, job, error);
      const context = { job: job.id, kind: job.kind, attempts: outcome.attempts, reason: (error as Error).message };
      if (outcome.gaveUp) {
        result.failed++;
        log.error(context, 'outbox job failed for good');
      } else {
        result.retried++;
        log.warn({ ...context, retryInMs: outcome.delayMs }, 'outbox job failed; retrying later');
      }
    }
  }

  async function drain(): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { delivered: 0, retried: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !stopped; batch++) {
      const jobs = await claimDue(db, batchSize);
      for (const job of jobs) await deliver(job, result);
      if (jobs.length < batchSize) break;
    }
    return result;
  }

  // One run at a time in this process; other processes are kept apart by the row locks.
  function runOnce(): Promise<OutboxRunResult> {
    const run = chain.then(drain, drain);
    chain = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number) {
    if (stopped || (opts.intervalMs ?? 0) <= 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      wokenDuringRun = false;
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'outbox run failed'))
        .finally(() => schedule(wokenDuringRun ? WAKE_DELAY_MS : (opts.intervalMs ?? 0)));
    }, delayMs);
    timer.unref();
  }

  const unsubscribe = onJobQueued(() => {
    if (timer) schedule(WAKE_DELAY_MS);
    else wokenDuringRun = true;
  });
  schedule(0);

  return {
    runOnce,
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
      transport.close();
    },
  };
}
