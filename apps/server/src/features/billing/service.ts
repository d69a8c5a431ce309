import {
  productFreeUntil,
  type BillingChangeResponse,
  type BillingInterval,
  type ChangePlanBody,
  type PlanId,
  type Product,
} from '@hireloop/contract/billing';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { invalidateCareersSite } from '../careers/service.ts';
import { updateOrganisationColumns } from '../organisations/service.ts';
import { overLimit, usageOf } from './limits.ts';
import { effectivePlan, intervalOf, isPlanId, productsOf } from './plans.ts';
import { billingSnapshot, presentBilling } from './presenter.ts';
import {
  findBilling,
  findBillingWithUsage,
  findOrganisationForStripe,
  findUserEmail,
  lockBilling,
  type BillingPatch,
  type BillingRow,
} from './repository.ts';
import { createPriceBook, lookupKey, readSubscription, type Item, type StripeClient, type StripeSubscription } from './stripe.ts';

const TARGET = 'billing';
const STRIPE_ACTOR = { actor: { kind: 'system' as const }, actorName: 'Stripe' };
/** Subscription states in which the organisation keeps what it pays for. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
const DEAD_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** What a change asks for: a plan (only when the plan changes), the interval and the products. */
type Target = { plan?: PlanId; interval: BillingInterval; products: Product[] };
type Change = { target: Target; action: string };

const sameProducts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p) => b.includes(p));
const paidPlan = (plan: string | undefined): PlanId | null => (plan && isPlanId(plan) && plan !== 'free' ? plan : null);

export type BillingServiceDeps = { db: Db; stripe: StripeClient | null; appUrl: string };

