import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { INTERVIEW_MINUTES } from '@hireloop/contract/interviews';
import type { Db } from '../../db/client.ts';
import { literalCount, runPrepared } from '../../db/prepared.ts';
import { applications, candidates } from '../../db/schema/candidates.ts';
import { interviewInterviewers, interviewTypes, interviews, scorecards } from '../../db/schema/interviews.ts';
import { memberships, organisations } from '../../db/schema/organisations.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { users } from '../../db/schema/users.ts';
import { offsetOf } from '../../lib/paging.ts';
import { applicationsOfCandidate, outer, withoutPerson, type ErasedPerson } from '../../db/sql.ts';

export type InterviewRow = typeof interviews.$inferSelect;
export type NewInterview = typeof interviews.$inferInsert;
export type ScorecardRow = typeof scorecards.$inferSelect;

/** The application an interview is for, with what scheduling checks and the invitation needs. */
export function findApplicationContext(db: Db, organisationId: string, applicationId: string) {
  return db
    .select({
      id: applications.id,
      recruitmentId: applications.recruitmentId,
      rejectedAt: applications.rejectedAt,
      candidateId: candidates.id,
      candidateName: candidates.name,
      candidateEmail: candidates.email,
      candidateErasedAt: candidates.erasedAt,
      recruitmentName: recruitments.name,
      recruitmentStatus: recruitments.status,
    })
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.id, applicationId)))
    .then((r) => r[0]);
}

export function organisationDefaults(db: Db, organisationId: string) {
  return db
    .select({ minutes: organisations.defaultInterviewMinutes, timezone: organisations.timezone, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .then((r) => r[0]);
}

export type Person = { id: string; name: string; email: string | null; avatarUrl: string | null };

export function personOf(db: Db, userId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]);
}

export const insertInterview = (db: Db, values: NewInterview) =>
  db
    .insert(interviews)
    .values(values)
    .returning()
    .then((r) => r[0]!);

export const updateInterview = (db: Db, organisationId: string, id: string, changes: Partial<NewInterview>) =>
  db
    .update(interviews)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(interviews.organisationId, organisationId), eq(interviews.id, id)))
    .returning()
    .then((r) => r[0]);

export async function addInterviewers(db: Db, interviewId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .insert(interviewInterviewers)
    .values(userIds.map((userId) => ({ interviewId, userId })))
    .onConflictDoNothing();
}

export async function removeInterviewers(db: Db, interviewId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .delete(interviewInterviewers)
    .where(and(eq(interviewInterviewers.interviewId, interviewId), inArray(interviewInterviewers.userId, userIds)));
}

/** Locks the interview row for the rest of the transaction. */
export function lockInterview(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(interviews)
    .where(and(eq(interviews.organisationId, organisationId), eq(interviews.id, id)))
    .for('update')
    .then((r) => r[0]);
}

const baseColumns = {
  interview: interviews,
  candidateName: candidates.name,
  candidateErasedAt: candidates.erasedAt,
  candidateId: candidates.id,
  recruitmentName: recruitments.name,
  organiserName: users.name,
  typeName: interviewTypes.name,
  /** The panel and the submitted scorecards' heads, in the same round trip (lists stay one query + a count). */
  panel: sql<Array<{ id: string; name: string; email: string | null; avatarUrl: string | null }>>`(
    select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'avatarUrl', u.avatar_url) order by u.name, u.id), '[]'::json)
    from ${interviewInterviewers} ii join ${users} u on u.id = ii.user_id where ii.interview_id = ${interviews.id})`,
  heads: sql<Array<{ interviewerId: string; recommendation: string }>>`(
    select coalesce(json_agg(json_build_object('interviewerId', s.interviewer_id, 'recommendation', s.recommendation)), '[]'::json)
    from ${scorecards} s where s.interview_id = ${interviews.id})`,
};
export type InterviewBase = {
  interview: InterviewRow;
  candidateName: string;
  candidateErasedAt: Date | null;
  candidateId: string;
  recruitmentName: string;
  organiserName: string | null;
  typeName: string | null;
  panel: Array<{ id: string; name: string; email: string | null; avatarUrl: string | null }>;
  heads: Array<{ interviewerId: string; recommendation: string }>;
};

