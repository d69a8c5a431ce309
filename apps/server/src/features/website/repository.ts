import type { CareerQuestion } from '@hireloop/contract/website';
import { and, between, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { careerApplications, careerQuestions, careersPageViews, careersSites } from '../../db/schema/website.ts';

export type CareersSiteRow = typeof careersSites.$inferSelect;
export type CareersSiteValues = Partial<Pick<CareersSiteRow, 'headline' | 'intro' | 'brandColour' | 'logoFileId'>>;

/**
 * The organisation's careers site row, created with `defaults` when missing, and locked until the
 * transaction ends (two changes run one after the other).
 */
export async function ensureSite(tx: Db, organisationId: string, defaults: { headline: string }): Promise<CareersSiteRow> {
  await tx.insert(careersSites).values({ organisationId, headline: defaults.headline }).onConflictDoNothing();
  const [row] = await tx.select().from(careersSites).where(eq(careersSites.organisationId, organisationId)).for('update');
  if (!row) throw new Error('careers site row missing after insert');
  return row;
}

export async function updateSite(tx: Db, organisationId: string, values: CareersSiteValues): Promise<CareersSiteRow> {
  const [row] = await tx
    .update(careersSites)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(careersSites.organisationId, organisationId))
    .returning();
  if (!row) throw new Error('careers site row missing');
  return row;
}

/** The role's questions (an empty list when none are stored). */
export async function questionsOf(db: Db, organisationId: string, roleId: string): Promise<CareerQuestion[]> {
  const [row] = await db
    .select({ questions: careerQuestions.questions })
    .from(careerQuestions)
    .where(and(eq(careerQuestions.organisationId, organisationId), eq(careerQuestions.roleId, roleId)));
  return row?.questions ?? [];
}

export async function saveQuestions(tx: Db, organisationId: string, roleId: string, questions: CareerQuestion[]) {
  await tx
    .insert(careerQuestions)
    .values({ roleId, organisationId, questions })
    .onConflictDoUpdate({ target: careerQuestions.roleId, set: { questions, updatedAt: sql`now()` } });
}

/** Page views per day and page in [from, to] (UTC days, inclusive). */
export function pageViewsBetween(db: Db, organisationId: string, from: string, to: string) {
  return db
    .select({ page: careersPageViews.page, day: careersPageViews.day, views: careersPageViews.views })
    .from(careersPageViews)
    .where(and(eq(careersPageViews.organisationId, organisationId), between(careersPageViews.day, from, to)));
}

/** Applications through the careers site per UTC day and role in [from, to]. */
export function applicationsBetween(db: Db, organisationId: string, from: string, to: string) {
  const day = sql<string>`to_char(${careerApplications.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ roleId: careerApplications.roleId, day, count: sql<number>`count(*)`.mapWith(Number) })
    .from(careerApplications)
    .where(
      and(
        eq(careerApplications.organisationId, organisationId),
        gte(careerApplications.createdAt, new Date(`${from}T00:00:00.000Z`)),
        lt(careerApplications.createdAt, new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000)),
      ),
    )
    .groupBy(careerApplications.roleId, day);
}

/** The role's publishing state, locked until the transaction ends; undefined when it is not the organisation's. */
export async function lockRoleForSite(tx: Db, organisationId: string, roleId: string) {
  const [row] = await tx
    .select({ id: jobRoles.id, published: jobRoles.published })
    .from(jobRoles)
    .where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, roleId)))
    .for('update');
  return row;
}

export async function setRolePublished(tx: Db, organisationId: string, roleId: string, published: boolean) {
  await tx
    .update(jobRoles)
    .set({ published, updatedAt: new Date() })
    .where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, roleId)));
}
