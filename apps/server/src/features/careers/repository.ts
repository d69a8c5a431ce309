import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, candidates } from '../../db/schema/candidates.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { storedFiles } from '../../db/schema/outbox.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { careerApplications, careersPageViews, careersSites } from '../../db/schema/website.ts';
import { applicationsOfCandidate, outer } from '../../db/sql.ts';

/* ---------- the public site (read) ---------- */

/**
 * The organisation whose careers site the slug names, when it is subscribed to the Website product:
 * the careers site's one read with the owner's rights (http/public-scope.ts); everything else a
 * careers request reads runs in that organisation, under row-level security.
 */
export async function organisationOfCareersSlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.slug, slug), sql`'website' = any(${organisations.products})`));
  return row?.id ?? null;
}

export async function findOrganisation(db: Db, organisationId: string) {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      slug: organisations.slug,
      website: organisations.website,
      products: organisations.products,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ?? null;
}

export async function findSite(db: Db, organisationId: string) {
  const [row] = await db
    .select({
      headline: careersSites.headline,
      intro: careersSites.intro,
      brandColour: careersSites.brandColour,
      logoFileId: storedFiles.id,
      logoKey: storedFiles.key,
      logoContentType: storedFiles.contentType,
    })
    .from(careersSites)
    .leftJoin(storedFiles, eq(storedFiles.id, careersSites.logoFileId))
    .where(eq(careersSites.organisationId, organisationId));
  return row ?? null;
}

/**
 * What the site is built from, in one short string: the organisation, its site settings and the
 * count and last change of its roles, recruitments, questions and teams. Equal fingerprints → the
 * cached site is still current (every update of these rows bumps updated_at).
 */
export async function siteFingerprint(db: Db, organisationId: string): Promise<string | null> {
  const [row] = await db
    .select({
      f: sql<string>`concat_ws('|',
        ${organisations.slug}, ${organisations.name}, array_to_string(${organisations.products}, ','), ${organisations.updatedAt}::text,
        (select s.updated_at::text || ':' || coalesce(s.logo_file_id::text, '') from careers_sites s where s.organisation_id = ${outer(organisations.id)}),
        (select count(*)::text || ':' || coalesce(max(r.updated_at)::text, '') from job_roles r where r.organisation_id = ${outer(organisations.id)}),
        (select count(*)::text || ':' || coalesce(max(rc.updated_at)::text, '') from recruitments rc where rc.organisation_id = ${outer(organisations.id)}),
        (select count(*)::text || ':' || coalesce(max(q.updated_at)::text, '') from career_questions q where q.organisation_id = ${outer(organisations.id)}),
        (select count(*)::text || ':' || coalesce(max(t.updated_at)::text, '') from teams t where t.organisation_id = ${outer(organisations.id)}))`,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.f ?? null;
}

export async function findRecruitmentName(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({ id: recruitments.id, name: recruitments.name })
    .from(recruitments)
    .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.id, id)));
  return row ?? null;
}

/* ---------- applying ---------- */

export async function findCandidateByEmail(db: Db, organisationId: string, email: string) {
  const [row] = await db
    .select({ id: candidates.id, name: candidates.name, phone: candidates.phone, links: candidates.links, consentAt: candidates.consentAt })
    .from(candidates)
    .where(and(eq(candidates.organisationId, organisationId), eq(candidates.email, email)));
  return row ?? null;
}

export async function applicationIn(db: Db, recruitmentId: string, candidateId: string) {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.recruitmentId, recruitmentId), eq(applications.candidateId, candidateId)));
  return row ?? null;
}

export async function insertCareerApplication(db: Db, values: typeof careerApplications.$inferInsert) {
  await db.insert(careerApplications).values(values);
}

/** What the person sent on the careers form with one application (null: it did not come from the site). */
export async function findCareerApplication(db: Db, organisationId: string, applicationId: string) {
  const [row] = await db
    .select({ coverNote: careerApplications.coverNote, answers: careerApplications.answers })
    .from(careerApplications)
    .where(and(eq(careerApplications.organisationId, organisationId), eq(careerApplications.applicationId, applicationId)));
  return row ?? null;
}

/* ---------- page views ---------- */

export async function addPageViews(db: Db, rows: { organisationId: string; page: string; day: string; views: number }[]) {
  if (rows.length === 0) return;
  await db
    .insert(careersPageViews)
    .values(rows)
    .onConflictDoUpdate({
      target: [careersPageViews.organisationId, careersPageViews.page, careersPageViews.day],
      set: { views: sql`${careersPageViews.views} + excluded.views` },
    });
}

/** Drops counts of organisations deleted meanwhile (their rows would break the foreign key). */
export async function existingOrganisations(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Erasure: what the candidate wrote on the careers form (cover note, answers) is cleared. */
export async function clearCareerAnswersOf(db: Db, organisationId: string, candidateId: string) {
  await db.execute(
    sql`update career_applications set cover_note = null, answers = '[]'::jsonb
      where application_id in ${applicationsOfCandidate(organisationId, candidateId)}`,
  );
}