function baseQuery(db: Db) {
  return db
    .select(baseColumns)
    .from(interviews)
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, interviews.recruitmentId))
    .leftJoin(users, eq(users.id, interviews.organiserId))
    .leftJoin(interviewTypes, eq(interviewTypes.id, interviews.typeId));
}

const isInterviewer = (userId: string) =>
  sql`exists (select 1 from ${interviewInterviewers} ii where ii.interview_id = ${outer(interviews.id)} and ii.user_id = ${userId})`;

export function findInterviewBase(db: Db, organisationId: string, id: string, onlyFor?: string) {
  return baseQuery(db)
    .where(and(eq(interviews.organisationId, organisationId), eq(interviews.id, id), onlyFor ? isInterviewer(onlyFor) : undefined))
    .then((r) => r[0]);
}

export type InterviewFilters = {
  interviewerId?: string | undefined;
  statuses?: string[] | undefined;
  when: 'upcoming' | 'past' | 'all';
  applicationId?: string | undefined;
  /** An interviewer-role member sees only their own. */
  onlyFor?: string | undefined;
};

function filterWhere(f: InterviewFilters, now: Date): SQL[] {
  const where: SQL[] = [];
  if (f.interviewerId) where.push(isInterviewer(f.interviewerId));
  if (f.onlyFor) where.push(isInterviewer(f.onlyFor));
  if (f.statuses && f.statuses.length > 0) where.push(inArray(interviews.status, f.statuses));
  if (f.applicationId) where.push(eq(interviews.applicationId, f.applicationId));
  // The start bounds are implied (an interview lasts at most INTERVIEW_MINUTES.max) but let the
  // (recruitment_id, starts_at) index range-scan instead of filtering the recruitment's whole history.
  if (f.when === 'upcoming')
    where.push(gte(interviews.endsAt, now), gt(interviews.startsAt, new Date(now.getTime() - INTERVIEW_MINUTES.max * 60_000)));
  if (f.when === 'past') where.push(lt(interviews.endsAt, now), lt(interviews.startsAt, now));
  return where;
}

export async function listRecruitmentInterviews(
  db: Db,
  organisationId: string,
  recruitmentId: string,
  f: InterviewFilters,
  o: { page: number; perPage: number; now: Date },
) {
  const where = and(eq(interviews.recruitmentId, recruitmentId), eq(interviews.organisationId, organisationId), ...filterWhere(f, o.now));
  const order = f.when === 'past' ? [desc(interviews.startsAt), desc(interviews.id)] : [asc(interviews.startsAt), asc(interviews.id)];
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db.select({ n: count() }).from(interviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function applicationInterviews(db: Db, organisationId: string, applicationId: string, onlyFor?: string) {
  return baseQuery(db)
    .where(
      and(
        eq(interviews.organisationId, organisationId),
        eq(interviews.applicationId, applicationId),
        onlyFor ? isInterviewer(onlyFor) : undefined,
      ),
    )
    .orderBy(asc(interviews.startsAt), asc(interviews.id));
}

/** Interviewers (with names) of these interviews. */
export function interviewersOf(db: Db, interviewIds: string[]) {
  if (interviewIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      interviewId: interviewInterviewers.interviewId,
      id: users.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
    })
    .from(interviewInterviewers)
    .innerJoin(users, eq(users.id, interviewInterviewers.userId))
    .where(inArray(interviewInterviewers.interviewId, interviewIds))
    .orderBy(asc(users.name), asc(users.id));
}

/** Per interview of the organisation among `ids`: who is on the panel and who has submitted a scorecard. */
export async function panelsOf(db: Db, organisationId: string, ids: string[]) {
  const facts = new Map<string, { panelIds: string[]; submittedIds: string[] }>();
  if (ids.length === 0) return facts;
  const [found, panel, submitted] = await Promise.all([
    db
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.organisationId, organisationId), inArray(interviews.id, ids))),
    db
      .select({ interviewId: interviewInterviewers.interviewId, userId: interviewInterviewers.userId })
      .from(interviewInterviewers)
      .where(inArray(interviewInterviewers.interviewId, ids)),
    db
      .select({ interviewId: scorecards.interviewId, userId: scorecards.interviewerId })
      .from(scorecards)
      .where(inArray(scorecards.interviewId, ids)),
  ]);
  for (const f of found) facts.set(f.id, { panelIds: [], submittedIds: [] });
  for (const p of panel) facts.get(p.interviewId)?.panelIds.push(p.userId);
  for (const s of submitted) facts.get(s.interviewId)?.submittedIds.push(s.userId);
  return facts;
}

