import { OFFER_TEXTS } from '@hireloop/contract/offers';
import type { BodyInput } from '@hireloop/contract/operations/operation';
import { offerOperations as ops } from '@hireloop/contract/operations/offers';
import { roleOperations } from '@hireloop/contract/operations/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../src/db/schema/interviews.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectOk, expectStatus } from './operations.ts';

/*
 * An offer's terms follow its job role: the currency (and period) default to the role's salary
 * range, and the offer says how its salary compares with that range (apps/server/src/features/offers/presenter.ts).
 */

let t: TestApp;
let org: { id: string };
let owner: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Terms = BodyInput<typeof ops.create>;
const terms = (extra: Partial<Terms> = {}): Terms => ({ salary: 100_000, start_date: future(40), expires_on: future(14), ...extra });
const ofOffer = (offer: string) => ({ params: { organisationId: org.id, offer } });
/** Makes an offer for the application, which must answer 201: the offer. */
const offerFor = async (applicationId: string, extra: Partial<Terms> = {}) =>
  (await expectStatus(owner, ops.create, 201, { params: { organisationId: org.id, application: applicationId }, body: terms(extra) }))
    .offer;

/** A job role (through the API) with a recruitment for it. */
async function roleWithRecruitment(role: Partial<BodyInput<typeof roleOperations.create>>) {
  const { role: created } = await expectStatus(owner, roleOperations.create, 201, {
    params: { organisationId: org.id },
    body: { name: `Role ${Math.random().toString(36).slice(2, 8)}`, status: 'open', ...role },
  });
  const [recruitment] = await t.database.db
    .insert(recruitments)
    .values({ organisationId: org.id, roleId: created.id, name: created.name, status: 'open' })
    .returning();
  return { roleId: created.id, recruitmentId: recruitment!.id };
}

async function applicationIn(recruitmentId: string) {
  const { applications } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, {}, [recruitmentId]);
  return applications[0]!.id;
}

let chf: { roleId: string; recruitmentId: string };

beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t, { name: 'Dana Whitfield' });
  org = await createOrganisation(t, user);
  owner = await signIn(t, user);
  pipeline = await seedPipeline(t, org.id);
  chf = await roleWithRecruitment({ salary_min: 90_000, salary_max: 110_000, salary_currency: 'CHF', salary_period: 'year' });
});
afterAll(async () => {
  await t?.close();
});

describe("an offer's currency comes from its role", () => {
  it("defaults the currency and the period to the role's when the client omits them", async () => {
    const monthly = await roleWithRecruitment({ salary_min: 6000, salary_max: 8000, salary_currency: 'GBP', salary_period: 'month' });
    const offer = await offerFor(await applicationIn(chf.recruitmentId));
    expect(offer).toMatchObject({ currency: 'CHF', salary_period: 'year' });
    const [stored] = await t.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(stored).toMatchObject({ currency: 'CHF', salaryPeriod: 'year' });

    const gbp = await offerFor(await applicationIn(monthly.recruitmentId), { salary: 7000 });
    expect(gbp).toMatchObject({ currency: 'GBP', salary_period: 'month', salary_range_check: 'within' });
  });

  it('keeps a currency chosen deliberately, and says it is not compared with the range', async () => {
    const offer = await offerFor(await applicationIn(chf.recruitmentId), { currency: 'EUR' });
    expect(offer).toMatchObject({ currency: 'EUR', salary_range_check: 'not_comparable' });
  });

  it('asks for the currency when the role names none, and stores nothing', async () => {
    const bare = await roleWithRecruitment({});
    const applicationId = await applicationIn(bare.recruitmentId);
    const res = await expectStatus(owner, ops.create, 422, {
      params: { organisationId: org.id, application: applicationId },
      body: terms(),
    });
    expect(res.errors).toEqual({ currency: [OFFER_TEXTS.currencyRequired] });
    expect(await t.database.db.select().from(offers).where(eq(offers.applicationId, applicationId))).toHaveLength(0);

    // With a currency it is made, and without a range on the role there is nothing to compare.
    const made = await offerFor(applicationId, { currency: 'USD' });
    expect(made).toMatchObject({
      currency: 'USD',
      salary_range_check: null,
      role: { salary_min: null, salary_max: null, salary_currency: null },
    });
  });
});

describe("the salary against the role's range", () => {
  it('carries the range on the offer and says below, within (edges included) or above', async () => {
    const cases: Array<[number, string]> = [
      [89_999, 'below'],
      [90_000, 'within'],
      [110_000, 'within'],
      [110_001, 'above'],
    ];
    for (const [salary, check] of cases) {
      const offer = await offerFor(await applicationIn(chf.recruitmentId), { salary });
      expect(offer.salary_range_check, String(salary)).toBe(check);
      expect(offer.role).toMatchObject({
        id: chf.roleId,
        salary_min: 90_000,
        salary_max: 110_000,
        salary_currency: 'CHF',
        salary_period: 'year',
      });
    }
  });

  it('follows edits of the salary and the period, and the list and the single offer say the same', async () => {
    const created = await offerFor(await applicationIn(chf.recruitmentId), { salary: 95_000 });
    const { id } = created;
    expect(created.salary_range_check).toBe('within');

    const above = await expectStatus(owner, ops.update, 200, { ...ofOffer(id), body: { salary: 150_000 } });
    expect(above.offer.salary_range_check).toBe('above');
    expect((await expectOk(owner, ops.get, ofOffer(id))).offer.salary_range_check).toBe('above');
    const listed = (
      await expectOk(owner, ops.listForRecruitment, {
        params: { organisationId: org.id, recruitment: chf.recruitmentId },
        query: { per_page: 100 },
      })
    ).offers.data;
    expect(listed.find((x) => x.id === id)?.salary_range_check).toBe('above');

    const monthly = await expectOk(owner, ops.update, { ...ofOffer(id), body: { salary: 8000, salary_period: 'month' } });
    expect(monthly.offer.salary_range_check).toBe('not_comparable');
  });

  it("follows a change of the role's range", async () => {
    const created = await offerFor(await applicationIn(chf.recruitmentId), { salary: 100_000 });
    expect(created.salary_range_check).toBe('within');
    const roleParams = { organisationId: org.id, role: chf.roleId };
    await expectStatus(owner, roleOperations.update, 200, { params: roleParams, body: { salary_min: 120_000, salary_max: 140_000 } });
    const again = (await expectOk(owner, ops.get, ofOffer(created.id))).offer;
    expect(again.salary_range_check).toBe('below');
    expect(again.role).toMatchObject({ salary_min: 120_000, salary_max: 140_000 });
    await expectOk(owner, roleOperations.update, { params: roleParams, body: { salary_min: 90_000, salary_max: 110_000 } });
  });
});
