import { billingOperations as ops, billingPublicOperations } from '@hireloop/contract/operations/billing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { invitations } from '../src/db/schema/invitations.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { assertRecruitmentAvailable, assertSeatAvailable } from '../src/features/billing/limits.ts';
import type { StripeClient, StripePrice, StripeSubscription } from '../src/features/billing/stripe.ts';
import { AppError } from '../src/http/errors.ts';
import { Client, addMember, createOrganisation, createUser, freePort, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** An organisation with its owner signed in, and `extra` more members (recruiters). */
async function ownedOrganisation(extra = 0) {
  const owner = await createUser(t);
  const org = await createOrganisation(t, owner);
  for (let i = 0; i < extra; i++) await addMember(t, org.id, (await createUser(t)).id, 'recruiter');
  return { org, owner, client: await signIn(t, owner) };
}

const stored = async (organisationId: string) =>
  (await t.database.db.select().from(organisations).where(eq(organisations.id, organisationId)))[0]!;
const auditOf = (organisationId: string, action?: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), action ? eq(auditLog.action, action) : undefined));

async function invite(organisationId: string, email: string) {
  await t.database.db.insert(invitations).values({
    organisationId,
    email,
    role: 'recruiter',
    tokenHash: `hash-${email}`,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  });
}

describe('GET /billing/plans', () => {
  it('lists the plans and products from the table in code, without signing in', async () => {
    const res = await expectStatus(new Client(t.baseUrl), billingPublicOperations.plans, 200, { params: {} });
    expect(res.plans.map((p) => p.id)).toEqual(['free', 'team', 'business']);
    expect(res.plans[0]).toMatchObject({ name: 'Free', seats: 3, active_recruitments: 1, price_cents: { monthly: 0, yearly: 0 } });
    expect(res.plans[1]).toMatchObject({
      name: 'Team',
      seats: 15,
      active_recruitments: 10,
      price_cents: { monthly: 9900, yearly: 99000 },
    });
    expect(res.plans[2]).toMatchObject({ name: 'Business', seats: 100, active_recruitments: null });
    expect(res.products.map((p) => p.id)).toEqual(['website', 'onboarding']);
    expect(res).toMatchObject({ currency: 'eur', trial: { days: 14, plan: 'team' } });
  });
});

