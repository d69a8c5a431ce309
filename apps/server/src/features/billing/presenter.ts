import { PLANS, type Billing } from '@hireloop/contract/billing';
import type { BillingRow } from './repository.ts';

export const presentBilling = (o: BillingRow): Billing => ({
  plan: (PLANS as readonly string[]).includes(o.plan) ? (o.plan as Billing['plan']) : 'free',
  trail_ends_at: o.trailEndsAt?.toISOString() ?? null,
  products: [],
});
