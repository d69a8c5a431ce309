import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import { onboardingOperations as ops } from '@hireloop/contract/operations/onboardings';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hires } from '../src/db/schema/onboarding.ts';
import { offers } from '../src/db/schema/interviews.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { recruitmentMembers } from '../src/db/schema/recruitments.ts';
import { acceptOfferThroughApp } from './offer-fixtures.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { type Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

/*
 * Hires whose offers were accepted before the organisation subscribed to Onboarding: listed on the
 * dashboard and brought in as hires (role and start date from the offer), never twice.
 */

let t: TestApp;
let org: { id: string };
let otherOrg: { id: string };
let manager: { id: string };
let recruiter: Client;
let interviewer: Client;
let outsider: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;

const db = () => t.database.db;
const inOrg = () => ({ organisationId: org.id });
const hireOf = (hireId: string) => ({ organisationId: org.id, hireId });
const importOffers = (as: Client, offerIds: string[], organisationId = org.id) =>
  callOperation(as, ops.importAcceptedOffers, { params: { organisationId }, body: { offer_ids: offerIds } });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const hireCount = async () => (await db().select().from(hires).where(eq(hires.organisationId, org.id))).length;

/** An offer made, sent and accepted through the app (the organisation is not subscribed then). */
async function acceptedOffer(name: string, startInDays: number) {
  const recruitment = await pipeline.recruitment(`Hiring ${name}`);
  await db().insert(recruitmentMembers).values({ recruitmentId: recruitment.id, userId: manager.id, role: 'hiring_manager' });
  const { candidate, applications: apps } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name }, [recruitment.id]);
  const start = day(startInDays);
  const { offerId } = await acceptOfferThroughApp(t, recruiter, {
    organisationId: org.id,
    applicationId: apps[0]!.id,
    candidateEmail: candidate.email,
    salary: 64000,
    startDate: start,
    expiresOn: day(10),
  });
  return { candidate, start, offerId, applicationId: apps[0]!.id, recruitmentId: recruitment.id };
}

