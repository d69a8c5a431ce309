import type { MemberRole } from '@hireloop/contract/constants';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { memberships } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';

export type MemberRow = {
  id: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  role: MemberRole;
  joinedAt: Date;
};

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

/** The member with their role, locked until the transaction ends when `forUpdate`. */
export function findMember(db: Db, organisationId: string, userId: string, forUpdate = false): Promise<MemberRow | undefined> {
  const q = db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
  return (forUpdate ? q.for('update', { of: memberships }) : q).then((r) => r[0] as MemberRow | undefined);
}

/** Those of `userIds` who are members of the organisation. */
export async function memberIdsAmong(db: Db, organisationId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, userIds)));
  return rows.map((r) => r.userId);
}

/** The members among `userIds`, with their name, email and avatar. */
export function memberPeopleAmong(
  db: Db,
  organisationId: string,
  userIds: string[],
): Promise<{ id: string; name: string; email: string | null; avatarUrl: string | null }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, userIds)));
}

/**
 * Locks the organisation's owner memberships and returns their user ids. Every change that could
 * leave no owner takes this lock first, so two such changes run one after the other and the
 * second sees the first's result.
 */
export function lockOwners(db: Db, organisationId: string): Promise<string[]> {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'owner')))
    .for('update')
    .then((r) => r.map((o) => o.userId));
}

export async function updateMemberRole(db: Db, organisationId: string, userId: string, role: MemberRole): Promise<void> {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}

/**
 * How the user's latest membership of the organisation ended, from the audit log (a removal or a
 * leaving, recorded with the change), with the role they then had; undefined when none is recorded.
 */
export function lastDepartureOf(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<{ action: 'member.removed' | 'member.left'; role: MemberRole | undefined } | undefined> {
  return db
    .select({ action: auditLog.action, before: auditLog.before })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organisationId, organisationId),
        inArray(auditLog.action, ['member.removed', 'member.left']),
        eq(auditLog.targetType, 'member'),
        eq(auditLog.targetId, userId),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1)
    .then(([r]) =>
      r ? { action: r.action as 'member.removed' | 'member.left', role: (r.before as { role?: MemberRole } | null)?.role } : undefined,
    );
}

export async function deleteMembership(db: Db, organisationId: string, userId: string): Promise<void> {
  await db.delete(memberships).where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}

export async function insertMembership(db: Db, organisationId: string, userId: string, role: MemberRole): Promise<void> {
  await db.insert(memberships).values({ organisationId, userId, role });
}

/** Whether a member of the organisation has this email (case-insensitive). */
export function memberEmailExists(db: Db, organisationId: string, email: string): Promise<boolean> {
  return db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(sql`lower(${users.email})`, email.toLowerCase())))
    .limit(1)
    .then((r) => r.length > 0);
}

/** The user's oldest membership other than this organisation. */
export function otherOrganisationOf(db: Db, userId: string, organisationId: string): Promise<string | undefined> {
  return db
    .select({ id: memberships.organisationId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.organisationId, organisationId)))
    .orderBy(asc(memberships.createdAt))
    .limit(1)
    .then((r) => r[0]?.id);
}

export function findUserCurrentOrganisation(db: Db, userId: string): Promise<string | null | undefined> {
  return db
    .select({ current: users.currentOrganisationId })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => (r[0] ? r[0].current : undefined));
}
