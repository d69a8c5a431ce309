import { WEBSITE_DEFAULT_BRAND_COLOUR, WEBSITE_TEXTS, defaultWebsiteHeadline, type CareerQuestion } from '@hireloop/contract/website';
import { and, asc, between, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { teams } from '../../db/schema/teams.ts';
import { careersApplicationDays, careerQuestions, careersPageViews, careersSites } from '../../db/schema/website.ts';
import { outer } from '../../db/sql.ts';

/* ---------- THE live-role rule ---------- */

/**
 * What the careers site shows, for the Website dashboard, the jobs feed and the public careers
 * pages (features/careers, through this feature's service): a role is live when its organisation
 * is subscribed to the Website product, the role is published and open, and it has an open
 * recruitment, where applications land (the newest open one when there are several). `isLive` is
 * the rule in SQL; `notLiveReason` tells, for a role read with `selectRoles`, which part fails.
 */
const isSubscribed = sql`exists (select 1 from ${organisations} o where o.id = ${outer(jobRoles.organisationId)} and 'website' = any(o.products))`;
const hasOpenRecruitment = sql`exists (select 1 from ${recruitments} rc where rc.role_id = ${outer(jobRoles.id)}
  and rc.organisation_id = ${outer(jobRoles.organisationId)} and rc.status = 'open')`;
const isLive = and(eq(jobRoles.published, true), eq(jobRoles.status, 'open'), hasOpenRecruitment, isSubscribed);

/** Why the role is not on the careers site (a WEBSITE_TEXTS.notLive text), or null when it is: `isLive`, part by part. */
export function notLiveReason(role: Pick<RoleOnSite, 'published' | 'status' | 'openRecruitmentId'>, subscribed: boolean): string | null {
  if (!role.published) return WEBSITE_TEXTS.notLive.notPublished;
  if (!subscribed) return WEBSITE_TEXTS.notLive.notSubscribed;
  if (role.status !== 'open') return WEBSITE_TEXTS.notLive.roleNotOpen;
  if (!role.openRecruitmentId) return WEBSITE_TEXTS.notLive.noOpenRecruitment;
  return null;
}

export type RoleOnSite = typeof jobRoles.$inferSelect & {
  teamName: string | null;
  /** The newest open recruitment of the role, or null. */
  openRecruitmentId: string | null;
  openRecruitmentName: string | null;
  /** When the newest open recruitment opened (the careers site's "posted"), or null. */
  postedAt: Date | null;
  questions: CareerQuestion[];
};

/** The newest open recruitment of the role in the row's organisation (correlated subqueries). */
const openRecruitment = (column: typeof recruitments.id | typeof recruitments.name) =>
  sql<string | null>`(select rc.${sql.identifier(column.name)} from ${recruitments} rc
    where rc.role_id = ${outer(jobRoles.id)} and rc.organisation_id = ${outer(jobRoles.organisationId)} and rc.status = 'open'
    order by rc.opened_at desc, rc.id desc limit 1)`;

function selectRoles(db: Db) {
  return db
    .select({
      role: jobRoles,
      teamName: teams.name,
      openRecruitmentId: openRecruitment(recruitments.id),
      openRecruitmentName: openRecruitment(recruitments.name),
      postedAt: sql<number | string | null>`(select (extract(epoch from max(rc.opened_at)) * 1000)::float8 from ${recruitments} rc
        where rc.role_id = ${outer(jobRoles.id)} and rc.organisation_id = ${outer(jobRoles.organisationId)} and rc.status = 'open')`,
      questions: careerQuestions.questions,
    })
    .from(jobRoles)
    .leftJoin(teams, and(eq(teams.id, jobRoles.teamId), eq(teams.organisationId, jobRoles.organisationId)))
    .leftJoin(careerQuestions, and(eq(careerQuestions.roleId, jobRoles.id), eq(careerQuestions.organisationId, jobRoles.organisationId)));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRoles>['where']>>[number];
const flatten = (r: Selected): RoleOnSite => ({
  ...r.role,
  teamName: r.teamName,
  openRecruitmentId: r.openRecruitmentId,
  openRecruitmentName: r.openRecruitmentName,
  postedAt: r.postedAt === null ? null : new Date(Number(r.postedAt)),
  questions: r.questions ?? [],
});

/** Every role of the organisation (any status), by name, with what the careers site needs. */
export async function rolesOnSiteOf(db: Db, organisationId: string): Promise<RoleOnSite[]> {
  const rows = await selectRoles(db).where(eq(jobRoles.organisationId, organisationId)).orderBy(asc(jobRoles.name), asc(jobRoles.id));
  return rows.map(flatten);
}

/** One role of the organisation (any status) with what the careers site needs, or null. */
export async function roleOnSiteOf(db: Db, organisationId: string, roleId: string): Promise<RoleOnSite | null> {
  const [row] = await selectRoles(db).where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, roleId)));
  return row ? flatten(row) : null;
}