export function scorecardsOf(db: Db, interviewId: string) {
  return db
    .select({ scorecard: scorecards, interviewerName: users.name })
    .from(scorecards)
    .innerJoin(users, eq(users.id, scorecards.interviewerId))
    .where(eq(scorecards.interviewId, interviewId))
    .orderBy(asc(scorecards.submittedAt), asc(scorecards.id));
}

export const insertScorecard = (db: Db, values: typeof scorecards.$inferInsert) =>
  db
    .insert(scorecards)
    .values(values)
    .onConflictDoNothing()
    .returning()
    .then((r) => r[0]);

/** The scheduled interviews of these users overlapping [startsAt, endsAt). */
export function overlapping(db: Db, organisationId: string, userIds: string[], startsAt: Date, endsAt: Date, excludeId?: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: interviewInterviewers.userId,
      userName: users.name,
      id: interviews.id,
      title: interviews.title,
      startsAt: interviews.startsAt,
      endsAt: interviews.endsAt,
      candidateName: candidates.name,
      recruitmentId: recruitments.id,
      recruitmentName: recruitments.name,
    })
    .from(interviewInterviewers)
    .innerJoin(interviews, eq(interviews.id, interviewInterviewers.interviewId))
    .innerJoin(users, eq(users.id, interviewInterviewers.userId))
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, interviews.recruitmentId))
    .where(
      and(
        eq(interviews.organisationId, organisationId),
        inArray(interviewInterviewers.userId, userIds),
        eq(interviews.status, 'scheduled'),
        lt(interviews.startsAt, endsAt),
        gt(interviews.endsAt, startsAt),
        excludeId ? ne(interviews.id, excludeId) : undefined,
      ),
    )
    .orderBy(asc(interviews.startsAt), asc(users.name));
}

/**
 * The user's upcoming scheduled interviews in the organisation (dashboard); the page first, then its
 * candidates (decision 017). Prepared by name, as the feedback owed: planned once per connection.
 */
export function upcomingFor(db: Db, organisationId: string, userId: string, now: Date, limit: number) {
  const page = db
    .select({
      id: interviews.id,
      title: interviews.title,
      startsAt: interviews.startsAt,
      recruitmentId: interviews.recruitmentId,
      applicationId: interviews.applicationId,
    })
    .from(interviewInterviewers)
    .innerJoin(interviews, eq(interviews.id, interviewInterviewers.interviewId))
    .where(
      and(
        eq(interviewInterviewers.userId, userId),
        eq(interviews.organisationId, organisationId),
        eq(interviews.status, 'scheduled'),
        gte(interviews.endsAt, now),
      ),
    )
    .orderBy(asc(interviews.startsAt))
    .limit(literalCount(limit))
    .as('page');
  return runPrepared(
    db
      .select({
        id: page.id,
        title: page.title,
        startsAt: page.startsAt,
        recruitmentId: page.recruitmentId,
        candidateName: candidates.name,
      })
      .from(page)
      .innerJoin(applications, and(eq(applications.organisationId, organisationId), eq(applications.id, page.applicationId)))
      .innerJoin(candidates, and(eq(candidates.organisationId, organisationId), eq(candidates.id, applications.candidateId)))
      .orderBy(asc(page.startsAt)),
  );
}

/**
 * Interviews the user was on that have ended (not cancelled) without their scorecard. The page is
 * chosen first, then only its rows are joined to their candidates: joined before the limit, as
 * `hireloop_app` every ended interview of the organisation was joined and sorted to show ten
 * (decision 017). The page walks the organisation's interviews from the latest end back
 * (interviews_ended_idx, migration 0029) and asks of each whether the user was on it and wrote no
 * scorecard, until it has ten: joined first, every ended interview was checked and sorted (787 at the
 * bench's 2,000 interviews).
 */
