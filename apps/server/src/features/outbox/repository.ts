import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { mentionsAddress, type ErasedPerson } from '../../db/sql.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export async function insertJob(
  db: Db,
  job: { kind: string; payload: Record<string, unknown>; candidateId?: string | null; organisationId?: string },
): Promise<OutboxRow> {
  const [row] = await db.insert(outbox).values(job).returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

/**
 * Claims up to `limit` due jobs for `lockMs`: rows another worker holds are skipped (SKIP LOCKED),
 * and a worker that dies mid-delivery lets go when its lock runs out, so the job runs again.
 */
export async function claimDueJobs(db: Db, limit: number, lockMs: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          lte(outbox.nextAttemptAt, sql`now()`),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({ lockedUntil: sql`now() + ${lockMs}::int * interval '1 millisecond'` })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markDone(db: Db, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'done', doneAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(outbox.id, id));
}

/** One more failed attempt: try again after `delayMs`. */
export async function markRetry(db: Db, id: string, attempts: number, delayMs: number, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({
      attempts,
      nextAttemptAt: sql`now() + ${delayMs}::int * interval '1 millisecond'`,
      lockedUntil: null,
      lastError: error,
    })
    .where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: string, attempts: number, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', attempts, lockedUntil: null, lastError: error }).where(eq(outbox.id, id));
}

/** Deletes done jobs finished before `before` and failed jobs created before it; pending jobs never. */
export async function deleteFinishedBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(outbox)
    .where(or(and(eq(outbox.status, 'done'), lt(outbox.doneAt, before)), and(eq(outbox.status, 'failed'), lt(outbox.createdAt, before))))
    .returning({ id: outbox.id });
  return rows.length;
}

export function findJob(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.id, id))
    .then((r) => r[0]);
}

/** Erasure: jobs about the candidate, sent or not, and older ones addressed to them (before jobs carried candidate_id). */
export async function deleteJobsAbout(db: Db, person: ErasedPerson) {
  await db.execute(
    sql`delete from outbox where candidate_id = ${person.id} or (candidate_id is null and ${mentionsAddress(sql`payload::text`, person)})`,
  );
}

/** Merge: jobs about the source are about the target (erasing the target removes them). */
export async function moveJobsToCandidate(db: Db, sourceId: string, targetId: string) {
  await db.update(outbox).set({ candidateId: targetId }).where(eq(outbox.candidateId, sourceId));
}
