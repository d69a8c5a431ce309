import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The periodic jobs' last runs (jobs/periodic.ts): one row per job, so that with several app nodes
 * on one database each job runs once per period, not once per node.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
