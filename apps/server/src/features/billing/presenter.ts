import { PLANS, type Billing } from '@hireloop/contract/billing';
import type { OrganisationRow } from '../organisations/repository.ts';

export const presentBilling = (o: OrganisationRow): Billing => ({
  plan: (PLANS as readonly string[]).includes(o.plan) ? (o.plan as Billing['plan']) : 'free',
  trail_ends_at: o.trailEndsAt?.toISOString() ?? null,
  products: [],
});
