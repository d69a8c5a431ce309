import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { literalCount, runPrepared } from '../../db/prepared.ts';
import { applications, candidates } from '../../db/schema/candidates.ts';
import { offerApprovals, offers } from '../../db/schema/interviews.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { memberships, organisations, type OfferApprovalPolicy } from '../../db/schema/organisations.ts';
import { recruitmentStatuses } from '../../db/schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from '../../db/schema/recruitments.ts';
import { users } from '../../db/schema/users.ts';
import { offsetOf } from '../../lib/paging.ts';
import { applicationsOfCandidate, outer, withoutPerson, type ErasedPerson } from '../../db/sql.ts';

export type { OfferApprovalPolicy };
export type OfferValues = Partial<Omit<typeof offers.$inferInsert, 'id' | 'organisationId' | 'createdAt'>>;

const creator = alias(users, 'offer_creator');

const joined = {
  offer: offers,
  candidateId: candidates.id,
  candidateName: candidates.name,
  candidateEmail: candidates.email,
  recruitmentName: recruitments.name,
  roleId: jobRoles.id,
  roleName: jobRoles.name,
  roleSalaryMin: jobRoles.salaryMin,
  roleSalaryMax: jobRoles.salaryMax,
  roleSalaryCurrency: jobRoles.salaryCurrency,
  roleSalaryPeriod: jobRoles.salaryPeriod,
  organisationName: organisations.name,
  createdByName: creator.name,
};

function selectJoined(db: Db) {
  return db
    .select(joined)
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, offers.recruitmentId))
    .innerJoin(jobRoles, eq(jobRoles.id, recruitments.roleId))
    .innerJoin(organisations, eq(organisations.id, offers.organisationId))
    .leftJoin(creator, eq(creator.id, offers.createdById));
}

export type OfferJoined = Awaited<ReturnType<typeof findOffer>> & {};

export async function findOffer(db: Db, organisationId: string, id: string) {
  const [row] = await selectJoined(db).where(and(eq(offers.organisationId, organisationId), eq(offers.id, id)));
  return row ?? null;
}

/**
 * The organisation whose offer the candidate's link names: the public offer page's one read with
 * the owner's rights (http/public-scope.ts); everything else it reads runs in that organisation.
 */
export async function organisationOfOfferToken(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db.select({ organisationId: offers.organisationId }).from(offers).where(eq(offers.tokenHash, tokenHash));
  return row?.organisationId ?? null;
}

export async function findOfferByTokenHash(db: Db, tokenHash: string) {
  const [row] = await selectJoined(db).where(eq(offers.tokenHash, tokenHash));
  return row ?? null;
}

/** Newest first; index offers_recruitment_idx (recruitment_id, created_at). */
export async function listOffers(
  db: Db,
  organisationId: string,
  recruitmentId: string,
  o: { status?: string | undefined; page: number; perPage: number },
) {
  const where: SQL[] = [eq(offers.organisationId, organisationId), eq(offers.recruitmentId, recruitmentId)];
  if (o.status) where.push(eq(offers.status, o.status));
  const [rows, [total]] = await Promise.all([
    selectJoined(db)
      .where(and(...where))
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db
      .select({ n: count() })
      .from(offers)
      .where(and(...where)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function listApplicationOffers(db: Db, organisationId: string, applicationId: string) {
  return selectJoined(db)
    .where(and(eq(offers.organisationId, organisationId), eq(offers.applicationId, applicationId)))
    .orderBy(desc(offers.createdAt), desc(offers.id));
}

export type ApprovalRow = {
  offerId: string;
  approverId: string;
  approverName: string;
  position: number;
  decision: string;
  comment: string | null;
  decidedAt: Date | null;
};

export async function approvalsOf(db: Db, offerIds: string[]): Promise<ApprovalRow[]> {
  if (offerIds.length === 0) return [];
  return db
    .select({
      offerId: offerApprovals.offerId,
      approverId: offerApprovals.approverId,
      approverName: users.name,
      position: offerApprovals.position,
      decision: offerApprovals.decision,
      comment: offerApprovals.comment,
      decidedAt: offerApprovals.decidedAt,
    })
    .from(offerApprovals)
    .innerJoin(users, eq(users.id, offerApprovals.approverId))
    .where(inArray(offerApprovals.offerId, offerIds))
    .orderBy(asc(offerApprovals.offerId), asc(offerApprovals.position));
}

export async function lockOffer(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.organisationId, organisationId), eq(offers.id, id)))
    .for('update');
  return row ?? null;
}

export async function lockOfferByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(offers).where(eq(offers.tokenHash, tokenHash)).for('update');
  return row ?? null;
}

