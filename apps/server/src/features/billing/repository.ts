import { ACTIVE_RECRUITMENT_STATES } from '@hireloop/contract/recruitments';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { memberships, organisations } from '../../db/schema/organisations.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { users } from '../../db/schema/users.ts';
import { outer } from '../../db/sql.ts';

/** The billing columns of an organisation, as stored. */
export type BillingRow = {
  plan: string;
  billingInterval: string;
  products: string[];
  trailEndsAt: Date | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
};

const billingColumns = {
  plan: organisations.plan,
  billingInterval: organisations.billingInterval,
  products: organisations.products,
  trailEndsAt: organisations.trailEndsAt,
  stripeCustomerId: organisations.stripeCustomerId,
  stripeSubscriptionId: organisations.stripeSubscriptionId,
};

export function findBilling(db: Db, organisationId: string): Promise<BillingRow | undefined> {
  return db
    .select(billingColumns)
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .then((r) => r[0]);
}

/**
 * The billing row, locked until the transaction ends: two changes (or two invitations taking
 * the last seat) for one organisation run one after the other.
 */
export function lockBilling(tx: Db, organisationId: string): Promise<BillingRow | undefined> {
  return tx
    .select(billingColumns)
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
    .then((r) => r[0]);
}

/** The billing columns a change writes, through the organisations service (docs/architecture.md §6). */
export type BillingPatch = Partial<Omit<BillingRow, 'billingInterval'> & { billingInterval: string }>;

/**
 * The billing row and its usage (seats: members and invitations that can still be accepted; open or
 * on-hold recruitments) in one statement: the billing page and the dashboard ask for both, and each
 * statement is a round trip. The counts are those of countSeatsUsed and countActiveRecruitments.
 */
export async function findBillingWithUsage(
  db: Db,
  organisationId: string,
  now: Date,
): Promise<(BillingRow & { seats: number; activeRecruitments: number }) | undefined> {
  const [row] = await db
    .select({
      ...billingColumns,
      seats: sql<number>`(select count(*) from ${memberships} m where m.organisation_id = ${outer(organisations.id)})
        + (select count(*) from ${invitations} i where i.organisation_id = ${outer(organisations.id)}
            and i.accepted_at is null and i.revoked_at is null and i.declined_at is null and i.expires_at > ${now.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
      activeRecruitments: sql<number>`(select count(*) from ${recruitments} r where r.organisation_id = ${outer(organisations.id)}
        and r.status in (${sql.join(
          ACTIVE_RECRUITMENT_STATES.map((x) => sql`${x}`),
          sql`, `,
        )}))`.mapWith(Number),
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row;
}

/** Seats in use: members plus invitations that can still be accepted. */
export async function countSeatsUsed(db: Db, organisationId: string, now: Date): Promise<number> {
  const [members, pending] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(memberships)
      .where(eq(memberships.organisationId, organisationId)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(invitations)
      .where(
        and(
          eq(invitations.organisationId, organisationId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          isNull(invitations.declinedAt),
          gt(invitations.expiresAt, now),
        ),
      ),
  ]);
  return (members[0]?.n ?? 0) + (pending[0]?.n ?? 0);
}

/** Recruitments that are open or on hold (closed ones do not count). */
export async function countActiveRecruitments(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recruitments)
    .where(and(eq(recruitments.organisationId, organisationId), inArray(recruitments.status, [...ACTIVE_RECRUITMENT_STATES])));
  return row?.n ?? 0;
}

/** The organisation a Stripe object belongs to: by our id (metadata) or by the stored Stripe ids. */
export async function findOrganisationForStripe(
  db: Db,
  ref: { organisationId?: string | undefined; subscriptionId?: string | undefined; customerId?: string | undefined },
): Promise<string | undefined> {
  const conditions = [
    ref.subscriptionId ? eq(organisations.stripeSubscriptionId, ref.subscriptionId) : undefined,
    ref.customerId ? eq(organisations.stripeCustomerId, ref.customerId) : undefined,
  ].filter((c) => c !== undefined);
  if (ref.organisationId && /^[0-9a-f-]{36}$/i.test(ref.organisationId)) {
    const [byId] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, ref.organisationId));
    if (byId) return byId.id;
  }
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(or(...conditions))
    .limit(1);
  return row?.id;
}

export function findUserEmail(db: Db, userId: string): Promise<string | null> {
  return db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]?.email ?? null);
}
