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

export function slugTaken(db: Db, slug: string) {
  return db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug))
    .then((r) => r.length > 0);
}

/** Creates the organisation (its first member is the members feature's, features/members/memberships.ts). */
export async function insertOrganisation(
  db: Db,
  org: { name: string; slug: string; timezone: string; website: string | null; size: string | null; trailEndsAt: Date | null },
): Promise<OrganisationRow> {
  const [row] = await db.insert(organisations).values(org).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The columns other features keep on the organisation, each its own: Organisation Settings
 * (features/organisation-settings), Billing (features/billing), Recruitment Settings
 * (features/recruitment-settings).
 */
export type OrganisationPatch = Partial<
  Pick<
    OrganisationRow,
    | 'name'
    | 'slug'
    | 'website'
    | 'timezone'
    | 'logoUrl'
    | 'offerApprovalPolicy'
    | 'plan'
    | 'billingInterval'
    | 'products'
    | 'trailEndsAt'
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'defaultInterviewMinutes'
    | 'candidateRetentionMonths'
  >
>;

/** The changed row, or undefined when there is no such organisation. */
export async function updateOrganisation(db: Db, organisationId: string, patch: OrganisationPatch): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .update(organisations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(organisations.id, organisationId))
    .returning();
  return row;
}

/** Deletes the organisation; every table holding its rows cascades (memberships, roles, audit log, invitations, keys…). */
export async function deleteOrganisation(db: Db, organisationId: string) {
  await db.delete(organisations).where(eq(organisations.id, organisationId));
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
