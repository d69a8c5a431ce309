import { and, asc, count, desc, eq, ilike, inArray, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { HIRE_SORTS } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { applications, candidates } from '../../db/schema/candidates.ts';
import { offers } from '../../db/schema/interviews.ts';
import { recruitmentMembers, recruitments } from '../../db/schema/recruitments.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { hireDocuments, hires, hireTasks, onboardings, onboardingStages, onboardingTemplates } from '../../db/schema/onboarding.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { storedFiles } from '../../db/schema/outbox.ts';
import { teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';
import { outer } from '../../db/sql.ts';

export type { TemplateDocument, TemplateTask } from '../../db/schema/onboarding.ts';
export type HireRow = typeof hires.$inferSelect;
export type TaskRow = typeof hireTasks.$inferSelect;
type OnboardingRow = typeof onboardings.$inferSelect;
export type HireSort = (typeof HIRE_SORTS)[number];

const managers = alias(users, 'manager');
const buddies = alias(users, 'buddy');

/* ---------- organisation, roles, candidates ---------- */

export function findOrganisation(db: Db, organisationId: string) {
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      products: organisations.products,
      plan: organisations.plan,
      trailEndsAt: organisations.trailEndsAt,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .then((r) => r[0]);
}

export function findRole(db: Db, organisationId: string, roleId: string) {
  return db
    .select({ id: jobRoles.id, name: jobRoles.name, teamId: teams.id, teamName: teams.name })
    .from(jobRoles)
    .leftJoin(teams, eq(teams.id, jobRoles.teamId))
    .where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, roleId)))
    .then((r) => r[0]);
}

/* ---------- onboardings ---------- */

export function findOnboarding(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.organisationId, organisationId), eq(onboardings.id, id)))
    .then((r) => r[0]);
}

/**
 * The role's onboarding, created when it has none (a concurrent creation is taken as is) with the
 * organisation's oldest template as its template, so a first hire gets a checklist.
 */
export async function onboardingOfRole(db: Db, organisationId: string, roleId: string): Promise<OnboardingRow> {
  const [existing] = await db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.organisationId, organisationId), eq(onboardings.roleId, roleId)));
  if (existing) return existing;
  const [template] = await db
    .select({ id: onboardingTemplates.id })
    .from(onboardingTemplates)
    .where(eq(onboardingTemplates.organisationId, organisationId))
    .orderBy(asc(onboardingTemplates.createdAt), asc(onboardingTemplates.id))
    .limit(1);
  await db
    .insert(onboardings)
    .values({ organisationId, roleId, templateId: template?.id ?? null })
    .onConflictDoNothing({ target: onboardings.roleId });
  const [row] = await db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.organisationId, organisationId), eq(onboardings.roleId, roleId)));
  if (!row) throw new Error('onboarding not created');
  return row;
}

export function setOnboardingTemplate(db: Db, organisationId: string, id: string, templateId: string | null) {
  return db
    .update(onboardings)
    .set({ templateId, updatedAt: new Date() })
    .where(and(eq(onboardings.organisationId, organisationId), eq(onboardings.id, id)));
}

/** Onboardings (with their role, team and template), only those holding hires unless `ids` names them. */
export function onboardingHeaders(db: Db, organisationId: string, ids?: string[]) {
  return db
    .select({
      id: onboardings.id,
      createdAt: onboardings.createdAt,
      updatedAt: onboardings.updatedAt,
      roleId: jobRoles.id,
      roleName: jobRoles.name,
      teamId: teams.id,
      teamName: teams.name,
      templateId: onboardingTemplates.id,
      templateName: onboardingTemplates.name,
    })
    .from(onboardings)
    .innerJoin(jobRoles, eq(jobRoles.id, onboardings.roleId))
    .leftJoin(teams, eq(teams.id, jobRoles.teamId))
    .leftJoin(onboardingTemplates, eq(onboardingTemplates.id, onboardings.templateId))
    .where(
      and(
        eq(onboardings.organisationId, organisationId),
        ids ? inArray(onboardings.id, ids) : sql`exists (select 1 from hires h where h.onboarding_id = ${outer(onboardings.id)})`,
      ),
    )
    .orderBy(asc(jobRoles.name), asc(onboardings.id));
}
export type OnboardingHeader = Awaited<ReturnType<typeof onboardingHeaders>>[number];

