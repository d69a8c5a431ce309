import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';

export type BillingRow = { plan: string; trailEndsAt: Date | null };

export function findBilling(db: Db, organisationId: string): Promise<BillingRow | undefined> {
  return db
    .select({ plan: organisations.plan, trailEndsAt: organisations.trailEndsAt })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .then((r) => r[0]);
}
