import type { Billing } from '@hireloop/contract/billing';
import type { Usage } from './limits.ts';
import { effectivePlan, intervalOf, limitsOf, productsOf } from './plans.ts';
import type { BillingRow } from './repository.ts';

/** The billing as the API shows it: the plan in force now (trials end on read), its limits and the usage. */
export function presentBilling(row: BillingRow, usage: Usage, stripeEnabled: boolean, now: Date = new Date()): Billing {
  const effective = effectivePlan(row, now);
  const limits = limitsOf(effective.limitsOf);
  return {
    plan: effective.plan,
    interval: intervalOf(row.billingInterval),
    trail_ends_at: effective.trailEndsAt?.toISOString() ?? null,
    products: productsOf(row.products),
    limits: { seats: limits.seats, active_recruitments: limits.activeRecruitments },
    usage: { seats: usage.seats, active_recruitments: usage.activeRecruitments },
    stripe_enabled: stripeEnabled,
  };
}

/** What the audit log keeps of a billing state. */
export function billingSnapshot(row: BillingRow, now: Date = new Date()) {
  const effective = effectivePlan(row, now);
  return {
    plan: effective.plan,
    interval: intervalOf(row.billingInterval),
    products: productsOf(row.products),
    trail_ends_at: effective.trailEndsAt?.toISOString() ?? null,
  };
}
