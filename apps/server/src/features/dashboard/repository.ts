import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { outer } from '../../db/sql.ts';

/** The dashboard shows at most this many recruitments. */
export const DASHBOARD_RECRUITMENTS_MAX = 50;

/**
 * Open recruitments, newest first: those the user owns or is on the hiring team of, or (`all`) every
 * open one of the organisation.
 */
export function openRecruitments(db: Db, organisationId: string, userId: string, all: boolean) {
  const mine = or(
    eq(recruitments.ownerId, userId),
    sql`exists (select 1 from recruitment_members m where m.recruitment_id = ${outer(recruitments.id)} and m.user_id = ${userId})`,
  );
  return db
    .select({
      id: recruitments.id,
      name: recruitments.name,
      openings: recruitments.openings,
      roleId: jobRoles.id,
      roleName: jobRoles.name,
    })
    .from(recruitments)
    .innerJoin(jobRoles, eq(jobRoles.id, recruitments.roleId))
    .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.status, 'open'), all ? undefined : mine))
    .orderBy(desc(recruitments.openedAt), desc(recruitments.id))
    .limit(DASHBOARD_RECRUITMENTS_MAX);
}

export type RecruitmentFigures = {
  recruitmentId: string;
  active: number;
  newThisWeek: number;
  movedThisWeek: number;
  hired: number;
  hiredThisMonth: number;
};

/**
 * Per recruitment (ids of the organisation, from openRecruitments), in one statement: active
 * applications (from the counts the triggers keep, migration 0025), those applied since `since`,
 * moves between stages since `since` (not the first entry of a new application), hired ones (in a
 * hired stage, not rejected) and those hired since `monthStart`. Each figure is read from an index
 * that carries organisation_id, or from few rows: none counts the recruitment's applications one by
 * one under row-level security (decision 017).
 */
export async function recruitmentFigures(
  db: Db,
  organisationId: string,
  recruitmentIds: string[],
  since: Date,
  monthStart: Date,
): Promise<RecruitmentFigures[]> {
  if (recruitmentIds.length === 0) return [];
  const result = (await db.execute(sql`
    select r.id as "recruitmentId",
      coalesce((select sum(c.active) from recruitment_stage_counts c
                 where c.organisation_id = ${organisationId} and c.recruitment_id = r.id), 0)::int as "active",
      (select count(*) from applications a
        where a.organisation_id = ${organisationId} and a.recruitment_id = r.id and a.applied_at >= ${since.toISOString()})::int as "newThisWeek",
      (select count(*) from application_stage_changes m
        where m.organisation_id = ${organisationId} and m.recruitment_id = r.id and m.moved_at >= ${since.toISOString()}
          and m.from_status_id is not null)::int as "movedThisWeek",
      h.hired as "hired", h.hired_this_month as "hiredThisMonth"
    from recruitments r
    cross join lateral (
      select count(*)::int as hired,
             count(*) filter (where coalesce(a.hired_at, a.stage_entered_at) >= ${monthStart.toISOString()})::int as hired_this_month
        from applications a join recruitment_statuses s on s.id = a.status_id
       where a.organisation_id = ${organisationId} and a.recruitment_id = r.id and s.category = 'hired' and a.rejected_at is null
    ) h
    where r.organisation_id = ${organisationId} and r.id in (${sql.join(
      recruitmentIds.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as {
    rows: RecruitmentFigures[];
  };
  return result.rows;
}