let ada: Awaited<ReturnType<typeof acceptedOffer>>;
let bob: Awaited<ReturnType<typeof acceptedOffer>>;
let cy: Awaited<ReturnType<typeof acceptedOffer>>;
let theirOfferId = '';

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t, { name: 'Olga Owner' });
  org = await createOrganisation(t, owner, { name: 'Late Subscriber' });
  const recruiterUser = await createUser(t, { name: 'Rita Recruiter' });
  manager = await createUser(t, { name: 'Max Manager' });
  const interviewerUser = await createUser(t, { name: 'Ike Interviewer' });
  await addMember(t, org.id, recruiterUser.id, 'recruiter');
  await addMember(t, org.id, manager.id, 'hiring_manager');
  await addMember(t, org.id, interviewerUser.id, 'interviewer');
  recruiter = await signIn(t, recruiterUser);
  interviewer = await signIn(t, interviewerUser);
  const stranger = await createUser(t);
  otherOrg = await createOrganisation(t, stranger);
  outsider = await signIn(t, stranger);
  pipeline = await seedPipeline(t, org.id);

  // Accepted while the organisation had no Onboarding: nobody entered onboarding.
  ada = await acceptedOffer('Ada Early', 14);
  bob = await acceptedOffer('Bob Early', 30);
  cy = await acceptedOffer('Cy Early', 45);
  expect(await hireCount()).toBe(0);

  // Another organisation's accepted offer.
  const theirPipeline = await seedPipeline(t, otherOrg.id);
  const theirRecruitment = await theirPipeline.recruitment('Theirs');
  const theirs = await seedCandidate(t, otherOrg.id, theirPipeline.statuses[0]!.id, { name: 'Their Hire' }, [theirRecruitment.id]);
  const [offer] = await db()
    .insert(offers)
    .values({
      organisationId: otherOrg.id,
      applicationId: theirs.applications[0]!.id,
      recruitmentId: theirRecruitment.id,
      salary: 1,
      currency: 'EUR',
      startDate: day(20),
      expiresAt: new Date(Date.now() + 86_400_000),
      status: 'accepted',
      decidedAt: new Date(),
    })
    .returning();
  theirOfferId = offer!.id;

  // Both subscribe now: onboarding answers only an organisation with the product.
  await db()
    .update(organisations)
    .set({ products: ['onboarding'] })
    .where(inArray(organisations.id, [org.id, otherOrg.id]));
  // Three offers made, sent and accepted through the app take a while on a busy machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('accepted offers not in onboarding', () => {
  it('a new organisation has none', async () => {
    const res = await expectOk(outsider, ops.acceptedOffers, { params: { organisationId: otherOrg.id } });
    // Their one offer is accepted and not in onboarding: exactly it, nothing of ours.
    expect(res.accepted_offers.map((x) => x.offer_id)).toEqual([theirOfferId]);
    const newcomer = await createUser(t);
    const fresh = await createOrganisation(t, newcomer);
    await db()
      .update(organisations)
      .set({ products: ['onboarding'] })
      .where(eq(organisations.id, fresh.id));
    const empty = await expectOk(await signIn(t, newcomer), ops.acceptedOffers, { params: { organisationId: fresh.id } });
    expect(empty.accepted_offers).toEqual([]);
  });

  it('lists this organisation’s accepted offers with role and start date, only to those who manage onboarding', async () => {
    const list = (await expectOk(recruiter, ops.acceptedOffers, { params: inOrg() })).accepted_offers;
    expect(list.map((x) => x.offer_id).sort()).toEqual([ada.offerId, bob.offerId, cy.offerId].sort());
    expect(list.find((x) => x.offer_id === ada.offerId)).toMatchObject({
      candidate: { id: ada.candidate.id, name: 'Ada Early' },
      role: { id: pipeline.role.id, name: 'Engineer' },
      recruitment: { id: ada.recruitmentId },
      start_date: ada.start,
    });
    expect((await callOperation(interviewer, ops.acceptedOffers, { params: inOrg() })).status).toBe(403);
  });

  it('refuses another organisation’s offer, an empty choice and bad ids, importing nothing', async () => {
    const refused = (offerIds: string[]) =>
      expectStatus(recruiter, ops.importAcceptedOffers, 422, { params: inOrg(), body: { offer_ids: offerIds } });
    const foreign = await refused([ada.offerId, theirOfferId]);
    expect(foreign.errors?.offer_ids).toEqual([ONBOARDING_TEXTS.offerUnknown]);
    const none = await refused([]);
    expect(Object.values(none.errors ?? {}).flat()).toContain(ONBOARDING_TEXTS.offersRequired);
    await refused(['nope']);
    expect((await importOffers(interviewer, [ada.offerId])).status).toBe(403);
    expect(await hireCount()).toBe(0);
    // Through their organisation, where our recruiter is no member: as if it did not exist.
    expect((await importOffers(recruiter, [theirOfferId], otherOrg.id)).status).toBe(404);
  });

  it('brings them in as hires with role and start date; twice makes one hire each', async () => {
    const mailsBefore = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).length;
    const first = await expectOk(recruiter, ops.importAcceptedOffers, {
      params: inOrg(),
      body: { offer_ids: [ada.offerId, bob.offerId, ada.offerId] },
    });
    expect(first.hires.map((h) => h.offer_id)).toEqual([ada.offerId, bob.offerId]);
    expect(first.skipped).toEqual([]);
    const adaHire = (await expectOk(recruiter, ops.hire, { params: hireOf(first.hires[0]!.hire_id) })).hire;
    expect(adaHire).toMatchObject({
      candidate: { id: ada.candidate.id },
      role: { id: pipeline.role.id, name: 'Engineer' },
      start_date: ada.start,
      offer_id: ada.offerId,
      application_id: ada.applicationId,
      manager: { id: manager.id },
      onboarding_id: first.hires[0]!.onboarding_id,
    });
    const bobHire = (await expectOk(recruiter, ops.hire, { params: hireOf(first.hires[1]!.hire_id) })).hire;
    expect(bobHire).toMatchObject({ candidate: { id: bob.candidate.id }, start_date: bob.start, offer_id: bob.offerId });
    // No new-hire e-mail goes out by itself: it is sent from the hire when wanted.
    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).slice(mailsBefore);
    expect(mails.map((m) => m.payload as { to: string; text: string }).filter((m) => m.text.includes('/new-hire/'))).toEqual([]);

    const again = await importOffers(recruiter, [ada.offerId, bob.offerId]);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ hires: [], skipped: [ada.offerId, bob.offerId] });
    expect(await hireCount()).toBe(2);
    const left = (await expectOk(recruiter, ops.acceptedOffers, { params: inOrg() })).accepted_offers;
    expect(left.map((x) => x.offer_id)).toEqual([cy.offerId]);
  });

  it('“Add a hire” from an accepted offer links the hire to it; another person’s offer is refused', async () => {
    const wrong = await expectStatus(recruiter, ops.createHire, 422, {
      params: inOrg(),
      body: { candidate_id: cy.candidate.id, role_id: pipeline.role.id, start_date: cy.start, offer_id: ada.offerId },
    });
    expect(wrong.errors?.offer_id).toEqual([ONBOARDING_TEXTS.offerOfOtherCandidate]);
    const foreign = await expectStatus(recruiter, ops.createHire, 422, {
      params: inOrg(),
      body: { candidate_id: cy.candidate.id, role_id: pipeline.role.id, offer_id: theirOfferId },
    });
    expect(foreign.errors?.offer_id).toEqual([ONBOARDING_TEXTS.offerUnknown]);
    expect(await hireCount()).toBe(2);
    const res = await expectStatus(recruiter, ops.createHire, 201, {
      params: inOrg(),
      body: { candidate_id: cy.candidate.id, role_id: pipeline.role.id, start_date: cy.start, offer_id: cy.offerId },
    });
    expect(res.hire).toMatchObject({ start_date: cy.start, offer_id: cy.offerId, application_id: cy.applicationId });
    expect((await expectOk(recruiter, ops.acceptedOffers, { params: inOrg() })).accepted_offers).toEqual([]);
    const imported = await importOffers(recruiter, [cy.offerId]);
    expect(imported.json).toEqual({ hires: [], skipped: [cy.offerId] });
    const cyHires = await db()
      .select()
      .from(hires)
      .where(and(eq(hires.organisationId, org.id), eq(hires.candidateId, cy.candidate.id)));
    expect(cyHires).toHaveLength(1);
  });
});