/** The organisation's live roles (`isLive`, the subscription included), by team name (no team last) then name. */
export async function liveRolesOf(db: Db, organisationId: string): Promise<RoleOnSite[]> {
  const rows = await selectRoles(db)
    .where(and(eq(jobRoles.organisationId, organisationId), isLive))
    .orderBy(sql`${teams.name} asc nulls last`, asc(jobRoles.name), asc(jobRoles.id));
  return rows.map(flatten);
}

/** The role when live (`isLive`); `lock` holds its row until the transaction ends (an application, against a concurrent close). */
export async function liveRoleOf(db: Db, organisationId: string, roleId: string, lock = false): Promise<RoleOnSite | null> {
  const query = selectRoles(db).where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, roleId), isLive));
  const [row] = lock ? await query.for('share', { of: jobRoles }) : await query;
  return row ? flatten(row) : null;
}

/* ---------- the organisation and its site settings ---------- */

export type WebsiteOrganisation = {
  id: string;
  name: string;
  slug: string;
  plan: string;
  trailEndsAt: Date | null;
  products: string[];
  subscribed: boolean;
};

/** The organisation with whether it is subscribed to the Website product, or undefined. */
export async function websiteOrganisation(db: Db, organisationId: string): Promise<WebsiteOrganisation | undefined> {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      slug: organisations.slug,
      plan: organisations.plan,
      trailEndsAt: organisations.trailEndsAt,
      products: organisations.products,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ? { ...row, subscribed: row.products.includes('website') } : undefined;
}

export type CareersSiteSettings = { headline: string; intro: string; brandColour: string; logoFileId: string | null; stored: boolean };

/** The careers site's settings, or the defaults while none are stored (the row is created on the first change). */
export async function careersSiteOf(db: Db, organisation: { id: string; name: string }): Promise<CareersSiteSettings> {
  const [row] = await db.select().from(careersSites).where(eq(careersSites.organisationId, organisation.id));
  if (!row) {
    return {
      headline: defaultWebsiteHeadline(organisation.name),
      intro: '',
      brandColour: WEBSITE_DEFAULT_BRAND_COLOUR,
      logoFileId: null,
      stored: false,
    };
  }
  return {
    headline: row.headline || defaultWebsiteHeadline(organisation.name),
    intro: row.intro,
    brandColour: row.brandColour,
    logoFileId: row.logoFileId,
    stored: true,
  };
}

/* ---------- changes ---------- */

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

/**
 * Applications through the careers site per UTC day and role in [from, to]: the days kept by the
 * trigger on career_applications (migration 0030), a row per role and day instead of every
 * application of the period (decision 017).
 */
export function applicationsBetween(db: Db, organisationId: string, from: string, to: string) {
  return db
    .select({
      roleId: careersApplicationDays.roleId,
      day: sql<string>`${careersApplicationDays.day}::text`,
      count: careersApplicationDays.applications,
    })
    .from(careersApplicationDays)
    .where(
      and(
        eq(careersApplicationDays.organisationId, organisationId),
        between(careersApplicationDays.day, from, to),
        ne(careersApplicationDays.applications, 0),
      ),
    );
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