describe('GET organisation/{id}/billing', () => {
  it('shows a new organisation on its trial with Team limits and its usage', async () => {
    const { org, client } = await ownedOrganisation(1);
    await invite(org.id, 'pending@example.test');
    const res = await expectStatus(client, ops.get, 200, { params: { organisationId: org.id } });
    expect(res.billing).toEqual({
      plan: 'trial',
      interval: 'monthly',
      trail_ends_at: (await stored(org.id)).trailEndsAt!.toISOString(),
      products: [],
      limits: { seats: 15, active_recruitments: 10 },
      usage: { seats: 3, active_recruitments: 0 },
      stripe_enabled: false,
    });
  });

  it('falls back to Free limits once the trial has ended without a plan chosen', async () => {
    const { org, client } = await ownedOrganisation();
    await t.database.db
      .update(organisations)
      .set({ trailEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(organisations.id, org.id));
    const res = await expectOk(client, ops.get, { params: { organisationId: org.id } });
    expect(res.billing).toMatchObject({ plan: 'free', trail_ends_at: null, limits: { seats: 3, active_recruitments: 1 } });
  });
});

describe('POST organisation/{id}/billing/plan (no Stripe: applies at once)', () => {
  it('changes the plan and interval, ends the trial and writes the audit log', async () => {
    const { org, client } = await ownedOrganisation();
    const res = await expectStatus(client, ops.changePlan, 200, {
      params: { organisationId: org.id },
      body: { plan: 'business', interval: 'yearly' },
    });
    expect(res.checkout_url).toBeNull();
    expect(res.billing).toMatchObject({
      plan: 'business',
      interval: 'yearly',
      trail_ends_at: null,
      limits: { seats: 100, active_recruitments: null },
    });
    const row = await stored(org.id);
    expect(row).toMatchObject({ plan: 'business', billingInterval: 'yearly', trailEndsAt: null });
    const [entry, ...more] = await auditOf(org.id, 'billing.plan_changed');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ targetType: 'billing', targetId: org.id });
    expect(entry!.before).toMatchObject({ plan: 'trial', interval: 'monthly' });
    expect(entry!.after).toMatchObject({ plan: 'business', interval: 'yearly', trail_ends_at: null });
  });

  it('does nothing (and logs nothing) when the plan and interval are already in force', async () => {
    const { org, client } = await ownedOrganisation();
    await expectOk(client, ops.changePlan, { params: { organisationId: org.id }, body: { plan: 'team', interval: 'monthly' } });
    const again = await expectStatus(client, ops.changePlan, 200, {
      params: { organisationId: org.id },
      body: { plan: 'team', interval: 'monthly' },
    });
    expect(again.billing.plan).toBe('team');
    expect(await auditOf(org.id, 'billing.plan_changed')).toHaveLength(1);
  });

  it('refuses a downgrade the current seats exceed (422 naming the limit) and changes nothing', async () => {
    const { org, client } = await ownedOrganisation(4);
    const before = await stored(org.id);
    const res = await expectStatus(client, ops.changePlan, 422, {
      params: { organisationId: org.id },
      body: { plan: 'free', interval: 'monthly' },
    });
    expect(res.message).toMatch(/Free plan allows 3 seats, and 5 are in use/);
    expect(res.errors?.plan).toEqual([res.message]);
    expect(await stored(org.id)).toMatchObject({ plan: 'trial', trailEndsAt: before.trailEndsAt });
    expect(await auditOf(org.id)).toHaveLength(0);
  });

  it('counts pending invitations as seats', async () => {
    const { org, client } = await ownedOrganisation(2);
    await invite(org.id, 'one-more@example.test');
    const res = await expectStatus(client, ops.changePlan, 422, { params: { organisationId: org.id }, body: { plan: 'free' } });
    expect(res.message).toMatch(/4 are in use/);
  });

  it('allows a downgrade that fits', async () => {
    const { org, client } = await ownedOrganisation(2);
    const res = await expectStatus(client, ops.changePlan, 200, { params: { organisationId: org.id }, body: { plan: 'free' } });
    expect(res.billing).toMatchObject({ plan: 'free', trail_ends_at: null, limits: { seats: 3 } });
  });

  it('refuses an admin (403) and an unknown plan (422 with the field), changing nothing', async () => {
    const { org, client } = await ownedOrganisation();
    const admin = await createUser(t);
    await addMember(t, org.id, admin.id, 'admin');
    const adminClient = await signIn(t, admin);
    const forbidden = await callOperation(adminClient, ops.changePlan, {
      params: { organisationId: org.id },
      body: { plan: 'business', interval: 'monthly' },
    });
    expect(forbidden.status).toBe(403);
    const bad = await expectStatus(client, ops.changePlan, 422, {
      params: { organisationId: org.id },
      body: { plan: 'gold', interval: 'weekly' } as unknown as { plan: 'free' },
    });
    expect(Object.keys(bad.errors ?? {})).toEqual(expect.arrayContaining(['plan', 'interval']));
    expect(await stored(org.id)).toMatchObject({ plan: 'trial' });
    expect(await auditOf(org.id)).toHaveLength(0);
  });
});

describe('products (no Stripe)', () => {
  it('subscribes and unsubscribes, each change audited once', async () => {
    const { org, client } = await ownedOrganisation();
    const inOrg = { organisationId: org.id };
    const sub = await expectStatus(client, ops.subscribe, 200, { params: inOrg, body: { product: 'onboarding' } });
    expect(sub).toMatchObject({ billing: { products: ['onboarding'], plan: 'trial' }, checkout_url: null });
    await expectOk(client, ops.subscribe, { params: inOrg, body: { product: 'onboarding' } });
    const both = await expectOk(client, ops.subscribe, { params: inOrg, body: { product: 'website' } });
    expect(both.billing.products).toEqual(['website', 'onboarding']);
    const unsub = await expectStatus(client, ops.unsubscribe, 200, { params: { ...inOrg, product: 'onboarding' } });
    expect(unsub.billing.products).toEqual(['website']);
    expect((await stored(org.id)).products).toEqual(['website']);
    expect(await auditOf(org.id, 'billing.product_subscribed')).toHaveLength(2);
    expect(await auditOf(org.id, 'billing.product_unsubscribed')).toHaveLength(1);
    // The trial goes on: a product is not a plan.
    expect((await stored(org.id)).trailEndsAt).not.toBeNull();
  });

  it('refuses an unknown product with a field message', async () => {
    const { org, client } = await ownedOrganisation();
    const res = await expectStatus(client, ops.subscribe, 422, {
      params: { organisationId: org.id },
      body: { product: 'payroll' as 'website' },
    });
    expect(res.errors?.product).toEqual(['Choose one of: website, onboarding.']);
    const unsub = await expectStatus(client, ops.unsubscribe, 422, { params: { organisationId: org.id, product: 'payroll' } });
    expect(unsub.errors?.product).toEqual(['Choose one of: website, onboarding.']);
  });
});