export async function insertOffer(db: Db, values: typeof offers.$inferInsert) {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

export async function updateOffer(db: Db, id: string, values: OfferValues) {
  await db
    .update(offers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(offers.id, id));
}

export async function replaceApprovals(db: Db, offerId: string, approverIds: string[]) {
  await db.delete(offerApprovals).where(eq(offerApprovals.offerId, offerId));
  if (approverIds.length > 0)
    await db.insert(offerApprovals).values(approverIds.map((approverId, i) => ({ offerId, approverId, position: i + 1 })));
}

export async function resetApprovals(db: Db, offerId: string) {
  await db.update(offerApprovals).set({ decision: 'pending', comment: null, decidedAt: null }).where(eq(offerApprovals.offerId, offerId));
}

export async function decideApproval(
  db: Db,
  offerId: string,
  approverId: string,
  decision: 'approved' | 'rejected',
  comment: string | null,
) {
  await db
    .update(offerApprovals)
    .set({ decision, comment, decidedAt: sql`now()` })
    .where(and(eq(offerApprovals.offerId, offerId), eq(offerApprovals.approverId, approverId)));
}

/** The application an offer is made for, with what the offer needs of it (the role's salary currency and period are its defaults). */
export async function findApplication(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({
      id: applications.id,
      candidateId: applications.candidateId,
      recruitmentId: applications.recruitmentId,
      rejectedAt: applications.rejectedAt,
      roleSalaryCurrency: jobRoles.salaryCurrency,
      roleSalaryPeriod: jobRoles.salaryPeriod,
    })
    .from(applications)
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .innerJoin(jobRoles, eq(jobRoles.id, recruitments.roleId))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.id, id)));
  return row ?? null;
}

export async function memberRolesOf(db: Db, organisationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, userIds)));
}

export async function hiringTeamOf(db: Db, recruitmentId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: recruitmentMembers.userId })
    .from(recruitmentMembers)
    .where(eq(recruitmentMembers.recruitmentId, recruitmentId));
  return rows.map((r) => r.userId);
}

/** The organisation's first status of category hired (by pipeline position). */
export async function firstHiredStatus(db: Db, organisationId: string) {
  const [row] = await db
    .select({ id: recruitmentStatuses.id, name: recruitmentStatuses.name })
    .from(recruitmentStatuses)
    .where(and(eq(recruitmentStatuses.organisationId, organisationId), eq(recruitmentStatuses.category, 'hired')))
    .orderBy(asc(recruitmentStatuses.position), asc(recruitmentStatuses.id))
    .limit(1);
  return row ?? null;
}

export async function lockApplicationForHire(db: Db, id: string) {
  const [row] = await db
    .select({
      id: applications.id,
      statusId: applications.statusId,
      statusName: recruitmentStatuses.name,
      hiredAt: applications.hiredAt,
      rejectedAt: applications.rejectedAt,
    })
    .from(applications)
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .where(eq(applications.id, id))
    .for('update', { of: applications });
  return row ?? null;
}

/**
 * Offers waiting for this user's decision: they are the first approver who has not approved. Index
 * offer_approvals_approver_idx. Prepared by name (the dashboard's): planning it took longer than running it.
 */
