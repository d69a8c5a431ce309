import {
  BILLING_INTERVALS,
  CURRENCY,
  PLAN_TABLE,
  PRODUCT_TABLE,
  type BillingInterval,
  type PlanId,
  type Product,
} from '@hireloop/contract/billing';
import { PRODUCT_NAME } from '@hireloop/contract/constants';
import type Stripe from 'stripe';
import { isPlanId, isProduct } from './plans.ts';

/**
 * The part of the Stripe SDK billing uses. The real client satisfies it; tests pass a fake
 * through buildApp's `stripe` dependency so they never reach the network.
 */
export type StripeClient = {
  prices: {
    list(params: Stripe.PriceListParams): Promise<{ data: StripePrice[] }>;
    create(params: Stripe.PriceCreateParams): Promise<StripePrice>;
  };
  checkout: { sessions: { create(params: Stripe.Checkout.SessionCreateParams): Promise<{ id: string; url: string | null }> } };
  subscriptions: {
    retrieve(id: string): Promise<StripeSubscription>;
    update(id: string, params: Stripe.SubscriptionUpdateParams): Promise<StripeSubscription>;
    cancel(id: string): Promise<unknown>;
  };
};
export type StripePrice = { id: string; lookup_key: string | null };
export type StripeSubscription = {
  id: string;
  status: string;
  customer: string | { id: string };
  metadata: Record<string, string> | null;
  items: { data: Array<{ id: string; price: StripePrice }> };
};

/** The SDK is loaded only when Stripe is configured: self-hosted instances never pay for it. */
export async function createStripeClient(secretKey: string): Promise<StripeClient> {
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: PRODUCT_NAME } });
}

/** Verifies the Stripe-Signature header against the raw body; throws when it does not match. */
export async function verifyWebhook(rawBody: Buffer | string, signature: string, secret: string): Promise<Stripe.Event> {
  const { default: StripeSdk } = await import('stripe');
  return StripeSdk.webhooks.constructEvent(rawBody, signature, secret);
}

/**
 * Prices in Stripe are derived from the plan table: each plan and product has one price per
 * interval, found by the lookup key `hireloop_<plan or product>_<interval>`. An operator may
 * create them in the Stripe dashboard with those keys; any that is missing is created on first
 * use from the table's amount.
 */
export type Item = { kind: 'plan'; id: PlanId } | { kind: 'product'; id: Product };
export const lookupKey = (item: Item, interval: BillingInterval) => `hireloop_${item.id}_${interval}`;

export function parseLookupKey(key: string | null): { item: Item; interval: BillingInterval } | null {
  const m = /^hireloop_([a-z]+)_(monthly|yearly)$/.exec(key ?? '');
  if (!m) return null;
  const [, id = '', interval = 'monthly'] = m;
  if (!(BILLING_INTERVALS as readonly string[]).includes(interval)) return null;
  const item: Item | null = isPlanId(id) ? { kind: 'plan', id } : isProduct(id) ? { kind: 'product', id } : null;
  return item ? { item, interval: interval as BillingInterval } : null;
}

/** The subscription's plan, products and interval, read from its prices' lookup keys. */
export function readSubscription(sub: StripeSubscription): { plan: PlanId | null; products: Product[]; interval: BillingInterval | null } {
  let plan: PlanId | null = null;
  let interval: BillingInterval | null = null;
  const products: Product[] = [];
  for (const entry of sub.items.data) {
    const parsed = parseLookupKey(entry.price.lookup_key);
    if (!parsed) continue;
    interval = parsed.interval;
    if (parsed.item.kind === 'plan') plan = parsed.item.id;
    else if (!products.includes(parsed.item.id)) products.push(parsed.item.id);
  }
  return { plan, products, interval };
}

export function createPriceBook(stripe: StripeClient) {
  const cache = new Map<string, string>();
  return {
    /** The Stripe price id for each item at the interval, creating missing prices from the table. */
    async priceIds(items: Item[], interval: BillingInterval): Promise<Map<string, string>> {
      const keys = items.map((item) => lookupKey(item, interval));
      const missing = keys.filter((k) => !cache.has(k));
      if (missing.length > 0) {
        const found = await stripe.prices.list({ lookup_keys: missing, active: true, limit: 10 });
        for (const price of found.data) if (price.lookup_key) cache.set(price.lookup_key, price.id);
      }
      for (const item of items) {
        const key = lookupKey(item, interval);
        if (cache.has(key)) continue;
        const def = item.kind === 'plan' ? PLAN_TABLE[item.id] : PRODUCT_TABLE[item.id];
        const created = await stripe.prices.create({
          lookup_key: key,
          currency: CURRENCY,
          unit_amount: def.price_cents[interval],
          recurring: { interval: interval === 'yearly' ? 'year' : 'month' },
          product_data: { name: `${PRODUCT_NAME} ${def.name}` },
          metadata: { hireloop_item: item.id },
        });
        cache.set(key, created.id);
      }
      return new Map(keys.map((k) => [k, cache.get(k) ?? '']));
    },
  };
}
export type PriceBook = ReturnType<typeof createPriceBook>;