export function createBillingService({ db, stripe, appUrl }: BillingServiceDeps) {
  const priceBook = stripe ? createPriceBook(stripe) : null;

  async function view(organisationId: string) {
    const row = await findBillingWithUsage(db, organisationId, new Date());
    if (!row) throw notFound();
    return presentBilling(row, { seats: row.seats, activeRecruitments: row.activeRecruitments }, stripe !== null);
  }

  /** Refuses a plan whose limits the current usage exceeds: 422 naming the limit. */
  async function assertFits(tx: Db, organisationId: string, plan: PlanId) {
    const over = overLimit(await usageOf(tx, organisationId), plan);
    if (over) throw new AppError('validation_failed', over.message, { plan: [over.message], [over.field]: [over.message] });
  }

  function patchFor(row: BillingRow, target: Target): BillingPatch {
    return {
      ...(target.plan ? { plan: target.plan, trailEndsAt: null } : {}),
      billingInterval: target.interval,
      products: target.products,
    };
  }

  /** Applies the change at once (self-hosted, or after Stripe accepted it), audited in the same transaction. */
  async function apply(organisationId: string, actor: Actor, decide: (row: BillingRow) => Change | null, extra: BillingPatch = {}) {
    const actorName = await actorNameOf(db, actor);
    await db.transaction(async (tx) => {
      const row = await lockBilling(tx, organisationId);
      if (!row) throw notFound();
      const change = decide(row);
      if (!change) return;
      if (change.target.plan) await assertFits(tx, organisationId, change.target.plan);
      const patch = { ...patchFor(row, change.target), ...extra };
      await updateOrganisationColumns(tx, organisationId, patch);
      await recordAudit(tx, {
        organisationId,
        actor,
        actorName,
        action: change.action,
        targetType: TARGET,
        targetId: organisationId,
        before: billingSnapshot(row),
        after: billingSnapshot({ ...row, ...patch }),
      });
    });
    // The Website product turns the careers site on or off.
    invalidateCareersSite(organisationId);
  }

  /**
   * With Stripe: an organisation without a live subscription goes to Checkout (the webhook
   * applies the change once paid); one with a subscription has its items swapped in place
   * (prorated) and the change applies at once; nothing left to pay cancels the subscription.
   */
  async function viaStripe(
    client: StripeClient,
    organisationId: string,
    actor: Actor,
    row: BillingRow,
    change: Change,
  ): Promise<{ checkoutUrl: string } | { patch: BillingPatch }> {
    const { target } = change;
    const plan = target.plan ? paidPlan(target.plan) : paidPlan(effectivePlan(row).plan);
    const items: Item[] = [
      ...(plan ? [{ kind: 'plan' as const, id: plan }] : []),
      ...target.products.map((id) => ({ kind: 'product' as const, id })),
    ];
    const subscription = await stripeCall(async () => {
      if (!row.stripeSubscriptionId) return null;
      const sub = await client.subscriptions.retrieve(row.stripeSubscriptionId);
      return DEAD_STATUSES.has(sub.status) ? null : sub;
    });

    if (items.length === 0) {
      if (subscription) await stripeCall(() => client.subscriptions.cancel(subscription.id));
      return { patch: { stripeSubscriptionId: null } };
    }
    const prices = await stripeCall(() => priceBook!.priceIds(items, target.interval));
    const wanted = items.map((item) => prices.get(lookupKey(item, target.interval)) ?? '');

    if (subscription) {
      const have = subscription.items.data;
      const ops: Stripe.SubscriptionUpdateParams.Item[] = [
        ...have.filter((i) => !wanted.includes(i.price.id)).map((i) => ({ id: i.id, deleted: true })),
        ...wanted.filter((price) => !have.some((i) => i.price.id === price)).map((price) => ({ price, quantity: 1 })),
      ];
      if (ops.length > 0) {
        await stripeCall(() =>
          client.subscriptions.update(subscription.id, {
            items: ops,
            proration_behavior: 'create_prorations',
            metadata: { organisation_id: organisationId },
          }),
        );
      }
      return { patch: {} };
    }

    const email = actor.kind === 'user' ? await findUserEmail(db, actor.userId) : null;
    // Products taken during the trial cost nothing until it ends (choosing a plan ends the trial).
    const effective = effectivePlan(row);
    const freeUntil = target.plan
      ? null
      : productFreeUntil({ plan: effective.plan, trail_ends_at: effective.trailEndsAt?.toISOString() ?? null, stripe_enabled: true });
    const session = await stripeCall(() =>
      client.checkout.sessions.create({
        mode: 'subscription',
        line_items: wanted.map((price) => ({ price, quantity: 1 })),
        client_reference_id: organisationId,
        ...(row.stripeCustomerId ? { customer: row.stripeCustomerId } : email ? { customer_email: email } : {}),
        metadata: {
          organisation_id: organisationId,
          plan: target.plan ?? '',
          interval: target.interval,
          products: target.products.join(','),
        },
        subscription_data: {
          metadata: { organisation_id: organisationId },
          ...(freeUntil ? { trial_end: Math.floor(new Date(freeUntil).getTime() / 1000) } : {}),
        },
        allow_promotion_codes: true,
        success_url: `${appUrl}/settings/billing?checkout=success`,
        cancel_url: `${appUrl}/settings/billing?checkout=cancelled`,
      }),
    );
    if (!session.url) throw new AppError('internal', 'The payment page could not be opened. Please try again shortly.');
    const actorName = await actorNameOf(db, actor);
    await recordAudit(db, {
      organisationId,
      actor,
      actorName,
      action: 'billing.checkout_started',
      targetType: TARGET,
      targetId: organisationId,
      before: billingSnapshot(row),
      after: {
        ...(target.plan ? { plan: target.plan } : {}),
        interval: target.interval,
        products: target.products,
        checkout_session: session.id,
      },
    });
    return { checkoutUrl: session.url };
  }

  async function change(organisationId: string, actor: Actor, decide: (row: BillingRow) => Change | null): Promise<BillingChangeResponse> {
    const row = await findBilling(db, organisationId);
    if (!row) throw notFound();
    const first = decide(row);
    if (!first) return { billing: await view(organisationId), checkout_url: null };
    if (first.target.plan) await assertFits(db, organisationId, first.target.plan);
    let extra: BillingPatch = {};
    if (stripe) {
      const outcome = await viaStripe(stripe, organisationId, actor, row, first);
      if ('checkoutUrl' in outcome) return { billing: await view(organisationId), checkout_url: outcome.checkoutUrl };
      extra = outcome.patch;
    }
    await apply(organisationId, actor, decide, extra);
    return { billing: await view(organisationId), checkout_url: null };
  }

  return {
    view,

    /** Choosing any plan ends the trial (`trail_ends_at` becomes null). Same plan and interval: nothing happens. */
    changePlan(organisationId: string, actor: Actor, body: Required<ChangePlanBody>) {
      return change(organisationId, actor, (row) => {
        const current = effectivePlan(row).plan;
        if (current === body.plan && intervalOf(row.billingInterval) === body.interval) return null;
        return {
          action: 'billing.plan_changed',
          target: { plan: body.plan, interval: body.interval, products: productsOf(row.products) },
        };
      });
    },

    subscribe(organisationId: string, actor: Actor, product: Product) {
      return change(organisationId, actor, (row) => {
        const products = productsOf(row.products);
        if (products.includes(product)) return null;
        return {
          action: 'billing.product_subscribed',
          target: { interval: intervalOf(row.billingInterval), products: productsOf([...products, product]) },
        };
      });
    },

    unsubscribe(organisationId: string, actor: Actor, product: Product) {
      return change(organisationId, actor, (row) => {
        const products = productsOf(row.products);
        if (!products.includes(product)) return null;
        return {
          action: 'billing.product_unsubscribed',
          target: { interval: intervalOf(row.billingInterval), products: products.filter((p) => p !== product) },
        };
      });
    },

    /** A verified Stripe event: brings the organisation's plan, products and Stripe ids in line. Unknown events are ignored. */
    async handleStripeEvent(event: Stripe.Event): Promise<void> {
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        if (session.mode !== 'subscription' || session.status !== 'complete') return;
        const meta = session.metadata ?? {};
        const subscriptionId = idOf(session.subscription);
        const customerId = idOf(session.customer);
        const organisationId = await findOrganisationForStripe(db, {
          organisationId: meta.organisation_id ?? session.client_reference_id ?? undefined,
        });
        if (!organisationId || !subscriptionId) return;
        const plan = meta.plan && isPlanId(meta.plan) ? meta.plan : undefined;
        await sync(organisationId, 'billing.subscription_started', () => ({
          ...(plan ? { plan, trailEndsAt: null } : {}),
          billingInterval: intervalOf(meta.interval ?? 'monthly'),
          products: productsOf((meta.products ?? '').split(',')),
          stripeSubscriptionId: subscriptionId,
          ...(customerId ? { stripeCustomerId: customerId } : {}),
        }));
        return;
      }
      if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
        const sub = event.data.object as unknown as StripeSubscription;
        // Only the subscription the organisation holds now; an old one's events change nothing.
        const organisationId = await findOrganisationForStripe(db, { subscriptionId: sub.id });
        if (!organisationId) return;
        const ended = event.type === 'customer.subscription.deleted' || DEAD_STATUSES.has(sub.status);
        if (ended) {
          await sync(organisationId, 'billing.subscription_ended', (row) => ({
            ...(paidPlan(row.plan) ? { plan: 'free' } : {}),
            products: [],
            stripeSubscriptionId: null,
          }));
          return;
        }
        if (!LIVE_STATUSES.has(sub.status)) return;
        const read = readSubscription(sub);
        await sync(organisationId, 'billing.subscription_updated', (row) => ({
          ...(read.plan ? { plan: read.plan, trailEndsAt: null } : paidPlan(row.plan) ? { plan: 'free' } : {}),
          ...(read.interval ? { billingInterval: read.interval } : {}),
          products: read.products,
        }));
      }
    },
  };

  /** Applies a webhook's patch, audited as Stripe's doing, when it changes anything. */
  async function sync(organisationId: string, action: string, patchOf: (row: BillingRow) => BillingPatch) {
    await db.transaction(async (tx) => {
      const row = await lockBilling(tx, organisationId);
      if (!row) return;
      const patch = patchOf(row);
      const next = { ...row, ...patch };
      const unchanged =
        next.plan === row.plan &&
        next.billingInterval === row.billingInterval &&
        sameProducts(next.products, row.products) &&
        next.trailEndsAt === row.trailEndsAt &&
        next.stripeCustomerId === row.stripeCustomerId &&
        next.stripeSubscriptionId === row.stripeSubscriptionId;
      if (unchanged) return;
      await updateOrganisationColumns(tx, organisationId, patch);
      await recordAudit(tx, {
        organisationId,
        ...STRIPE_ACTOR,
        action,
        targetType: TARGET,
        targetId: organisationId,
        before: billingSnapshot(row),
        after: billingSnapshot(next),
      });
    });
  }
}
export type BillingService = ReturnType<typeof createBillingService>;

const idOf = (v: string | { id: string } | null | undefined): string | undefined => (typeof v === 'string' ? v : (v?.id ?? undefined));

/** Stripe failures become one clear message; the details go to the log via the cause. */
async function stripeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const wrapped = new AppError('internal', 'The payment provider could not be reached. Please try again shortly.');
    (wrapped as Error).cause = error;
    throw wrapped;
  }
}
