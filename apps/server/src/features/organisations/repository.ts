import type { MemberRole } from '@hireloop/contract/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberships, organisations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

export function findOrganisationName(db: Db, organisationId: string): Promise<string | undefined> {
  return db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .then((r) => r[0]?.name);
}

export function findMembership(db: Db, organisationId: string, userId: string) {
  return db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .then((r) => r[0] as { role: MemberRole } | undefined);
}

export function slugTaken(db: Db, slug: string) {
  return db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug))
    .then((r) => r.length > 0);
}

/** Creates the organisation and its first membership in one transaction. */
export async function insertOrganisationWithOwner(
  db: Db,
  org: { name: string; slug: string; timezone: string; website: string | null; size: string | null; trailEndsAt: Date | null },
  owner: { userId: string; role: MemberRole },
): Promise<OrganisationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(organisations).values(org).returning();
    if (!row) throw new Error('insert returned no row');
    await tx.insert(memberships).values({ organisationId: row.id, userId: owner.userId, role: owner.role });
    return row;
  });
}

export async function addMember(db: Db, organisationId: string, userId: string, role: MemberRole) {
  await db
    .insert(memberships)
    .values({ organisationId, userId, role })
    .onConflictDoUpdate({ target: [memberships.organisationId, memberships.userId], set: { role } });
}

/** Persists the user's current organisation. */
export async function setCurrentOrganisation(db: Db, userId: string, organisationId: string | null) {
  await db
    .update(users)
    .set({ currentOrganisationId: organisationId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The user's current organisation and their role in it (none when unset or no longer a member). */
export function findCurrentMembership(db: Db, userId: string) {
  return db
    .select({ organisationId: memberships.organisationId, role: memberships.role })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organisationId, users.currentOrganisationId)))
    .where(eq(users.id, userId))
    .then((r) => r[0] as { organisationId: string; role: MemberRole } | undefined);
}
