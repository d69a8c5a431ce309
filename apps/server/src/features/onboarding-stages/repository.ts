import { and, asc, count, eq, gt, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hires, onboardingStages } from '../../db/schema/onboarding.ts';
import { offsetOf } from '../../lib/paging.ts';

export type StageRow = typeof onboardingStages.$inferSelect;
type StageValues = { name: string; colour: string; category: string; position: number };

const ofOrganisation = (organisationId: string) => eq(onboardingStages.organisationId, organisationId);
const ordered = [asc(onboardingStages.position), asc(onboardingStages.createdAt), asc(onboardingStages.id)] as const;

/** Serialises writes to one organisation's onboarding stages until the transaction ends (positions stay 1…n). */
export async function lockStages(tx: Db, organisationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('onboarding_stages'), hashtext(${organisationId}))`);
}

export async function listStages(db: Db, organisationId: string, o: { page: number; perPage: number }) {
  const where = ofOrganisation(organisationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(onboardingStages)
      .where(where)
      .orderBy(...ordered)
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db.select({ n: count() }).from(onboardingStages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function allStages(db: Db, organisationId: string) {
  return db
    .select()
    .from(onboardingStages)
    .where(ofOrganisation(organisationId))
    .orderBy(...ordered);
}

export function countStages(db: Db, organisationId: string) {
  return db
    .select({ n: count() })
    .from(onboardingStages)
    .where(ofOrganisation(organisationId))
    .then((r) => r[0]?.n ?? 0);
}

export function findStage(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(onboardingStages)
    .where(and(ofOrganisation(organisationId), eq(onboardingStages.id, id)))
    .then((r) => r[0]);
}

export function findStageAt(db: Db, organisationId: string, position: number) {
  return db
    .select()
    .from(onboardingStages)
    .where(and(ofOrganisation(organisationId), eq(onboardingStages.position, position)))
    .then((r) => r[0]);
}

/** Whether another stage of the organisation already has this name, ignoring case. */
export function stageNameTaken(db: Db, organisationId: string, name: string, exceptId?: string) {
  return db
    .select({ id: onboardingStages.id })
    .from(onboardingStages)
    .where(
      and(
        ofOrganisation(organisationId),
        sql`lower(${onboardingStages.name}) = lower(${name})`,
        exceptId ? ne(onboardingStages.id, exceptId) : undefined,
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

export function insertStages(db: Db, organisationId: string, stages: StageValues[]) {
  return db
    .insert(onboardingStages)
    .values(stages.map((s) => ({ organisationId, ...s })))
    .returning();
}

export function updateStage(db: Db, organisationId: string, id: string, changes: Partial<Omit<StageValues, 'position'>>) {
  return db
    .update(onboardingStages)
    .set(changes)
    .where(and(ofOrganisation(organisationId), eq(onboardingStages.id, id)))
    .returning()
    .then((r) => r[0]);
}

/** Deletes the stage and closes the gap it leaves. */
export async function deleteStage(db: Db, organisationId: string, stage: { id: string; position: number }) {
  await db.delete(onboardingStages).where(and(ofOrganisation(organisationId), eq(onboardingStages.id, stage.id)));
  await db
    .update(onboardingStages)
    .set({ position: sql`${onboardingStages.position} - 1` })
    .where(and(ofOrganisation(organisationId), gt(onboardingStages.position, stage.position)));
}

/** Moves the stage at `from` to `to`; the ones in between shift by one towards `from`. */
export async function moveStage(db: Db, organisationId: string, id: string, from: number, to: number) {
  if (from === to) return;
  const between =
    from < to
      ? and(gt(onboardingStages.position, from), lte(onboardingStages.position, to))
      : and(gte(onboardingStages.position, to), lt(onboardingStages.position, from));
  await db
    .update(onboardingStages)
    .set({ position: from < to ? sql`${onboardingStages.position} - 1` : sql`${onboardingStages.position} + 1` })
    .where(and(ofOrganisation(organisationId), ne(onboardingStages.id, id), between));
  await db
    .update(onboardingStages)
    .set({ position: to })
    .where(and(ofOrganisation(organisationId), eq(onboardingStages.id, id)));
}

/** Whether any hire is in the stage. */
export function stageHoldsHires(db: Db, stageId: string) {
  return db
    .select({ id: hires.id })
    .from(hires)
    .where(eq(hires.stageId, stageId))
    .limit(1)
    .then((r) => r.length > 0);
}
