import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { literalCount, preparedPerDbAndKey } from '../../db/prepared.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { outer } from '../../db/sql.ts';

/** The dashboard shows at most this many recruitments. */
export const DASHBOARD_RECRUITMENTS_MAX = 50;

export type DashboardRecruitment = {
  id: string;
  name: string;
  openings: number;
  roleId: string;
  roleName: string;
  active: number;
  newThisWeek: number;
  movedThisWeek: number;
  hired: number;
  hiredThisMonth: number;
};

const DAY_MS = 86_400_000;

/**
 * Open recruitments, newest first: those the user owns or is on the hiring team of, or (`all`) every
 * open one of the organisation; each with, in the same statement: its active applications (the counts
 * the triggers keep, migration 0025), those applied since `since` and its moves between stages since
 * `since` (not an application's first entry), its hired ones (in a hired stage, not rejected) and
 * those hired since `monthStart`.
 *
 * The weekly figures are the days the triggers keep (migration 0028) after the UTC day `since` falls
 * in, plus that day's part from the indexes that carry organisation_id (0020, 0025): a few rows per
 * recruitment instead of an index entry per application and move of the week. Nothing counts the
 * recruitment's applications one by one under row-level security (decision 017). A named prepared
 * statement, built once and planned once per connection, not at every request.
 */
export function dashboardRecruitments(
  db: Db,
  organisationId: string,
  userId: string,
  o: { all: boolean; since: Date; monthStart: Date },
): Promise<DashboardRecruitment[]> {
  const since = o.since.toISOString();
  // The UTC day `since` falls in: its part is counted from the index, the days after it from the kept figures.
  const firstDay = since.slice(0, 10);
  const firstDayEnd = new Date(Date.parse(firstDay) + DAY_MS).toISOString();
  return recruitmentsStatement(db, o.all ? 'all' : 'mine').execute({
    organisationId,
    userId,
    since,
    firstDay,
    firstDayEnd,
    monthStart: o.monthStart.toISOString(),
  });
}

/** The statement, built once per kind (and handle, db/prepared.ts): its values are placeholders. */
const recruitmentsStatement = preparedPerDbAndKey((db, key: 'mine' | 'all') => {
  const organisationId = sql.placeholder('organisationId');
  const userId = sql.placeholder('userId');
  const mine = or(
    eq(recruitments.ownerId, userId),
    sql`exists (select 1 from recruitment_members m where m.recruitment_id = ${outer(recruitments.id)} and m.user_id = ${userId})`,
  );
  const page = db
    .select({
      id: recruitments.id,
      name: recruitments.name,
      openings: recruitments.openings,
      openedAt: recruitments.openedAt,
      // Aliased: the outer select names the subquery's columns, and both tables have id and name.
      roleId: sql<string>`${jobRoles.id}`.as('role_id'),
      roleName: sql<string>`${jobRoles.name}`.as('role_name'),
    })
    .from(recruitments)
    .innerJoin(jobRoles, eq(jobRoles.id, recruitments.roleId))
    .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.status, 'open'), key === 'all' ? undefined : mine))
    .orderBy(desc(recruitments.openedAt), desc(recruitments.id))
    .limit(literalCount(DASHBOARD_RECRUITMENTS_MAX));
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  const firstDayEnd = sql`${sql.placeholder('firstDayEnd')}::timestamptz`;
  // Per recruitment of the page: its counts by stage (active, and active in a hired stage) and its days
  // after the first, each read once. Every correlation names page.id (db/sql.ts, outer()).
  const from = sql`(${page}) page
    cross join lateral (
      select coalesce(sum(c.active), 0)::int as active, coalesce(sum(c.active) filter (where s.category = 'hired'), 0)::int as hired
        from recruitment_stage_counts c join recruitment_statuses s on s.id = c.status_id
       where c.organisation_id = ${organisationId} and c.recruitment_id = page.id) counts
    cross join lateral (
      select coalesce(sum(f.applied), 0)::int as applied, coalesce(sum(f.moved), 0)::int as moved
        from recruitment_day_figures f
       where f.organisation_id = ${organisationId} and f.recruitment_id = page.id and f.day > ${sql.placeholder('firstDay')}::date) days`;
  return db
    .select({
      id: sql<string>`page.id`,
      name: sql<string>`page.name`,
      openings: sql<number>`page.openings`,
      roleId: sql<string>`page.role_id`,
      roleName: sql<string>`page.role_name`,
      active: sql<number>`counts.active`,
      newThisWeek: sql<number>`(days.applied
        + (select count(*) from applications a where a.organisation_id = ${organisationId} and a.recruitment_id = page.id
            and a.applied_at >= ${since} and a.applied_at < ${firstDayEnd}))::int`,
      movedThisWeek: sql<number>`(days.moved
        + (select count(*) from application_stage_changes m where m.organisation_id = ${organisationId} and m.recruitment_id = page.id
            and m.moved_at >= ${since} and m.moved_at < ${firstDayEnd} and m.from_status_id is not null))::int`,
      hired: sql<number>`counts.hired`,
      // Read from the applications only where some are hired (few).
      hiredThisMonth: sql<number>`case when counts.hired = 0 then 0 else (select count(*)::int
        from applications a join recruitment_statuses s on s.id = a.status_id
       where a.organisation_id = ${organisationId} and a.recruitment_id = page.id and s.category = 'hired' and a.rejected_at is null
         and coalesce(a.hired_at, a.stage_entered_at) >= ${sql.placeholder('monthStart')}::timestamptz) end`,
    })
    .from(from)
    .orderBy(sql`page.opened_at desc, page.id desc`)
    .prepare(`dashboard_recruitments_${key}`);
});