export async function approvalsWaitingFor(db: Db, organisationId: string, userId: string, limit: number) {
  return runPrepared(
    db
      .select({
        id: offers.id,
        recruitmentId: offers.recruitmentId,
        recruitmentName: recruitments.name,
        candidateName: candidates.name,
      })
      .from(offerApprovals)
      .innerJoin(offers, eq(offers.id, offerApprovals.offerId))
      .innerJoin(applications, eq(applications.id, offers.applicationId))
      .innerJoin(candidates, eq(candidates.id, applications.candidateId))
      .innerJoin(recruitments, eq(recruitments.id, offers.recruitmentId))
      .where(
        and(
          eq(offerApprovals.approverId, userId),
          eq(offerApprovals.decision, 'pending'),
          eq(offers.organisationId, organisationId),
          eq(offers.status, 'pending_approval'),
          sql`not exists (select 1 from ${offerApprovals} earlier where earlier.offer_id = ${outer(offerApprovals.offerId)} and earlier.position < ${outer(offerApprovals.position)} and earlier.decision <> 'approved')`,
        ),
      )
      .orderBy(asc(offers.updatedAt))
      .limit(literalCount(limit)),
  );
}

/** Sent offers whose expiry has passed, locked for the expiry pass. */
export async function lockExpiredOffers(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: offers.id,
      organisationId: offers.organisationId,
      applicationId: offers.applicationId,
      recruitmentId: offers.recruitmentId,
      candidateId: applications.candidateId,
    })
    .from(offers)
    .innerJoin(applications, eq(applications.id, offers.applicationId))
    .where(and(eq(offers.status, 'sent'), sql`${offers.expiresAt} < ${now.toISOString()}`))
    .limit(limit)
    .for('update', { of: offers, skipLocked: true });
}

/** The organisation's offer approval setting (null: no approval needed). */
export async function approvalPolicyOf(db: Db, organisationId: string): Promise<OfferApprovalPolicy | null> {
  const [row] = await db
    .select({ policy: organisations.offerApprovalPolicy })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.policy ?? null;
}

/** The users among `userIds` with their name and their role in the organisation (null: not a member). */
export function usersWithRoleIn(db: Db, organisationId: string, userIds: string[]) {
  return db
    .select({ id: users.id, name: users.name, role: memberships.role })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organisationId, organisationId)))
    .where(inArray(users.id, userIds));
}

/**
 * Erasure: the offer stays (anonymous analytics); the letter naming the person and the link sent to
 * them go, and their name leaves the decline reason and the approvers' comments.
 */
export async function scrubOffersOf(db: Db, organisationId: string, person: ErasedPerson) {
  const theirApplications = applicationsOfCandidate(organisationId, person.id);
  await db.execute(sql`update offers set letter_text = null, token_hash = null where application_id in ${theirApplications}`);
  await db.execute(
    sql`update offers set decline_reason = ${withoutPerson(sql`decline_reason`, person)} where application_id in ${theirApplications}`,
  );
  await db.execute(
    sql`update offer_approvals set comment = ${withoutPerson(sql`comment`, person)}
      where comment is not null and offer_id in (select o.id from offers o where o.application_id in ${theirApplications})`,
  );
}

/**
 * A leaving member's approval steps still to be given (pending, or a rejection kept on a draft) on
 * the organisation's offers in draft or waiting for approval: the offers' ids, locked in id order.
 */
export async function lockOffersAwaiting(db: Db, organisationId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        eq(offers.organisationId, organisationId),
        inArray(offers.status, ['draft', 'pending_approval']),
        sql`exists (select 1 from ${offerApprovals} a where a.offer_id = ${outer(offers.id)} and a.approver_id = ${userId} and a.decision <> 'approved')`,
      ),
    )
    .orderBy(asc(offers.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The step passes to another approver, to be given anew. */
export async function reassignApproval(db: Db, offerId: string, fromId: string, toId: string) {
  await db
    .update(offerApprovals)
    .set({ approverId: toId, decision: 'pending', comment: null, decidedAt: null })
    .where(and(eq(offerApprovals.offerId, offerId), eq(offerApprovals.approverId, fromId)));
}

export async function deleteApproval(db: Db, offerId: string, approverId: string) {
  await db.delete(offerApprovals).where(and(eq(offerApprovals.offerId, offerId), eq(offerApprovals.approverId, approverId)));
}

/** One approver's step is to be given again. */
export async function reopenApproval(db: Db, offerId: string, approverId: string) {
  await db
    .update(offerApprovals)
    .set({ decision: 'pending', comment: null, decidedAt: null })
    .where(and(eq(offerApprovals.offerId, offerId), eq(offerApprovals.approverId, approverId)));
}
