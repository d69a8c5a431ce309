import {
  BILLING_INTERVALS,
  PLAN_IDS,
  PLAN_TABLE,
  PRODUCTS,
  TRIAL_PLAN,
  type BillingInterval,
  type Plan,
  type PlanId,
  type Product,
} from '@hireloop/contract/billing';
import type { BillingRow } from './repository.ts';

export type Limits = { seats: number; activeRecruitments: number | null };

/** The plan in force: the stored choice, else the trial while it runs, else Free. */
export type EffectivePlan = { plan: Plan; trailEndsAt: Date | null; limitsOf: PlanId };

/**
 * Computed on every read, so no job has to end trials: a stored `trial` whose `trail_ends_at`
 * has passed is Free. A chosen plan (free, team, business) wins over any trial date.
 */
export function effectivePlan(row: Pick<BillingRow, 'plan' | 'trailEndsAt'>, now: Date = new Date()): EffectivePlan {
  if (isPlanId(row.plan)) return { plan: row.plan, trailEndsAt: null, limitsOf: row.plan };
  if (row.trailEndsAt && row.trailEndsAt.getTime() > now.getTime()) {
    return { plan: 'trial', trailEndsAt: row.trailEndsAt, limitsOf: TRIAL_PLAN };
  }
  return { plan: 'free', trailEndsAt: null, limitsOf: 'free' };
}

export function limitsOf(plan: PlanId): Limits {
  return { seats: PLAN_TABLE[plan].seats, activeRecruitments: PLAN_TABLE[plan].active_recruitments };
}

export const isPlanId = (v: string): v is PlanId => (PLAN_IDS as readonly string[]).includes(v);
export const isProduct = (v: string): v is Product => (PRODUCTS as readonly string[]).includes(v);
export const intervalOf = (v: string): BillingInterval =>
  (BILLING_INTERVALS as readonly string[]).includes(v) ? (v as BillingInterval) : 'monthly';
export const productsOf = (v: readonly string[]): Product[] => PRODUCTS.filter((p) => v.includes(p));
