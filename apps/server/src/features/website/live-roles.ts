import { WEBSITE_DEFAULT_BRAND_COLOUR, WEBSITE_TEXTS, defaultWebsiteHeadline, type CareerQuestion } from '@hireloop/contract/website';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { teams } from '../../db/schema/teams.ts';
import { careerQuestions, careersSites } from '../../db/schema/website.ts';
import { outer } from '../../lib/sql.ts';

/**
 * THE rule for what the careers site shows, shared by the Website dashboard, the jobs feed and
 * the public careers pages (features/careers): a role is live when the organisation is
 * subscribed to the Website product, the role is published and open, and it has an open
 * recruitment — where applications land (the newest open one when there are several).
 */

export type RoleOnSite = typeof jobRoles.$inferSelect & {
  teamName: string | null;
  /** The newest open recruitment of the role, or null. */
  openRecruitmentId: string | null;
  openRecruitmentName: string | null;
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

/**
 * The organisation's live roles, by team name (no team last) then name. Does NOT check the
 * subscription: call `websiteOrganisation` first and stop when it is not subscribed.
 */
export async function liveRolesOf(db: Db, organisationId: string): Promise<RoleOnSite[]> {
  const rows = await selectRoles(db)
    .where(
      and(
        eq(jobRoles.organisationId, organisationId),
        eq(jobRoles.published, true),
        eq(jobRoles.status, 'open'),
        sql`exists (select 1 from ${recruitments} rc where rc.role_id = ${outer(jobRoles.id)}
          and rc.organisation_id = ${outer(jobRoles.organisationId)} and rc.status = 'open')`,
      ),
    )
    .orderBy(sql`${teams.name} asc nulls last`, asc(jobRoles.name), asc(jobRoles.id));
  return rows.map(flatten);
}

/** One live role (see liveRolesOf; the subscription is not checked here), or null. */
export async function liveRoleOf(db: Db, organisationId: string, roleId: string): Promise<RoleOnSite | null> {
  const role = await roleOnSiteOf(db, organisationId, roleId);
  return role && notLiveReason(role, true) === null ? role : null;
}

/** Why the role is not on the careers site (a WEBSITE_TEXTS.notLive text), or null when it is. */
export function notLiveReason(role: Pick<RoleOnSite, 'published' | 'status' | 'openRecruitmentId'>, subscribed: boolean): string | null {
  if (!role.published) return WEBSITE_TEXTS.notLive.notPublished;
  if (!subscribed) return WEBSITE_TEXTS.notLive.notSubscribed;
  if (role.status !== 'open') return WEBSITE_TEXTS.notLive.roleNotOpen;
  if (!role.openRecruitmentId) return WEBSITE_TEXTS.notLive.noOpenRecruitment;
  return null;
}

export type WebsiteOrganisation = {
  id: string;
  name: string;
  slug: string;
  plan: string;
  trailEndsAt: Date | null;
  products: string[];
  subscribed: boolean;
};

const organisationColumns = {
  id: organisations.id,
  name: organisations.name,
  slug: organisations.slug,
  plan: organisations.plan,
  trailEndsAt: organisations.trailEndsAt,
  products: organisations.products,
};
const withSubscribed = (o: Omit<WebsiteOrganisation, 'subscribed'>): WebsiteOrganisation => ({
  ...o,
  subscribed: o.products.includes('website'),
});

/** The organisation with whether it is subscribed to the Website product, or undefined. */
export async function websiteOrganisation(db: Db, organisationId: string): Promise<WebsiteOrganisation | undefined> {
  const [row] = await db.select(organisationColumns).from(organisations).where(eq(organisations.id, organisationId));
  return row ? withSubscribed(row) : undefined;
}

/** The organisation by its slug (the careers site's address), or undefined. */
export async function websiteOrganisationBySlug(db: Db, slug: string): Promise<WebsiteOrganisation | undefined> {
  const [row] = await db.select(organisationColumns).from(organisations).where(eq(organisations.slug, slug));
  return row ? withSubscribed(row) : undefined;
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