/** Hires per onboarding and stage. */
export function stageCountsOf(db: Db, organisationId: string, onboardingIds: string[]) {
  if (onboardingIds.length === 0) return Promise.resolve([]);
  return db
    .select({ onboardingId: hires.onboardingId, stageId: hires.stageId, n: count() })
    .from(hires)
    .where(and(eq(hires.organisationId, organisationId), inArray(hires.onboardingId, onboardingIds)))
    .groupBy(hires.onboardingId, hires.stageId);
}

/** Overdue open tasks and the next start date (today or later) per onboarding. */
export function onboardingFigures(db: Db, organisationId: string, onboardingIds: string[], today: string) {
  if (onboardingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      onboardingId: hires.onboardingId,
      overdue: sql<number>`(select count(*) from hire_tasks t join hires h2 on h2.id = t.hire_id
        where h2.onboarding_id = ${outer(hires.onboardingId)} and t.done_at is null and t.due_date < ${today}::date)`.mapWith(Number),
      nextStart: sql<string | null>`min(${hires.startDate}) filter (where ${hires.startDate} >= ${today}::date)`.mapWith((v: unknown) =>
        v === null || v === undefined ? null : String(v).slice(0, 10),
      ),
    })
    .from(hires)
    .where(and(eq(hires.organisationId, organisationId), inArray(hires.onboardingId, onboardingIds)))
    .groupBy(hires.onboardingId);
}
export type OnboardingFigures = Awaited<ReturnType<typeof onboardingFigures>>[number];

/* ---------- hires ---------- */

const tasksDone = sql<number>`(select count(*) from hire_tasks t where t.hire_id = ${outer(hires.id)} and t.done_at is not null)`.mapWith(
  Number,
);
const tasksTotal = sql<number>`(select count(*) from hire_tasks t where t.hire_id = ${outer(hires.id)})`.mapWith(Number);
const documentsUploaded =
  sql<number>`(select count(*) from hire_documents d where d.hire_id = ${outer(hires.id)} and d.stored_file_id is not null)`.mapWith(
    Number,
  );
const documentsTotal = sql<number>`(select count(*) from hire_documents d where d.hire_id = ${outer(hires.id)})`.mapWith(Number);
const overdueOf = (today: string) =>
  sql<number>`(select count(*) from hire_tasks t where t.hire_id = ${outer(hires.id)} and t.done_at is null and t.due_date < ${today}::date)`.mapWith(
    Number,
  );

const hireSelection = (today: string) => ({
  hire: hires,
  candidateName: candidates.name,
  candidateEmail: candidates.email,
  roleId: jobRoles.id,
  roleName: jobRoles.name,
  stageName: onboardingStages.name,
  stageColour: onboardingStages.colour,
  stageCategory: onboardingStages.category,
  stagePosition: onboardingStages.position,
  managerName: managers.name,
  managerEmail: managers.email,
  buddyName: buddies.name,
  buddyEmail: buddies.email,
  templateName: onboardingTemplates.name,
  tasksDone,
  tasksTotal,
  documentsUploaded,
  documentsTotal,
  overdue: overdueOf(today),
});

export type HireJoined = Awaited<ReturnType<typeof hireQuery>>[number];

function hireQuery(db: Db, today: string, where: SQL | undefined) {
  return db
    .select(hireSelection(today))
    .from(hires)
    .innerJoin(candidates, eq(candidates.id, hires.candidateId))
    .innerJoin(onboardings, eq(onboardings.id, hires.onboardingId))
    .innerJoin(jobRoles, eq(jobRoles.id, onboardings.roleId))
    .innerJoin(onboardingStages, eq(onboardingStages.id, hires.stageId))
    .leftJoin(managers, eq(managers.id, hires.managerId))
    .leftJoin(buddies, eq(buddies.id, hires.buddyId))
    .leftJoin(onboardingTemplates, eq(onboardingTemplates.id, hires.templateId))
    .where(where)
    .$dynamic();
}