export function feedbackOwedBy(db: Db, organisationId: string, userId: string, now: Date, limit: number) {
  const page = db
    .select({
      id: interviews.id,
      title: interviews.title,
      endsAt: interviews.endsAt,
      recruitmentId: interviews.recruitmentId,
      applicationId: interviews.applicationId,
    })
    .from(interviews)
    .where(
      and(
        eq(interviews.organisationId, organisationId),
        ne(interviews.status, 'cancelled'),
        lt(interviews.endsAt, now),
        sql`exists (select 1 from interview_interviewers ii where ii.interview_id = ${outer(interviews.id)} and ii.user_id = ${userId})`,
        sql`not exists (select 1 from scorecards sc where sc.interview_id = ${outer(interviews.id)} and sc.interviewer_id = ${userId})`,
      ),
    )
    .orderBy(desc(interviews.endsAt))
    .limit(literalCount(limit))
    .as('page');
  return runPrepared(
    db
      .select({ id: page.id, title: page.title, endsAt: page.endsAt, recruitmentId: page.recruitmentId, candidateName: candidates.name })
      .from(page)
      .innerJoin(applications, and(eq(applications.organisationId, organisationId), eq(applications.id, page.applicationId)))
      .innerJoin(candidates, and(eq(candidates.organisationId, organisationId), eq(candidates.id, applications.candidateId)))
      .orderBy(desc(page.endsAt)),
  );
}

/**
 * (interview, interviewer) pairs of interviews that ended within the last `windowDays` (not
 * cancelled) with no scorecard from that interviewer and no feedback-due notification sent yet:
 * neither claimed (`feedback_due_notified_at`) nor, for reminders sent before that column existed
 * or an interviewer removed and added again, found among the notifications. Ordered the same way
 * on every node, so two nodes claiming the rows in one transaction each take the row locks in the
 * same order.
 */
export function endedWithoutFeedback(db: Db, now: Date, windowDays = 14, limit = 500) {
  const since = new Date(now.getTime() - windowDays * 86_400_000);
  return db
    .select({
      interviewId: interviews.id,
      organisationId: interviews.organisationId,
      recruitmentId: interviews.recruitmentId,
      title: interviews.title,
      userId: interviewInterviewers.userId,
      candidateId: candidates.id,
      candidateName: candidates.name,
      candidateErased: sql<boolean>`${candidates.erasedAt} is not null`,
    })
    .from(interviews)
    .innerJoin(interviewInterviewers, eq(interviewInterviewers.interviewId, interviews.id))
    .innerJoin(applications, eq(applications.id, interviews.applicationId))
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(
      memberships,
      and(eq(memberships.organisationId, interviews.organisationId), eq(memberships.userId, interviewInterviewers.userId)),
    )
    .where(
      and(
        ne(interviews.status, 'cancelled'),
        lt(interviews.endsAt, now),
        gte(interviews.endsAt, since),
        sql`not exists (select 1 from ${scorecards} s where s.interview_id = ${outer(interviews.id)} and s.interviewer_id = ${outer(interviewInterviewers.userId)})`,
        isNull(interviewInterviewers.feedbackDueNotifiedAt),
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${outer(interviewInterviewers.userId)} and n.type = 'interview_feedback_due' and n.data->>'interview_id' = ${outer(interviews.id)}::text)`,
      ),
    )
    .orderBy(asc(interviews.endsAt), asc(interviews.id), asc(interviewInterviewers.userId))
    .limit(limit);
}

/**
 * Marks the interviewer as told their scorecard is due, only if no one did yet. True when this
 * call made the mark: a concurrent claim waits for this transaction and then finds the mark.
 */
export async function claimFeedbackDue(db: Db, interviewId: string, userId: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(interviewInterviewers)
    .set({ feedbackDueNotifiedAt: at })
    .where(
      and(
        eq(interviewInterviewers.interviewId, interviewId),
        eq(interviewInterviewers.userId, userId),
        isNull(interviewInterviewers.feedbackDueNotifiedAt),
      ),
    )
    .returning({ userId: interviewInterviewers.userId });
  return claimed.length > 0;
}

/** Erasure: the person's name and e-mail leave what interviewers wrote about them. */
export async function scrubScorecardsOf(db: Db, organisationId: string, person: ErasedPerson) {
  await db.execute(
    sql`update scorecards set notes = ${withoutPerson(sql`notes`, person)}
      where interview_id in (select i.id from interviews i where i.application_id in ${applicationsOfCandidate(organisationId, person.id)})`,
  );
}
