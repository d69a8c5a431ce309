import { and, asc, count, eq, gt, gte, ilike, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { interviewTypes } from '../../db/schema/interviews.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';

export type InterviewTypeRow = typeof interviewTypes.$inferSelect;
export type InterviewTypeValues = { name: string; questions: string[]; criteria: string[] };

const ofOrganisation = (organisationId: string) => eq(interviewTypes.organisationId, organisationId);
const ordered = [asc(interviewTypes.position), asc(interviewTypes.createdAt), asc(interviewTypes.id)] as const;

/** Serialises writes to one organisation's interview types (positions 1…n, unique names). */
export async function lockTypes(tx: Db, organisationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('interview_types'), hashtext(${organisationId}))`);
}

export async function listTypes(db: Db, organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
  const where = and(ofOrganisation(organisationId), o.name ? ilike(interviewTypes.name, containsPattern(o.name)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(interviewTypes)
      .where(where)
      .orderBy(...ordered)
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db.select({ n: count() }).from(interviewTypes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allTypes = (db: Db, organisationId: string) =>
  db
    .select()
    .from(interviewTypes)
    .where(ofOrganisation(organisationId))
    .orderBy(...ordered);

export const countTypes = (db: Db, organisationId: string) =>
  db
    .select({ n: count() })
    .from(interviewTypes)
    .where(ofOrganisation(organisationId))
    .then((r) => r[0]?.n ?? 0);

export const findType = (db: Db, organisationId: string, id: string) =>
  db
    .select()
    .from(interviewTypes)
    .where(and(ofOrganisation(organisationId), eq(interviewTypes.id, id)))
    .then((r) => r[0]);

export const findTypeAt = (db: Db, organisationId: string, position: number) =>
  db
    .select()
    .from(interviewTypes)
    .where(and(ofOrganisation(organisationId), eq(interviewTypes.position, position)))
    .then((r) => r[0]);

export const typeNameTaken = (db: Db, organisationId: string, name: string, exceptId?: string) =>
  db
    .select({ id: interviewTypes.id })
    .from(interviewTypes)
    .where(
      and(
        ofOrganisation(organisationId),
        sql`lower(${interviewTypes.name}) = lower(${name})`,
        exceptId ? ne(interviewTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);

export const insertTypes = (db: Db, organisationId: string, rows: Array<InterviewTypeValues & { position: number }>) =>
  db
    .insert(interviewTypes)
    .values(rows.map((r) => ({ organisationId, ...r })))
    .returning();

export const updateType = (db: Db, organisationId: string, id: string, changes: Partial<InterviewTypeValues>) =>
  db
    .update(interviewTypes)
    .set(changes)
    .where(and(ofOrganisation(organisationId), eq(interviewTypes.id, id)))
    .returning()
    .then((r) => r[0]);

export async function deleteType(db: Db, organisationId: string, row: { id: string; position: number }) {
  await db.delete(interviewTypes).where(and(ofOrganisation(organisationId), eq(interviewTypes.id, row.id)));
  await db
    .update(interviewTypes)
    .set({ position: sql`${interviewTypes.position} - 1` })
    .where(and(ofOrganisation(organisationId), gt(interviewTypes.position, row.position)));
}

export async function moveType(db: Db, organisationId: string, id: string, from: number, to: number) {
  if (from === to) return;
  const between =
    from < to
      ? and(gt(interviewTypes.position, from), lte(interviewTypes.position, to))
      : and(gte(interviewTypes.position, to), lt(interviewTypes.position, from));
  await db
    .update(interviewTypes)
    .set({ position: from < to ? sql`${interviewTypes.position} - 1` : sql`${interviewTypes.position} + 1` })
    .where(and(ofOrganisation(organisationId), ne(interviewTypes.id, id), between));
  await db
    .update(interviewTypes)
    .set({ position: to })
    .where(and(ofOrganisation(organisationId), eq(interviewTypes.id, id)));
}
