import { lt, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { jobRuns } from './schema/job-runs.ts';

/**
 * Claims this period's run of a periodic job inside the caller's transaction (`jobs/periodic.ts`
 * owns `job_runs`, docs/architecture.md §6 and §7): takes the job's advisory lock without waiting,
 * then moves the job's row to `at` only when its last run began before `periodStart`. False when
 * another node holds the lock or has already run the job in this period.
 */
export async function claimPeriodicRun(tx: Db, name: string, at: Date, periodStart: Date): Promise<boolean> {
  const lock = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext('periodic_jobs'), hashtext(${name})) as locked`,
  )) as unknown as { rows: { locked: boolean }[] };
  if (!lock.rows[0]?.locked) return false;
  const claimed = await tx
    .insert(jobRuns)
    .values({ name, lastRunAt: at })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: at }, setWhere: lt(jobRuns.lastRunAt, periodStart) })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}
