import type { MemberRole } from '@hireloop/contract/constants';
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { offsetOf } from '../../lib/paging.ts';

export type InvitationRow = Omit<typeof invitations.$inferSelect, 'role'> & { role: MemberRole };
export type InvitationDetails = InvitationRow & {
  inviterName: string | null;
  organisationName: string;
  organisationSlug: string;
  organisationTrailEndsAt: Date | null;
};

const open = and(isNull(invitations.acceptedAt), isNull(invitations.declinedAt), isNull(invitations.revokedAt));

const detailColumns = {
  id: invitations.id,
  organisationId: invitations.organisationId,
  email: invitations.email,
  role: invitations.role,
  tokenHash: invitations.tokenHash,
  invitedBy: invitations.invitedBy,
  createdAt: invitations.createdAt,
  lastSentAt: invitations.lastSentAt,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  declinedAt: invitations.declinedAt,
  revokedAt: invitations.revokedAt,
  inviterName: users.name,
  organisationName: organisations.name,
  organisationSlug: organisations.slug,
  organisationTrailEndsAt: organisations.trailEndsAt,
};

/** Invitations with their inviter's and organisation's names. */
const detailsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select(detailColumns)
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(where);

/** `detailsWhere`, locked with the transaction when `forUpdate`. */
function selectDetails(db: Db, where: SQL | undefined, forUpdate: boolean) {
  const q = detailsWhere(db, where);
  return (forUpdate ? q.for('update', { of: invitations }) : q).then((r) => r as InvitationDetails[]);
}

/** One page of `detailsWhere`, newest first, with how many match in all. */
async function pageOfDetails(db: Db, where: SQL | undefined, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    detailsWhere(db, where).orderBy(desc(invitations.createdAt), desc(invitations.id)).limit(perPage).offset(offsetOf(page, perPage)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(invitations)
      .where(where),
  ]);
  return { rows: rows as InvitationDetails[], total: count?.n ?? 0 };
}

/** Open invitations (not accepted, declined or revoked; expired ones included), newest first. */
export function listOpenInvitations(db: Db, organisationId: string, page: number, perPage: number) {
  return pageOfDetails(db, and(eq(invitations.organisationId, organisationId), open), page, perPage);
}

export function findInvitation(db: Db, organisationId: string, id: string, forUpdate = false) {
  return selectDetails(db, and(eq(invitations.organisationId, organisationId), eq(invitations.id, id)), forUpdate).then((r) => r[0]);
}

/** The open invitation of this email to the organisation (at most one: a unique index says so). */
export function findOpenInvitationByEmail(db: Db, organisationId: string, email: string) {
  return selectDetails(db, and(eq(invitations.organisationId, organisationId), eq(invitations.email, email), open), true).then((r) => r[0]);
}

/** By the accept link's token hash, across organisations: the token is the capability. */
export function findInvitationByTokenHash(db: Db, tokenHash: string, forUpdate = false) {
  return selectDetails(db, eq(invitations.tokenHash, tokenHash), forUpdate).then((r) => r[0]);
}

/** By id, but only if addressed to this email (the invitee's own list). */
export function findInvitationForEmail(db: Db, id: string, email: string, forUpdate = false) {
  return selectDetails(db, and(eq(invitations.id, id), eq(invitations.email, email)), forUpdate).then((r) => r[0]);
}

/** Open, unexpired invitations addressed to this email, newest first. */
export function listPendingForEmail(db: Db, email: string, page: number, perPage: number) {
  return pageOfDetails(db, and(eq(invitations.email, email), open, gt(invitations.expiresAt, sql`now()`)), page, perPage);
}

export async function insertInvitation(
  db: Db,
  values: { organisationId: string; email: string; role: MemberRole; tokenHash: string; invitedBy: string | null; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  if (!row) throw new Error('invitation insert returned no row');
  return row.id;
}

/** A new accept link: the old one stops working. */
export async function replaceToken(db: Db, organisationId: string, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .update(invitations)
    .set({ tokenHash, expiresAt, lastSentAt: sql`now()` })
    .where(and(eq(invitations.organisationId, organisationId), eq(invitations.id, id)));
}

export async function markRevoked(db: Db, organisationId: string, id: string): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.organisationId, organisationId), eq(invitations.id, id)));
}

export async function markAccepted(db: Db, organisationId: string, id: string): Promise<void> {
  await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(invitations.organisationId, organisationId), eq(invitations.id, id)));
}

export async function markDeclined(db: Db, organisationId: string, id: string): Promise<void> {
  await db
    .update(invitations)
    .set({ declinedAt: sql`now()` })
    .where(and(eq(invitations.organisationId, organisationId), eq(invitations.id, id)));
}

/** The user's name and verified email (users keep only an email the identity provider vouched for). */
export function findUserIdentity(db: Db, userId: string): Promise<{ name: string; email: string | null } | undefined> {
  return db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]);
}