export function findHireJoined(db: Db, organisationId: string, id: string, today: string): Promise<HireJoined | undefined> {
  return hireQuery(db, today, and(eq(hires.organisationId, organisationId), eq(hires.id, id))).then((r) => r[0]);
}

const SORTS: Record<HireSort, SQL[]> = {
  name: [asc(candidates.name)],
  '-name': [desc(candidates.name)],
  start_date: [sql`${hires.startDate} asc nulls last`],
  '-start_date': [sql`${hires.startDate} desc nulls last`],
  stage: [asc(onboardingStages.position), asc(hires.boardPosition)],
  '-stage': [desc(onboardingStages.position), asc(hires.boardPosition)],
  created_at: [asc(hires.createdAt)],
  '-created_at': [desc(hires.createdAt)],
};

export async function listHires(
  db: Db,
  organisationId: string,
  onboardingId: string,
  o: { page: number; perPage: number; sort: HireSort; stageIds: string[]; search: string | undefined; today: string },
) {
  const where = and(
    eq(hires.organisationId, organisationId),
    eq(hires.onboardingId, onboardingId),
    o.stageIds.length > 0 ? inArray(hires.stageId, o.stageIds) : undefined,
    o.search ? or(ilike(candidates.name, containsPattern(o.search)), ilike(candidates.email, containsPattern(o.search))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    hireQuery(db, o.today, where)
      .orderBy(...SORTS[o.sort], asc(hires.id))
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db.select({ n: count() }).from(hires).innerJoin(candidates, eq(candidates.id, hires.candidateId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every hire of the onboarding in board order (per stage). */
export function boardHires(db: Db, organisationId: string, onboardingId: string, today: string) {
  return hireQuery(db, today, and(eq(hires.organisationId, organisationId), eq(hires.onboardingId, onboardingId))).orderBy(
    asc(hires.boardPosition),
    asc(hires.id),
  );
}

/** The hire, locked until the transaction ends (concurrent moves and edits serialise here). */
export function lockHire(db: Db, organisationId: string, id: string): Promise<HireRow | undefined> {
  return db
    .select()
    .from(hires)
    .where(and(eq(hires.organisationId, organisationId), eq(hires.id, id)))
    .for('update')
    .then((r) => r[0]);
}

export function findHireOf(db: Db, onboardingId: string, candidateId: string) {
  return db
    .select({ id: hires.id })
    .from(hires)
    .where(and(eq(hires.onboardingId, onboardingId), eq(hires.candidateId, candidateId)))
    .then((r) => r[0]);
}

/* ---------- accepted offers ---------- */

/**
 * The organisation's accepted offers (`ids`: only those) with their person, role and start date,
 * and whether that person is in onboarding for it already: in the role's onboarding, or a hire
 * made from this very offer. Newest acceptance first.
 */
export function acceptedOffersOf(db: Db, organisationId: string, o: { ids?: string[]; onlyNotInOnboarding?: boolean } = {}) {
  const inOnboarding = sql<boolean>`(exists (select 1 from ${hires} h join ${onboardings} ob on ob.id = h.onboarding_id
      where h.candidate_id = ${outer(applications.candidateId)} and ob.role_id = ${outer(recruitments.roleId)})
    or exists (select 1 from ${hires} h where h.offer_id = ${outer(offers.id)}))`;
  const where: SQL[] = [eq(offers.organisationId, organisationId), eq(offers.status, 'accepted')];
  if (o.ids) where.push(inArray(offers.id, o.ids.length > 0 ? o.ids : ['00000000-0000-0000-0000-000000000000']));
  if (o.onlyNotInOnboarding) where.push(sql`not ${inOnboarding}`, sql`${candidates.erasedAt} is null`);
  return db
    .select({
      offerId: offers.id,
      applicationId: offers.applicationId,
      recruitmentId: offers.recruitmentId,
      recruitmentName: recruitments.name,
      startDate: offers.startDate,
      decidedAt: offers.decidedAt,
      candidateId: candidates.id,
      candidateName: candidates.name,
      candidateEmail: candidates.email,
      candidateErasedAt: candidates.erasedAt,
      roleId: jobRoles.id,
      roleName: jobRoles.name,
      inOnboarding,
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, offers.recruitmentId))
    .innerJoin(jobRoles, eq(jobRoles.id, recruitments.roleId))
    .where(and(...where))
    .orderBy(sql`${offers.decidedAt} desc nulls last`, desc(offers.id));
}
export type AcceptedOfferRow = Awaited<ReturnType<typeof acceptedOffersOf>>[number];

/** The recruitment's (first) hiring manager, else its owner: the manager of a hire from its offer. */
export async function hiringManagerOf(db: Db, recruitmentId: string): Promise<string | null> {
  const [hm] = await db
    .select({ userId: recruitmentMembers.userId })
    .from(recruitmentMembers)
    .where(and(eq(recruitmentMembers.recruitmentId, recruitmentId), eq(recruitmentMembers.role, 'hiring_manager')))
    .orderBy(asc(recruitmentMembers.createdAt))
    .limit(1);
  if (hm) return hm.userId;
  const [r] = await db.select({ ownerId: recruitments.ownerId }).from(recruitments).where(eq(recruitments.id, recruitmentId));
  return r?.ownerId ?? null;
}

/** The role of a recruitment of the organisation. */
export function roleIdOfRecruitment(db: Db, organisationId: string, recruitmentId: string) {
  return db
    .select({ roleId: recruitments.roleId })
    .from(recruitments)
    .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.id, recruitmentId)))
    .then((r) => r[0]?.roleId);
}

export async function insertHire(db: Db, values: PgInsertValue<typeof hires>): Promise<HireRow> {
  const [row] = await db.insert(hires).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export type HireChanges = Partial<
  Pick<
    typeof hires.$inferInsert,
    'stageId' | 'boardPosition' | 'stageEnteredAt' | 'startDate' | 'managerId' | 'buddyId' | 'firstDayInfo' | 'tokenHash' | 'tokenIssuedAt'
  >
>;

/** Every change bumps the version (the board's conflict check). */
export function updateHire(db: Db, organisationId: string, id: string, changes: HireChanges) {
  return db
    .update(hires)
    .set({ ...changes, version: sql`${hires.version} + 1`, updatedAt: new Date() })
    .where(and(eq(hires.organisationId, organisationId), eq(hires.id, id)));
}

export function deleteHire(db: Db, organisationId: string, id: string) {
  return db.delete(hires).where(and(eq(hires.organisationId, organisationId), eq(hires.id, id)));
}

/** The candidate's hires (one per role's onboarding), locked until the transaction ends. */
export function lockHiresOfCandidate(db: Db, organisationId: string, candidateId: string) {
  return db
    .select({ id: hires.id })
    .from(hires)
    .where(and(eq(hires.organisationId, organisationId), eq(hires.candidateId, candidateId)))
    .orderBy(asc(hires.id))
    .for('update')
    .then((r) => r.map((x) => x.id));
}

/** Deletes the hires; their tasks and documents go with them (on delete cascade). */
export function deleteHires(db: Db, organisationId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .delete(hires)
    .where(and(eq(hires.organisationId, organisationId), inArray(hires.id, ids)))
    .then(() => undefined);
}

/** The cards of a column but `exceptId`, in board order. */
export function columnOf(db: Db, onboardingId: string, stageId: string, exceptId: string) {
  return db
    .select({ id: hires.id, position: hires.boardPosition })
    .from(hires)
    .where(and(eq(hires.onboardingId, onboardingId), eq(hires.stageId, stageId), ne(hires.id, exceptId)))
    .orderBy(asc(hires.boardPosition), asc(hires.id));
}

export async function lastPositionOf(db: Db, onboardingId: string, stageId: string): Promise<number> {
  const [row] = await db
    .select({ p: max(hires.boardPosition) })
    .from(hires)
    .where(and(eq(hires.onboardingId, onboardingId), eq(hires.stageId, stageId)));
  return row?.p ?? 0;
}

export async function setPositions(db: Db, positions: Array<{ id: string; position: number }>) {
  for (const p of positions) await db.update(hires).set({ boardPosition: p.position }).where(eq(hires.id, p.id));
}

/**
 * The organisation whose new hire the link names: the new-hire page's one read with the owner's
 * rights (http/public-scope.ts); everything else it reads runs in that organisation.
 */
export async function organisationOfHireToken(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db.select({ organisationId: hires.organisationId }).from(hires).where(eq(hires.tokenHash, tokenHash));
  return row?.organisationId ?? null;
}

/** The hire a new-hire token names (its sha256). */
export function findHireByTokenHash(db: Db, tokenHash: string) {
  return db
    .select({
      hire: hires,
      candidateName: candidates.name,
      candidateEmail: candidates.email,
      roleName: jobRoles.name,
      organisationName: organisations.name,
      managerName: managers.name,
      managerEmail: managers.email,
      buddyName: buddies.name,
      buddyEmail: buddies.email,
    })
    .from(hires)
    .innerJoin(candidates, eq(candidates.id, hires.candidateId))
    .innerJoin(onboardings, eq(onboardings.id, hires.onboardingId))
    .innerJoin(jobRoles, eq(jobRoles.id, onboardings.roleId))
    .innerJoin(organisations, eq(organisations.id, hires.organisationId))
    .leftJoin(managers, eq(managers.id, hires.managerId))
    .leftJoin(buddies, eq(buddies.id, hires.buddyId))
    .where(eq(hires.tokenHash, tokenHash))
    .then((r) => r[0]);
}
export type TokenHire = NonNullable<Awaited<ReturnType<typeof findHireByTokenHash>>>;

/* ---------- tasks ---------- */

const doers = alias(users, 'doer');
const owners = alias(users, 'owner');

export function tasksOf(db: Db, hireIds: string[]) {
  if (hireIds.length === 0) return Promise.resolve([]);
  return db
    .select({ task: hireTasks, ownerName: owners.name, ownerEmail: owners.email, doneByName: doers.name })
    .from(hireTasks)
    .leftJoin(owners, eq(owners.id, hireTasks.ownerId))
    .leftJoin(doers, eq(doers.id, hireTasks.doneById))
    .where(inArray(hireTasks.hireId, hireIds))
    .orderBy(asc(hireTasks.position), asc(hireTasks.id));
}
export type TaskJoined = Awaited<ReturnType<typeof tasksOf>>[number];

export function findTask(db: Db, organisationId: string, hireId: string, id: string) {
  return db
    .select()
    .from(hireTasks)
    .where(and(eq(hireTasks.organisationId, organisationId), eq(hireTasks.hireId, hireId), eq(hireTasks.id, id)))
    .then((r) => r[0]);
}

export async function nextTaskPosition(db: Db, hireId: string) {
  const [row] = await db
    .select({ p: max(hireTasks.position) })
    .from(hireTasks)
    .where(eq(hireTasks.hireId, hireId));
  return (row?.p ?? 0) + 1;
}

export async function insertTasks(db: Db, rows: Array<PgInsertValue<typeof hireTasks>>) {
  if (rows.length === 0) return [];
  return db.insert(hireTasks).values(rows).returning();
}

export function updateTask(db: Db, id: string, changes: Partial<typeof hireTasks.$inferInsert>) {
  return db.update(hireTasks).set(changes).where(eq(hireTasks.id, id));
}

export function deleteTask(db: Db, id: string) {
  return db.delete(hireTasks).where(eq(hireTasks.id, id));
}

/** Due dates follow the start date (tasks relative to it); owners follow the manager and buddy. */
export async function refreshTasksOf(
  db: Db,
  hire: { id: string; startDate: string | null; managerId: string | null; buddyId: string | null },
) {
  await db
    .update(hireTasks)
    .set({
      dueDate: hire.startDate ? sql`(${hire.startDate}::date + ${hireTasks.dueDays})` : null,
    })
    .where(and(eq(hireTasks.hireId, hire.id), sql`${hireTasks.dueDays} is not null`));
  await db
    .update(hireTasks)
    .set({ ownerId: hire.managerId })
    .where(and(eq(hireTasks.hireId, hire.id), eq(hireTasks.ownerKind, 'manager')));
  await db
    .update(hireTasks)
    .set({ ownerId: hire.buddyId })
    .where(and(eq(hireTasks.hireId, hire.id), eq(hireTasks.ownerKind, 'buddy')));
}

/** Marks up to `limit` open tasks due by `today` whose owner was not yet told, and returns them with what the message needs. */
export async function claimDueTasks(db: Db, today: string, limit: number) {
  const claimed = await db.execute(sql`
    update hire_tasks set due_notified_at = now()
    where id in (
      select id from hire_tasks
      where done_at is null and due_notified_at is null and owner_id is not null and due_date <= ${today}::date
      order by due_date, id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (claimed as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  return tasksWithHire(db, ids);
}

/**
 * A leaving member's open tasks (not done) lose their owner; told already or not, the next owner is
 * told when the task is due. Returns them with their hire, for the timeline and the one who removed them.
 */
export async function unassignOpenTasksOf(db: Db, organisationId: string, userId: string) {
  const unassigned = await db
    .update(hireTasks)
    .set({ ownerId: null, dueNotifiedAt: null })
    .where(and(eq(hireTasks.organisationId, organisationId), eq(hireTasks.ownerId, userId), isNull(hireTasks.doneAt)))
    .returning({ id: hireTasks.id });
  return tasksWithHire(
    db,
    unassigned.map((r) => r.id),
  );
}

/** Tasks `ids` with their hire and its candidate (for reminders and timeline lines), in checklist order. */
async function tasksWithHire(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: hireTasks.id,
      title: hireTasks.title,
      dueDate: hireTasks.dueDate,
      ownerId: hireTasks.ownerId,
      organisationId: hireTasks.organisationId,
      hireId: hires.id,
      onboardingId: hires.onboardingId,
      candidateId: candidates.id,
      candidateName: candidates.name,
    })
    .from(hireTasks)
    .innerJoin(hires, eq(hires.id, hireTasks.hireId))
    .innerJoin(candidates, eq(candidates.id, hires.candidateId))
    .where(inArray(hireTasks.id, ids))
    .orderBy(hireTasks.hireId, hireTasks.position);
}

/* ---------- documents ---------- */

const uploaders = alias(users, 'uploader');

export function documentsOf(db: Db, hireIds: string[]) {
  if (hireIds.length === 0) return Promise.resolve([]);
  return db
    .select({ document: hireDocuments, file: storedFiles, uploaderName: uploaders.name })
    .from(hireDocuments)
    .leftJoin(storedFiles, eq(storedFiles.id, hireDocuments.storedFileId))
    .leftJoin(uploaders, eq(uploaders.id, hireDocuments.uploadedById))
    .where(inArray(hireDocuments.hireId, hireIds))
    .orderBy(asc(hireDocuments.position), asc(hireDocuments.id));
}
export type DocumentJoined = Awaited<ReturnType<typeof documentsOf>>[number];

export function findDocument(db: Db, organisationId: string, hireId: string, id: string) {
  return db
    .select({ document: hireDocuments, file: storedFiles })
    .from(hireDocuments)
    .leftJoin(storedFiles, eq(storedFiles.id, hireDocuments.storedFileId))
    .where(and(eq(hireDocuments.organisationId, organisationId), eq(hireDocuments.hireId, hireId), eq(hireDocuments.id, id)))
    .then((r) => r[0]);
}

export async function nextDocumentPosition(db: Db, hireId: string) {
  const [row] = await db
    .select({ p: max(hireDocuments.position) })
    .from(hireDocuments)
    .where(eq(hireDocuments.hireId, hireId));
  return (row?.p ?? 0) + 1;
}

export async function insertDocuments(db: Db, rows: Array<PgInsertValue<typeof hireDocuments>>) {
  if (rows.length === 0) return [];
  return db.insert(hireDocuments).values(rows).returning();
}

export function updateDocument(db: Db, id: string, changes: Partial<typeof hireDocuments.$inferInsert>) {
  return db.update(hireDocuments).set(changes).where(eq(hireDocuments.id, id));
}

export function deleteDocument(db: Db, id: string) {
  return db.delete(hireDocuments).where(eq(hireDocuments.id, id));
}

/** The stored files of hires' documents (for deleting the hires). */
export function storedFileIdsOfHires(db: Db, hireIds: string[]) {
  if (hireIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: hireDocuments.storedFileId })
    .from(hireDocuments)
    .where(and(inArray(hireDocuments.hireId, hireIds), sql`${hireDocuments.storedFileId} is not null`))
    .then((r) => r.flatMap((x) => (x.id ? [x.id] : [])));
}
