import { and, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationStageChanges, applications } from '../../db/schema/candidates.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { recruitmentStatuses } from '../../db/schema/recruitment-settings.ts';
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

/** Per recruitment: active applications, applied since `since`, hired ones, and hired since `monthStart`. One grouped query. */
export function applicationCounts(db: Db, recruitmentIds: string[], since: Date, monthStart: Date) {
  if (recruitmentIds.length === 0) return Promise.resolve([]);
  const hired = sql`${recruitmentStatuses.category} = 'hired' and ${applications.rejectedAt} is null`;
  return (
    db
      .select({
        recruitmentId: applications.recruitmentId,
        active: sql<number>`count(*) filter (where ${applications.rejectedAt} is null)`.mapWith(Number),
        newThisWeek: sql<number>`count(*) filter (where ${applications.appliedAt} >= ${since.toISOString()})`.mapWith(Number),
        hired: sql<number>`count(*) filter (where ${hired})`.mapWith(Number),
        hiredThisMonth:
          sql<number>`count(*) filter (where ${hired} and coalesce(${applications.hiredAt}, ${applications.stageEnteredAt}) >= ${monthStart.toISOString()})`.mapWith(
            Number,
          ),
      })
      .from(applications)
      .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
      // By recruitment id only (ids of the organisation, from openRecruitments): the planner reads just their rows.
      .where(inArray(applications.recruitmentId, recruitmentIds))
      .groupBy(applications.recruitmentId)
  );
}

/** Moves between stages since `since` (not the first entry of a new application), per recruitment. */
export function movesSince(db: Db, organisationId: string, recruitmentIds: string[], since: Date) {
  if (recruitmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ recruitmentId: applicationStageChanges.recruitmentId, moved: sql<number>`count(*)`.mapWith(Number) })
    .from(applicationStageChanges)
    .where(
      and(
        eq(applicationStageChanges.organisationId, organisationId),
        inArray(applicationStageChanges.recruitmentId, recruitmentIds),
        gte(applicationStageChanges.movedAt, since),
        isNotNull(applicationStageChanges.fromStatusId),
      ),
    )
    .groupBy(applicationStageChanges.recruitmentId);
}