describe('limits for other features', () => {
  const rejection = async (p: Promise<unknown>) => {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('assertSeatAvailable refuses the seat past the plan, counting invitations', async () => {
    const { org } = await ownedOrganisation(13);
    await expect(assertSeatAvailable(t.database.db, org.id)).resolves.toBeUndefined();
    await invite(org.id, 'fifteenth@example.test');
    const error = await rejection(assertSeatAvailable(t.database.db, org.id, { field: 'email' }));
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Your plan allows 15 members. Upgrade to add more.');
    expect(error.errors).toEqual({ email: [error.message] });
  });

  it('assertSeatAvailable uses Free limits after the trial, and works inside a transaction', async () => {
    const { org } = await ownedOrganisation(2);
    await t.database.db
      .update(organisations)
      .set({ trailEndsAt: new Date(Date.now() - 1000) })
      .where(eq(organisations.id, org.id));
    const error = await rejection(t.database.db.transaction((tx) => assertSeatAvailable(tx, org.id)));
    expect(error.message).toBe('Your plan allows 3 members. Upgrade to add more.');
  });

  it('assertRecruitmentAvailable lets recruitments open while none are active', async () => {
    const { org } = await ownedOrganisation();
    await expect(assertRecruitmentAvailable(t.database.db, org.id)).resolves.toBeUndefined();
  });
});

// ── Stripe ──────────────────────────────────────────────────────────────────

const WEBHOOK_SECRET = 'whsec_test_hireloop';

/** Stripe's API at the network boundary: records calls, keeps prices and subscriptions in memory. */
class FakeStripe implements StripeClient {
  prices_: StripePrice[] = [];
  createdPrices: Stripe.PriceCreateParams[] = [];
  sessions: Stripe.Checkout.SessionCreateParams[] = [];
  updates: Array<{ id: string; params: Stripe.SubscriptionUpdateParams }> = [];
  canceled: string[] = [];
  subscriptions_ = new Map<string, StripeSubscription>();

  prices = {
    list: async (params: Stripe.PriceListParams) => ({
      data: this.prices_.filter((p) => p.lookup_key && params.lookup_keys?.includes(p.lookup_key)),
    }),
    create: async (params: Stripe.PriceCreateParams) => {
      this.createdPrices.push(params);
      const price = { id: `price_${this.prices_.length + 1}`, lookup_key: params.lookup_key ?? null };
      this.prices_.push(price);
      return price;
    },
  };
  checkout = {
    sessions: {
      create: async (params: Stripe.Checkout.SessionCreateParams) => {
        this.sessions.push(params);
        return { id: `cs_test_${this.sessions.length}`, url: `https://checkout.stripe.test/pay/cs_test_${this.sessions.length}` };
      },
    },
  };
  subscriptions = {
    retrieve: async (id: string) => {
      const sub = this.subscriptions_.get(id);
      if (!sub) throw new Error(`No such subscription: ${id}`);
      return sub;
    },
    update: async (id: string, params: Stripe.SubscriptionUpdateParams) => {
      this.updates.push({ id, params });
      const sub = await this.subscriptions.retrieve(id);
      for (const op of params.items ?? []) {
        if (op.deleted) sub.items.data = sub.items.data.filter((i) => i.id !== op.id);
        else if (op.price) sub.items.data.push({ id: `si_${op.price}`, price: this.prices_.find((p) => p.id === op.price)! });
      }
      return sub;
    },
    cancel: async (id: string) => {
      this.canceled.push(id);
      return { id, status: 'canceled' };
    },
  };

  price(lookupKey: string): StripePrice {
    let price = this.prices_.find((p) => p.lookup_key === lookupKey);
    if (!price) {
      price = { id: `price_${this.prices_.length + 1}`, lookup_key: lookupKey };
      this.prices_.push(price);
    }
    return price;
  }

  subscription(id: string, customer: string, lookupKeys: string[], status = 'active'): StripeSubscription {
    const sub = {
      id,
      status,
      customer,
      metadata: {},
      items: { data: lookupKeys.map((k) => ({ id: `si_${k}`, price: this.price(k) })) },
    };
    this.subscriptions_.set(id, sub);
    return sub;
  }
}

describe('with Stripe', () => {
  let fake: FakeStripe;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    fake = new FakeStripe();
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    // A second app on the same database, with the fake client: nothing reaches the network.
    app = await buildApp({ config, database: t.database, stripe: fake });
    await app.listen({ host: '127.0.0.1', port });
    base = config.appUrl;
  });
  afterAll(async () => app.close());

  async function stripeOrganisation(extra = 0) {
    const { org, owner } = await ownedOrganisation(extra);
    const client = new Client(base);
    client.setCookie('hireloop_session', (await signIn(t, owner)).cookie('hireloop_session')!);
    return { org, client: await client.csrf() };
  }

  /** Posts the event as Stripe would: raw JSON, signed, no cookies and no anti-forgery token. */
  function deliver(event: Record<string, unknown>, opts: { secret?: string; tamper?: boolean } = {}) {
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...event,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
    const body = opts.tamper ? payload.replace('"team"', '"business"') : payload;
    return new Client(base).request('POST', '/api/v1/billing/stripe/webhook', {
      rawBody: body,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  }

  const completed = (organisationId: string, metadata: Record<string, string>, subscription = 'sub_1', customer = 'cus_1') => ({
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_done',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        client_reference_id: organisationId,
        customer,
        subscription,
        metadata: { organisation_id: organisationId, ...metadata },
      },
    },
  });

  it('refuses to start with a secret key but no webhook secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('sends a paid plan change to Stripe Checkout and changes nothing until paid', async () => {
    const { org, client } = await stripeOrganisation();
    const res = await expectStatus(client, ops.changePlan, 200, {
      params: { organisationId: org.id },
      body: { plan: 'team', interval: 'yearly' },
    });
    expect(res.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_\d+$/);
    expect(res.billing).toMatchObject({ plan: 'trial', stripe_enabled: true });
    const session = fake.sessions.at(-1)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: org.id,
      metadata: { organisation_id: org.id, plan: 'team', interval: 'yearly', products: '' },
    });
    expect(session.customer_email).toMatch(/@example\.test$/);
    expect(session.success_url).toBe(`${base}/settings/billing?checkout=success`);
    // The price comes from the plan table, found (or created) by its lookup key.
    const priceId = session.line_items![0]!.price;
    expect(fake.prices_.find((p) => p.id === priceId)?.lookup_key).toBe('hireloop_team_yearly');
    expect(fake.createdPrices.find((p) => p.lookup_key === 'hireloop_team_yearly')).toMatchObject({
      unit_amount: 99000,
      currency: 'eur',
      recurring: { interval: 'year' },
    });
    expect(await stored(org.id)).toMatchObject({ plan: 'trial', stripeSubscriptionId: null });
    expect(await auditOf(org.id, 'billing.checkout_started')).toHaveLength(1);
  });

  it('starts a product taken during the trial with Stripe trialing until the trial ends, so it costs nothing before', async () => {
    const { org, client } = await stripeOrganisation();
    const trailEndsAt = (await stored(org.id)).trailEndsAt!;
    const res = await expectStatus(client, ops.subscribe, 200, { params: { organisationId: org.id }, body: { product: 'website' } });
    expect(res.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(fake.sessions.at(-1)!.subscription_data).toEqual({
      metadata: { organisation_id: org.id },
      trial_end: Math.floor(trailEndsAt.getTime() / 1000),
    });

    // Choosing a plan ends the trial: that checkout is paid from the start.
    await client.post(`organisation/${org.id}/billing/plan`, { plan: 'team', interval: 'monthly' });
    expect(fake.sessions.at(-1)!.subscription_data).toEqual({ metadata: { organisation_id: org.id } });

    // Stripe takes a trial end only two days or more ahead: closer to it the product is paid at once.
    const late = await stripeOrganisation();
    await t.database.db
      .update(organisations)
      .set({ trailEndsAt: new Date(Date.now() + 24 * 3_600_000) })
      .where(eq(organisations.id, late.org.id));
    expect((await late.client.post(`organisation/${late.org.id}/billing/products`, { product: 'onboarding' })).status).toBe(200);
    expect(fake.sessions.at(-1)!.subscription_data).toEqual({ metadata: { organisation_id: late.org.id } });
  });

  it('still refuses a downgrade over the limit before going to Stripe', async () => {
    const { org, client } = await stripeOrganisation(3);
    const sessions = fake.sessions.length;
    await expectStatus(client, ops.changePlan, 422, { params: { organisationId: org.id }, body: { plan: 'free' } });
    expect(fake.sessions.length).toBe(sessions);
  });

  it('applies the plan from a signed checkout.session.completed webhook, once', async () => {
    const { org, client } = await stripeOrganisation();
    const event = completed(org.id, { plan: 'team', interval: 'monthly', products: 'website' }, 'sub_completed', 'cus_completed');
    const res = await deliver(event);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(await stored(org.id)).toMatchObject({
      plan: 'team',
      billingInterval: 'monthly',
      products: ['website'],
      trailEndsAt: null,
      stripeCustomerId: 'cus_completed',
      stripeSubscriptionId: 'sub_completed',
    });
    const billing = await expectOk(client, ops.get, { params: { organisationId: org.id } });
    expect(billing.billing).toMatchObject({ plan: 'team', trail_ends_at: null, products: ['website'] });
    // Stripe retries deliveries: the same event again changes and logs nothing.
    expect((await deliver(event)).status).toBe(200);
    const entries = await auditOf(org.id, 'billing.subscription_started');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorName: 'Stripe', actorUserId: null });
  });

  it('refuses a tampered or wrongly signed webhook with 400 and changes nothing', async () => {
    const { org } = await stripeOrganisation();
    const event = completed(org.id, { plan: 'team', interval: 'monthly', products: '' }, 'sub_tampered');
    const tampered = await deliver(event, { tamper: true });
    expect(tampered.status).toBe(400);
    expect(tampered.json).toEqual({ message: 'The Stripe signature is not valid.', code: 'bad_request' });
    expect((await deliver(event, { secret: 'whsec_someone_else' })).status).toBe(400);
    const unsigned = await new Client(base).request('POST', '/api/v1/billing/stripe/webhook', {
      rawBody: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect(await stored(org.id)).toMatchObject({ plan: 'trial', stripeSubscriptionId: null });
    expect(await auditOf(org.id)).toHaveLength(0);
  });

  it('changes an existing subscription in place (no checkout) and follows subscription webhooks', async () => {
    const { org, client } = await stripeOrganisation();
    fake.subscription('sub_live', 'cus_live', ['hireloop_team_monthly']);
    await deliver(completed(org.id, { plan: 'team', interval: 'monthly', products: '' }, 'sub_live', 'cus_live'));

    const added = await expectStatus(client, ops.subscribe, 200, { params: { organisationId: org.id }, body: { product: 'onboarding' } });
    expect(added.checkout_url).toBeNull();
    expect(added.billing.products).toEqual(['onboarding']);
    const update = fake.updates.at(-1)!;
    expect(update.id).toBe('sub_live');
    expect(update.params.items).toEqual([{ price: fake.price('hireloop_onboarding_monthly').id, quantity: 1 }]);

    // Changed in Stripe's portal: Business yearly with Website only.
    const updated = {
      type: 'customer.subscription.updated',
      data: {
        object: fake.subscription('sub_live', 'cus_live', ['hireloop_business_yearly', 'hireloop_website_yearly']),
      },
    };
    expect((await deliver(updated)).status).toBe(200);
    expect(await stored(org.id)).toMatchObject({ plan: 'business', billingInterval: 'yearly', products: ['website'] });

    // An old subscription's events change nothing.
    const stale = { type: 'customer.subscription.deleted', data: { object: fake.subscription('sub_old', 'cus_live', [], 'canceled') } };
    expect((await deliver(stale)).status).toBe(200);
    expect(await stored(org.id)).toMatchObject({ plan: 'business' });

    const deleted = {
      type: 'customer.subscription.deleted',
      data: { object: { ...fake.subscription('sub_live', 'cus_live', []), status: 'canceled' } },
    };
    expect((await deliver(deleted)).status).toBe(200);
    expect(await stored(org.id)).toMatchObject({ plan: 'free', products: [], stripeSubscriptionId: null });
    expect(await auditOf(org.id, 'billing.subscription_ended')).toHaveLength(1);
  });

  it('cancels the subscription when nothing paid is left', async () => {
    const { org, client } = await stripeOrganisation();
    fake.subscription('sub_product_only', 'cus_p', ['hireloop_website_monthly']);
    await deliver(completed(org.id, { plan: '', interval: 'monthly', products: 'website' }, 'sub_product_only', 'cus_p'));
    expect(await stored(org.id)).toMatchObject({ plan: 'trial', products: ['website'] });
    const res = await expectStatus(client, ops.unsubscribe, 200, { params: { organisationId: org.id, product: 'website' } });
    expect(res.billing.products).toEqual([]);
    expect(fake.canceled).toContain('sub_product_only');
    expect(await stored(org.id)).toMatchObject({ stripeSubscriptionId: null, products: [] });
  });

  it('answers 404 on the webhook when Stripe is not configured', async () => {
    const res = await new Client(t.baseUrl).request('POST', '/api/v1/billing/stripe/webhook', {
      rawBody: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(res.status).toBe(404);
  });
});
