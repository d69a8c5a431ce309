import { billingOperations } from '@hireloop/contract/operations/billing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const FREE_REFUSAL = 'The Free plan allows 1 active recruitment. Close one or upgrade to open another.';

/** An organisation on `plan` (trial: a running trial with Team limits), its owner signed in, and an open role. */
async function organisationOn(plan: 'trial' | 'free' | 'team' | 'business') {
  const owner = await createUser(t);
  const org = await createOrganisation(t, owner);
  if (plan !== 'trial') await t.database.db.update(organisations).set({ plan, trailEndsAt: null }).where(eq(organisations.id, org.id));
  const [role] = await t.database.db
    .insert(jobRoles)
    .values({ organisationId: org.id, name: 'Backend Engineer', status: 'open' })
    .returning();
  const client = await signIn(t, owner);
  const base = `organisation/${org.id}/recruitments`;
  return {
    org,
    client,
    roleId: role!.id,
    open: (name: string) => client.post(base, { role_id: role!.id, name }),
    patch: (id: string, body: Record<string, unknown>) => client.patch(`${base}/${id}`, body),
    /** Recruitments written directly, in the given states. */
    seed: async (...states: Array<'open' | 'on_hold' | 'closed'>) =>
      (
        await t.database.db
          .insert(recruitments)
          .values(states.map((status, i) => ({ organisationId: org.id, roleId: role!.id, name: `Seeded ${i + 1}`, status })))
          .returning()
      ).map((r) => r.id),
  };
}

const activeIn = async (organisationId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(recruitments)
      .where(and(eq(recruitments.organisationId, organisationId), inArray(recruitments.status, ['open', 'on_hold'])))
  )[0]!.n;

const usageOf = async (o: Awaited<ReturnType<typeof organisationOn>>) =>
  (await o.client.get(`organisation/${o.org.id}/billing`)).json.billing.usage;

describe('active recruitments against the plan', () => {
  it('lets a Free organisation open one recruitment and refuses the second with a 422 naming the plan', async () => {
    const o = await organisationOn('free');
    expect((await o.open('Spring hiring')).status).toBe(201);
    const res = await o.open('Summer hiring');
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ message: FREE_REFUSAL, code: 'validation_failed', errors: { active_recruitments: [FREE_REFUSAL] } });
    expect(await activeIn(o.org.id)).toBe(1);
  });

  it('counts a recruitment on hold as active; closing one frees the slot; reopening past the limit is refused', async () => {
    const o = await organisationOn('free');
    const first = (await o.open('Spring hiring')).json.recruitment.id as string;
    expect((await o.patch(first, { status: 'on_hold' })).status).toBe(200);
    expect((await o.open('Summer hiring')).status).toBe(422);

    expect((await o.patch(first, { status: 'closed', close_reason: 'Filled' })).status).toBe(200);
    const second = (await o.open('Summer hiring')).json.recruitment.id as string;
    expect(second).toBeTruthy();

    for (const status of ['open', 'on_hold']) {
      const reopen = await o.patch(first, { status });
      expect(reopen.status).toBe(422);
      expect(reopen.json.message).toBe(FREE_REFUSAL);
    }
    const [stored] = await t.database.db.select().from(recruitments).where(eq(recruitments.id, first));
    expect(stored).toMatchObject({ status: 'closed', closeReason: 'Filled' });
    // A closed recruitment can still be edited, and an active one moves between open and on hold.
    expect((await o.patch(first, { name: 'Spring hiring (done)' })).status).toBe(200);
    expect((await o.patch(second, { status: 'on_hold' })).status).toBe(200);
    expect((await o.patch(second, { status: 'open' })).status).toBe(200);
    // Once the other one is closed, the first reopens.
    expect((await o.patch(second, { status: 'closed' })).status).toBe(200);
    expect((await o.patch(first, { status: 'open' })).status).toBe(200);
    expect(await activeIn(o.org.id)).toBe(1);
  });

  it('applies the Team limit on Team and during the trial, and none on Business', async () => {
    const team = await organisationOn('team');
    await team.seed(...Array<'open'>(9).fill('open'), 'on_hold', 'closed');
    const refused = await team.open('Eleventh');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('The Team plan allows 10 active recruitments. Close one or upgrade to open another.');

    const trial = await organisationOn('trial');
    await trial.seed(...Array<'open'>(10).fill('open'));
    expect((await trial.open('Eleventh')).json.message).toBe(
      'The Team trial allows 10 active recruitments. Close one or upgrade to open another.',
    );
    // The trial over, the organisation is on Free.
    await t.database.db
      .update(organisations)
      .set({ trailEndsAt: new Date(Date.now() - 1000) })
      .where(eq(organisations.id, trial.org.id));
    expect((await trial.open('Twelfth')).json.message).toBe(FREE_REFUSAL);

    const business = await organisationOn('business');
    await business.seed(...Array<'open'>(120).fill('open'));
    expect((await business.open('One more')).status).toBe(201);
  });

  it('shows the real count in billing usage; a new organisation shows 0 while another holds active recruitments', async () => {
    const busy = await organisationOn('team');
    await busy.seed('open', 'open', 'on_hold', 'closed');
    expect(await usageOf(busy)).toMatchObject({ active_recruitments: 3 });
    expect((await busy.open('Fourth')).status).toBe(201);
    expect(await usageOf(busy)).toMatchObject({ active_recruitments: 4 });

    const fresh = await organisationOn('free');
    expect(await usageOf(fresh)).toMatchObject({ active_recruitments: 0 });
  });

  it('refuses a downgrade the active recruitments do not fit', async () => {
    const o = await organisationOn('team');
    await o.seed('open', 'on_hold');
    const res = await expectStatus(o.client, billingOperations.changePlan, 422, {
      params: { organisationId: o.org.id },
      body: { plan: 'free' },
    });
    expect(res.errors?.active_recruitments?.[0]).toBe(
      'The Free plan allows 1 active recruitment, and 2 are active (open or on hold). Close recruitments first.',
    );
    expect((await t.database.db.select().from(organisations).where(eq(organisations.id, o.org.id)))[0]!.plan).toBe('team');
  });
});

describe('concurrent opens', () => {
  it('leave exactly the limit active: of 8 simultaneous opens on Free, one succeeds', async () => {
    const o = await organisationOn('free');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => o.open(`Race ${i}`)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    expect(await activeIn(o.org.id)).toBe(1);
  });

  it('leave exactly the limit active when opens and reopens race', async () => {
    const o = await organisationOn('free');
    const closed = await o.seed('closed', 'closed', 'closed', 'closed');
    const results = await Promise.all([
      ...closed.map((id) => o.patch(id, { status: 'open' })),
      ...Array.from({ length: 4 }, (_, i) => o.open(`Race ${i}`)),
    ]);
    expect(results.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422).every((r) => r.json.message === FREE_REFUSAL)).toBe(true);
    expect(await activeIn(o.org.id)).toBe(1);
  });
});
