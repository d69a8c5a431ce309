import type { OnboardingProductState } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { effectivePlan } from '../billing/plans.ts';
import { findOrganisation } from './repository.ts';

/* The Onboarding product: whether an organisation has it, and in which state. */

export type Organisation = NonNullable<Awaited<ReturnType<typeof findOrganisation>>>;

/** Whether the organisation has the Onboarding product (organisations.products). */
export const subscribedToOnboarding = (organisation: { products: readonly string[] }) => organisation.products.includes('onboarding');

/** Whether the organisation exists and has the Onboarding product (product-gate.ts). */
export async function organisationSubscribed(db: Db, organisationId: string): Promise<boolean> {
  const organisation = await findOrganisation(db, organisationId);
  return organisation !== undefined && subscribedToOnboarding(organisation);
}

/** Not subscribed, subscribed during the organisation's trial, or subscribed on a chosen plan. */
export function onboardingProductState(org: Organisation, now = new Date()): { state: OnboardingProductState; trailEndsAt: Date | null } {
  const plan = effectivePlan(org, now);
  if (!subscribedToOnboarding(org)) return { state: 'not_subscribed', trailEndsAt: plan.trailEndsAt };
  return plan.plan === 'trial' ? { state: 'trial', trailEndsAt: plan.trailEndsAt } : { state: 'active', trailEndsAt: null };
}
