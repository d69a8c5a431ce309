import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimPeriodicRun } from '../db/job-runs.ts';

/** Calls `tick` every `ms` milliseconds; returns what stops it (the candidate import runner takes the same). */
export type Every = (ms: number, tick: () => Promise<void>) => () => void;

/** What every periodic job runs with: the database, the log, and (for tests) the clock and the timer. */
export type JobRunner = {
  db: Db;
  log: FastifyBaseLogger;
  /** Default: the wall clock. */
  now?: () => Date;
  /** Default: an unref'd setInterval (the timer does not keep the process alive). */
  every?: Every;
};

export type PeriodicJob = {
  /** The job's row in `job_runs` and its advisory lock: one name per job. */
  name: string;
  /** The period. Periods are aligned to the Unix epoch, so every node agrees where one begins. */
  everyMs: number;
  /** How often this node asks whether the job is due: the job runs at most this long after its period begins. */
  checkEveryMs: number;
  /** The log message when a pass fails. */
  failed: string;
  /** The work, given the time of this run. */
  pass: (now: Date) => Promise<void>;
};

const defaultEvery: Every = (ms, tick) => {
  const timer = setInterval(() => void tick(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Runs `job.pass` once per period across every app node on the database. Each node checks every
 * `checkEveryMs`; a check runs the pass only if, in one transaction,
 *  - it takes the job's advisory lock without waiting (`pg_try_advisory_xact_lock`): no other node
 *    is running the job now, even one whose pass has outlasted its period; and
 *  - its conditional upsert of the job's `job_runs` row hits: the last run began before this period
 *    (a node coming a moment later in the same period finds this run's time there and skips).
 * The transaction stays open while the pass runs (the pass uses the pool, not that transaction), so
 * the lock lasts exactly as long as the run. A failed pass is logged as `failed` and still counts as
 * the period's run: the next period tries again. Within this process a check while a pass runs is a
 * no-op. Returns a stop function.
 */
export function schedulePeriodic(runner: JobRunner, job: PeriodicJob): () => void {
  const { db, log } = runner;
  const now = runner.now ?? (() => new Date());
  let running = false;

  async function runIfDue(at: Date) {
    const periodStart = new Date(Math.floor(at.getTime() / job.everyMs) * job.everyMs);
    await db.transaction(async (tx) => {
      if (!(await claimPeriodicRun(tx, job.name, at, periodStart))) return;
      const startedAt = performance.now();
      try {
        await job.pass(at);
        log.debug({ job: job.name, ms: Math.round(performance.now() - startedAt) }, 'periodic job ran');
      } catch (error) {
        log.error({ err: error, job: job.name }, job.failed);
      }
    });
  }

  const check = async () => {
    if (running) return;
    running = true;
    try {
      await runIfDue(now());
    } catch (error) {
      // The database could not be asked (it is down, say): the next check asks again.
      log.error({ err: error, job: job.name }, job.failed);
    } finally {
      running = false;
    }
  };
  return (runner.every ?? defaultEvery)(job.checkEveryMs, check);
}
