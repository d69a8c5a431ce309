import { and, asc, count, eq, gt, gte, ilike, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { experienceLevels } from '../../db/schema/recruitment-settings.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';

export type LevelRow = typeof experienceLevels.$inferSelect;

const ofOrganisation = (organisationId: string) => eq(experienceLevels.organisationId, organisationId);
const ordered = [asc(experienceLevels.position), asc(experienceLevels.createdAt), asc(experienceLevels.id)] as const;

/**
 * Serialises writes to one organisation's levels until the transaction ends, so positions stay
 * 1…n without gaps and the case-insensitive name check cannot race.
 */
export async function lockLevels(tx: Db, organisationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('experience_levels'), hashtext(${organisationId}))`);
}

export async function listLevels(db: Db, organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
  const where = and(ofOrganisation(organisationId), o.name ? ilike(experienceLevels.name, containsPattern(o.name)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(experienceLevels)
      .where(where)
      .orderBy(...ordered)
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db.select({ n: count() }).from(experienceLevels).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function allLevels(db: Db, organisationId: string) {
  return db
    .select()
    .from(experienceLevels)
    .where(ofOrganisation(organisationId))
    .orderBy(...ordered);
}

export function countLevels(db: Db, organisationId: string) {
  return db
    .select({ n: count() })
    .from(experienceLevels)
    .where(ofOrganisation(organisationId))
    .then((r) => r[0]?.n ?? 0);
}

export function findLevel(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(experienceLevels)
    .where(and(ofOrganisation(organisationId), eq(experienceLevels.id, id)))
    .then((r) => r[0]);
}

export function findLevelAt(db: Db, organisationId: string, position: number) {
  return db
    .select()
    .from(experienceLevels)
    .where(and(ofOrganisation(organisationId), eq(experienceLevels.position, position)))
    .then((r) => r[0]);
}

/** Whether another level of the organisation already has this name, ignoring case. */
export function levelNameTaken(db: Db, organisationId: string, name: string, exceptId?: string) {
  return db
    .select({ id: experienceLevels.id })
    .from(experienceLevels)
    .where(
      and(
        ofOrganisation(organisationId),
        sql`lower(${experienceLevels.name}) = lower(${name})`,
        exceptId ? ne(experienceLevels.id, exceptId) : undefined,
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

export async function insertLevels(db: Db, organisationId: string, levels: Array<{ name: string; position: number }>) {
  return db
    .insert(experienceLevels)
    .values(levels.map((l) => ({ organisationId, ...l })))
    .returning();
}

export function renameLevel(db: Db, organisationId: string, id: string, name: string) {
  return db
    .update(experienceLevels)
    .set({ name })
    .where(and(ofOrganisation(organisationId), eq(experienceLevels.id, id)))
    .returning()
    .then((r) => r[0]);
}

/** Deletes the level and closes the gap it leaves. */
export async function deleteLevel(db: Db, organisationId: string, level: { id: string; position: number }) {
  await db.delete(experienceLevels).where(and(ofOrganisation(organisationId), eq(experienceLevels.id, level.id)));
  await db
    .update(experienceLevels)
    .set({ position: sql`${experienceLevels.position} - 1` })
    .where(and(ofOrganisation(organisationId), gt(experienceLevels.position, level.position)));
}

/** Moves the level at `from` to `to`; the ones in between shift by one towards `from`. */
export async function moveLevel(db: Db, organisationId: string, id: string, from: number, to: number) {
  if (from === to) return;
  const between =
    from < to
      ? and(gt(experienceLevels.position, from), lte(experienceLevels.position, to))
      : and(gte(experienceLevels.position, to), lt(experienceLevels.position, from));
  await db
    .update(experienceLevels)
    .set({ position: from < to ? sql`${experienceLevels.position} - 1` : sql`${experienceLevels.position} + 1` })
    .where(and(ofOrganisation(organisationId), ne(experienceLevels.id, id), between));
  await db
    .update(experienceLevels)
    .set({ position: to })
    .where(and(ofOrganisation(organisationId), eq(experienceLevels.id, id)));
}
