import { z } from 'zod';
import { TRIAL_DAYS } from './constants.ts';

/** What `billing.plan` may say: `trial` while `trail_ends_at` is in the future, else the chosen plan. */
export const PLANS = ['trial', 'free', 'team', 'business'] as const;
export type Plan = (typeof PLANS)[number];
/** The plans an owner can choose. */
export const PLAN_IDS = ['free', 'team', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const PRODUCTS = ['website', 'onboarding'] as const;
export type Product = (typeof PRODUCTS)[number];

/** Prices are in minor units (cents) of this currency. */
export const CURRENCY = 'eur';

export type PlanDefinition = {
  name: string;
  description: string;
  /** Members plus pending invitations. */
  seats: number;
  /** null: unlimited. */
  active_recruitments: number | null;
  price_cents: Record<BillingInterval, number>;
};
export type ProductDefinition = { name: string; description: string; price_cents: Record<BillingInterval, number> };

/**
 * THE price plans: what each allows and costs. The server enforces these limits, the billing
 * screen shows them, and (with Stripe) the prices in Stripe are derived from them.
 */
export const PLAN_TABLE: Record<PlanId, PlanDefinition> = {
  free: {
    name: 'Free',
    description: 'For a founder making the first hires.',
    seats: 3,
    active_recruitments: 1,
    price_cents: { monthly: 0, yearly: 0 },
  },
  team: {
    name: 'Team',
    description: 'For a growing team hiring all year round.',
    seats: 15,
    active_recruitments: 10,
    price_cents: { monthly: 9_900, yearly: 99_000 },
  },
  business: {
    name: 'Business',
    description: 'For companies and agencies hiring at scale.',
    seats: 100,
    active_recruitments: null,
    price_cents: { monthly: 29_900, yearly: 299_000 },
  },
};

/** Add-on products, each with its own price, billed on the organisation's interval. */
export const PRODUCT_TABLE: Record<Product, ProductDefinition> = {
  website: {
    name: 'Website',
    description: 'A careers site with your open roles and an application form.',
    price_cents: { monthly: 2_900, yearly: 29_000 },
  },
  onboarding: {
    name: 'Onboarding',
    description: 'Onboarding plans, checklists and tasks for every new hire.',
    price_cents: { monthly: 4_900, yearly: 49_000 },
  },
};

/**
 * A product subscribed during the trial costs nothing until the trial ends. With Stripe the
 * checkout starts the subscription with its trial ending then, which Stripe accepts only at least
 * this long ahead; closer to the trial's end the product is paid from the start.
 */
export const PRODUCT_TRIAL_MIN_MS = 48 * 3_600_000;

/** The end of the trial when a product subscribed now costs nothing until then; null when it is paid from the start. */
export function productFreeUntil(
  billing: Pick<Billing, 'plan' | 'trail_ends_at' | 'stripe_enabled'>,
  now: Date = new Date(),
): string | null {
  if (billing.plan !== 'trial' || !billing.trail_ends_at) return null;
  const left = new Date(billing.trail_ends_at).getTime() - now.getTime();
  if (left <= 0) return null;
  if (billing.stripe_enabled && left < PRODUCT_TRIAL_MIN_MS) return null;
  return billing.trail_ends_at;
}

/** A new organisation's trial has this plan's limits. */
export const TRIAL_PLAN: PlanId = 'team';

const prices = z.object({ monthly: z.number().int(), yearly: z.number().int() });

export const planItem = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  description: z.string(),
  seats: z.number().int(),
  active_recruitments: z.number().int().nullable(),
  price_cents: prices,
});
export type PlanItem = z.infer<typeof planItem>;

export const productItem = z.object({
  id: z.enum(PRODUCTS),
  name: z.string(),
  description: z.string(),
  price_cents: prices,
});
export type ProductItem = z.infer<typeof productItem>;

/** GET /billing/plans → the table above (public: a pricing page needs no account). */
export const plansResponse = z.object({
  plans: z.array(planItem),
  products: z.array(productItem),
  currency: z.literal(CURRENCY),
  trial: z.object({ days: z.number().int(), plan: z.enum(PLAN_IDS) }),
});
export type PlansResponse = z.infer<typeof plansResponse>;

export const planCatalog = (): PlansResponse => ({
  plans: PLAN_IDS.map((id) => ({ id, ...PLAN_TABLE[id] })),
  products: PRODUCTS.map((id) => ({ id, ...PRODUCT_TABLE[id] })),
  currency: CURRENCY,
  trial: { days: TRIAL_DAYS, plan: TRIAL_PLAN },
});

/** GET organisation/{id}/billing → { billing }. On trial while `trail_ends_at` is not null (docs/product.md §18). */
export const billing = z.object({
  /** The plan in force now: `trial` during the trial, `free` once an unconverted trial has ended. */
  plan: z.enum(PLANS),
  interval: z.enum(BILLING_INTERVALS),
  /** Null when not on trial, including after the trial has ended. */
  trail_ends_at: z.string().nullable(),
  products: z.array(z.enum(PRODUCTS)),
  /** What the plan in force allows; `active_recruitments` null is unlimited. */
  limits: z.object({ seats: z.number().int(), active_recruitments: z.number().int().nullable() }),
  /** Seats: members plus pending invitations. */
  usage: z.object({ seats: z.number().int(), active_recruitments: z.number().int() }),
  /** Changes go through Stripe Checkout (true) or apply at once (self-hosted, false). */
  stripe_enabled: z.boolean(),
});
export type Billing = z.infer<typeof billing>;
export const billingResponse = z.object({ billing });

/** POST organisation/{id}/billing/plan */
export const changePlanBody = z.object({
  plan: z.enum(PLAN_IDS, { error: `Choose one of: ${PLAN_IDS.join(', ')}.` }),
  interval: z.enum(BILLING_INTERVALS, { error: 'Choose monthly or yearly.' }).default('monthly'),
});
export type ChangePlanBody = z.input<typeof changePlanBody>;

/** POST organisation/{id}/billing/products */
export const subscribeProductBody = z.object({
  product: z.enum(PRODUCTS, { error: `Choose one of: ${PRODUCTS.join(', ')}.` }),
});
export const productParams = z.object({
  product: z.enum(PRODUCTS, { error: `Choose one of: ${PRODUCTS.join(', ')}.` }),
});

/**
 * The answer to a plan or product change: the billing as it now is, and — with Stripe, when
 * payment is needed — the Checkout page to send the browser to (the change lands by webhook).
 */
export const billingChangeResponse = z.object({ billing, checkout_url: z.string().nullable() });
export type BillingChangeResponse = z.infer<typeof billingChangeResponse>;

/** Texts shown when a limit is reached (the active-recruitment ones are LIMIT_TEXTS in errors.ts). */
export const limitTexts = {
  seats: (limit: number) => `Your plan allows ${limit} ${limit === 1 ? 'member' : 'members'}. Upgrade to add more.`,
};
