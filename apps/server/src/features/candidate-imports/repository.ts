import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, candidateImports, candidates } from '../../db/schema/candidates.ts';

export type ImportRow = typeof candidateImports.$inferSelect;

export async function insertImport(db: Db, values: typeof candidateImports.$inferInsert) {
  const [row] = await db.insert(candidateImports).values(values).returning();
  return row!;
}

export function findImport(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(candidateImports)
    .where(and(eq(candidateImports.organisationId, organisationId), eq(candidateImports.id, id)))
    .then((r) => r[0]);
}

const unfinished = inArray(candidateImports.status, ['pending', 'running']);

/**
 * Claims the unfinished imports no node holds, or whose holder's heartbeat is older than `expiredBefore`:
 * one UPDATE, so of two nodes claiming at once each import goes to one of them.
 */
export function claimImports(db: Db, nodeId: string, now: Date, expiredBefore: Date) {
  return db
    .update(candidateImports)
    .set({ lockedBy: nodeId, heartbeatAt: now })
    .where(and(unfinished, or(isNull(candidateImports.lockedBy), lt(candidateImports.heartbeatAt, expiredBefore))))
    .returning();
}

/** Renews this node's lease on the imports it is processing. */
export async function renewLeases(db: Db, nodeId: string, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(candidateImports)
    .set({ heartbeatAt: now })
    .where(and(inArray(candidateImports.id, ids), eq(candidateImports.lockedBy, nodeId), unfinished));
}

/** Locks the import row for a batch's transaction; null unless this node still holds it. */
export async function lockHeldImport(db: Db, id: string, nodeId: string) {
  const [row] = await db
    .select({ lockedBy: candidateImports.lockedBy, processedRows: candidateImports.processedRows, status: candidateImports.status })
    .from(candidateImports)
    .where(eq(candidateImports.id, id))
    .for('update');
  return row && row.lockedBy === nodeId && row.status === 'running' ? row : null;
}

/** Updates an import this node holds; false when it no longer does. */
export async function updateHeldImport(db: Db, id: string, nodeId: string, values: Partial<typeof candidateImports.$inferInsert>) {
  const rows = await db
    .update(candidateImports)
    .set(values)
    .where(and(eq(candidateImports.id, id), eq(candidateImports.lockedBy, nodeId)))
    .returning({ id: candidateImports.id });
  return rows.length > 0;
}

export function candidatesByEmail(db: Db, organisationId: string, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ id: candidates.id, email: candidates.email })
    .from(candidates)
    .where(and(eq(candidates.organisationId, organisationId), inArray(candidates.email, emails)));
}

/** Of these candidates, those already in the recruitment. */
export async function candidatesInRecruitment(db: Db, recruitmentId: string, candidateIds: string[]) {
  if (candidateIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ candidateId: applications.candidateId })
    .from(applications)
    .where(and(eq(applications.recruitmentId, recruitmentId), inArray(applications.candidateId, candidateIds)));
  return new Set(rows.map((r) => r.candidateId));
}
