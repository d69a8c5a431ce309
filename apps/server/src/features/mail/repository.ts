import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/outbox.ts';
import { mentionsAddress, type ErasedPerson } from '../../db/sql.ts';
import { offsetOf } from '../../lib/paging.ts';

export type DevMailRow = typeof devMailbox.$inferSelect;

export async function insertDevMail(db: Db, mail: typeof devMailbox.$inferInsert): Promise<void> {
  await db.insert(devMailbox).values(mail);
}

/** Newest first. */
export async function listDevMail(db: Db, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: devMailbox.id, to: devMailbox.to, subject: devMailbox.subject, createdAt: devMailbox.createdAt })
      .from(devMailbox)
      .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(devMailbox),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export function findDevMail(db: Db, id: string): Promise<DevMailRow | undefined> {
  return db
    .select()
    .from(devMailbox)
    .where(eq(devMailbox.id, id))
    .then((r) => r[0]);
}

/** Erasure: development mail about the candidate, and older mail to their address. */
export async function deleteDevMailAbout(db: Db, person: ErasedPerson) {
  await db.execute(
    sql`delete from dev_mailbox where candidate_id = ${person.id} or (candidate_id is null and ${mentionsAddress(sql`"to"`, person)})`,
  );
}

/** Merge: development mail about the source is about the target. */
export async function moveDevMailToCandidate(db: Db, sourceId: string, targetId: string) {
  await db.update(devMailbox).set({ candidateId: targetId }).where(eq(devMailbox.candidateId, sourceId));
}

/** Deletes development mailbox mail received before `before`. */
export async function deleteDevMailBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(devMailbox).where(lt(devMailbox.createdAt, before)).returning({ id: devMailbox.id });
  return rows.length;
}
