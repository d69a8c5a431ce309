import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { literalCount, runPrepared } from '../../db/prepared.ts';
import { activities, candidates } from '../../db/schema/candidates.ts';
import { recruitments } from '../../db/schema/recruitments.ts';

export type ActivityRow = typeof activities.$inferSelect & { candidateName: string | null; recruitmentName: string | null };

export type NewActivity = Pick<
  typeof activities.$inferInsert,
  'organisationId' | 'candidateId' | 'applicationId' | 'recruitmentId' | 'actorUserId' | 'actorName' | 'type' | 'data'
>;

/** Past this many rows, entries travel as one JSON parameter (an import batch), not eight bind parameters each. */
const BULK_ROWS = 20;

export async function insertActivities(db: Db, rows: NewActivity[]) {
  if (rows.length === 0) return;
  if (rows.length <= BULK_ROWS) {
    await db.insert(activities).values(rows);
    return;
  }
  const json = JSON.stringify(
    rows.map((r) => ({
      organisation_id: r.organisationId,
      candidate_id: r.candidateId ?? null,
      application_id: r.applicationId ?? null,
      recruitment_id: r.recruitmentId ?? null,
      actor_user_id: r.actorUserId ?? null,
      actor_name: r.actorName,
      type: r.type,
      data: r.data ?? {},
    })),
  );
  await db.execute(sql`
    insert into activities (organisation_id, candidate_id, application_id, recruitment_id, actor_user_id, actor_name, type, data)
    select x.organisation_id, x.candidate_id, x.application_id, x.recruitment_id, x.actor_user_id, x.actor_name, x.type, x.data
    from json_to_recordset(${json}::json)
      as x(organisation_id uuid, candidate_id uuid, application_id uuid, recruitment_id uuid, actor_user_id uuid, actor_name text, type text, data jsonb)`);
}

const selection = {
  activity: activities,
  candidateName: candidates.name,
  recruitmentName: recruitments.name,
};

async function listWhere(db: Db, where: ReturnType<typeof and>, limit: number, offset: number) {
  const rows = await db
    .select(selection)
    .from(activities)
    .leftJoin(candidates, eq(candidates.id, activities.candidateId))
    .leftJoin(recruitments, eq(recruitments.id, activities.recruitmentId))
    .where(where)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r): ActivityRow => ({ ...r.activity, candidateName: r.candidateName, recruitmentName: r.recruitmentName }));
}

export async function listCandidateActivities(db: Db, organisationId: string, candidateId: string, limit: number, offset: number) {
  const where = and(eq(activities.organisationId, organisationId), eq(activities.candidateId, candidateId));
  const [rows, [count]] = await Promise.all([
    listWhere(db, where, limit, offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(activities)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The candidate's whole timeline, newest first (a person's history is short: filtered per reader, then paged). */
export function allCandidateActivities(db: Db, organisationId: string, candidateId: string) {
  return listWhere(
    db,
    and(eq(activities.organisationId, organisationId), eq(activities.candidateId, candidateId)),
    CANDIDATE_TIMELINE_MAX,
    0,
  );
}
/** A bound on one candidate's timeline read at once, far above any real one. */
export const CANDIDATE_TIMELINE_MAX = 10_000;

/** The organisation's latest activity, optionally only in these recruitments. */
export async function listRecentActivities(db: Db, organisationId: string, limit: number, recruitmentIds?: string[], offset = 0) {
  if (recruitmentIds?.length === 0) return [];
  // One statement text whatever the ids (an array parameter), prepared by name: the dashboard's
  // statement is planned once per connection instead of at every request (3.5 ms under row-level security).
  const where = and(
    eq(activities.organisationId, sql.placeholder('organisationId')),
    recruitmentIds === undefined ? undefined : sql`${activities.recruitmentId} = any(${sql.placeholder('recruitmentIds')}::uuid[])`,
  );
  const rows = await runPrepared(
    db
      .select(selection)
      .from(activities)
      .leftJoin(candidates, eq(candidates.id, activities.candidateId))
      .leftJoin(recruitments, eq(recruitments.id, activities.recruitmentId))
      .where(where)
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(literalCount(limit))
      .offset(literalCount(offset)),
    { organisationId, recruitmentIds },
  );
  return rows.map((r): ActivityRow => ({ ...r.activity, candidateName: r.candidateName, recruitmentName: r.recruitmentName }));
}

/** Merge: the source's entries become the target's; those about a dropped application are about the kept one instead. */
export async function moveActivitiesToCandidate(
  db: Db,
  organisationId: string,
  sourceId: string,
  targetId: string,
  replaced: { dropped: string; kept: string }[],
) {
  for (const r of replaced) {
    await db
      .update(activities)
      .set({ applicationId: r.kept })
      .where(and(eq(activities.organisationId, organisationId), eq(activities.applicationId, r.dropped)));
  }
  await db
    .update(activities)
    .set({ candidateId: targetId })
    .where(and(eq(activities.organisationId, organisationId), eq(activities.candidateId, sourceId)));
}

/** Every entry about the candidate: its id and data (erasure scrubs the data). */
export function candidateActivityData(db: Db, organisationId: string, candidateId: string) {
  return db
    .select({ id: activities.id, data: activities.data, actorUserId: activities.actorUserId, actorName: activities.actorName })
    .from(activities)
    .where(and(eq(activities.organisationId, organisationId), eq(activities.candidateId, candidateId)));
}

export async function setActivityData(db: Db, organisationId: string, id: string, data: Record<string, unknown>, actorName: string) {
  await db
    .update(activities)
    .set({ data, actorName })
    .where(and(eq(activities.organisationId, organisationId), eq(activities.id, id)));
}
