import { and, asc, count, eq, gt, gte, ilike, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/candidates.ts';
import { recruitmentStatuses } from '../../db/schema/recruitment-settings.ts';
import { containsPattern, offsetOf, totalOf } from '../../lib/paging.ts';

export type StatusRow = typeof recruitmentStatuses.$inferSelect;
type StatusValues = { name: string; colour: string; category: string; position: number };

const ofOrganisation = (organisationId: string) => eq(recruitmentStatuses.organisationId, organisationId);
const ordered = [asc(recruitmentStatuses.position), asc(recruitmentStatuses.createdAt), asc(recruitmentStatuses.id)] as const;

/**
 * Serialises writes to one organisation's pipeline until the transaction ends, so positions stay
 * 1…n without gaps and the name and category checks cannot race.
 */
export async function lockStatuses(tx: Db, organisationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('recruitment_statuses'), hashtext(${organisationId}))`);
}

export async function listStatuses(db: Db, organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
  const where = and(ofOrganisation(organisationId), o.name ? ilike(recruitmentStatuses.name, containsPattern(o.name)) : undefined);
  const rows = await db
    .select()
    .from(recruitmentStatuses)
    .where(where)
    .orderBy(...ordered)
    .limit(o.perPage)
    .offset(offsetOf(o.page, o.perPage));
  const total = await totalOf(
    o.page,
    o.perPage,
    rows.length,
    async () => (await db.select({ n: count() }).from(recruitmentStatuses).where(where))[0]?.n ?? 0,
  );
  return { rows, total };
}

export function allStatuses(db: Db, organisationId: string) {
  return db
    .select()
    .from(recruitmentStatuses)
    .where(ofOrganisation(organisationId))
    .orderBy(...ordered);
}

export function countStatuses(db: Db, organisationId: string, category?: string) {
  return db
    .select({ n: count() })
    .from(recruitmentStatuses)
    .where(and(ofOrganisation(organisationId), category ? eq(recruitmentStatuses.category, category) : undefined))
    .then((r) => r[0]?.n ?? 0);
}

export function findStatus(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(recruitmentStatuses)
    .where(and(ofOrganisation(organisationId), eq(recruitmentStatuses.id, id)))
    .then((r) => r[0]);
}

export function findStatusAt(db: Db, organisationId: string, position: number) {
  return db
    .select()
    .from(recruitmentStatuses)
    .where(and(ofOrganisation(organisationId), eq(recruitmentStatuses.position, position)))
    .then((r) => r[0]);
}

/** Whether another status of the organisation already has this name, ignoring case. */
export function statusNameTaken(db: Db, organisationId: string, name: string, exceptId?: string) {
  return db
    .select({ id: recruitmentStatuses.id })
    .from(recruitmentStatuses)
    .where(
      and(
        ofOrganisation(organisationId),
        sql`lower(${recruitmentStatuses.name}) = lower(${name})`,
        exceptId ? ne(recruitmentStatuses.id, exceptId) : undefined,
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

export function insertStatuses(db: Db, organisationId: string, statuses: StatusValues[]) {
  return db
    .insert(recruitmentStatuses)
    .values(statuses.map((s) => ({ organisationId, ...s })))
    .returning();
}

export function updateStatus(db: Db, organisationId: string, id: string, changes: Partial<Omit<StatusValues, 'position'>>) {
  return db
    .update(recruitmentStatuses)
    .set(changes)
    .where(and(ofOrganisation(organisationId), eq(recruitmentStatuses.id, id)))
    .returning()
    .then((r) => r[0]);
}

/** Deletes the status and closes the gap it leaves. */
export async function deleteStatus(db: Db, organisationId: string, status: { id: string; position: number }) {
  await db.delete(recruitmentStatuses).where(and(ofOrganisation(organisationId), eq(recruitmentStatuses.id, status.id)));
  await db
    .update(recruitmentStatuses)
    .set({ position: sql`${recruitmentStatuses.position} - 1` })
    .where(and(ofOrganisation(organisationId), gt(recruitmentStatuses.position, status.position)));
}

/** Moves the status at `from` to `to`; the ones in between shift by one towards `from`. */
export async function moveStatus(db: Db, organisationId: string, id: string, from: number, to: number) {
  if (from === to) return;
  const between =
    from < to
      ? and(gt(recruitmentStatuses.position, from), lte(recruitmentStatuses.position, to))
      : and(gte(recruitmentStatuses.position, to), lt(recruitmentStatuses.position, from));
  await db
    .update(recruitmentStatuses)
    .set({ position: from < to ? sql`${recruitmentStatuses.position} - 1` : sql`${recruitmentStatuses.position} + 1` })
    .where(and(ofOrganisation(organisationId), ne(recruitmentStatuses.id, id), between));
  await db
    .update(recruitmentStatuses)
    .set({ position: to })
    .where(and(ofOrganisation(organisationId), eq(recruitmentStatuses.id, id)));
}

/** Whether any application (of any recruitment, rejected or not) is in the status. */
export function statusHoldsApplications(db: Db, statusId: string) {
  return db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.statusId, statusId))
    .limit(1)
    .then((r) => r.length > 0);
}
