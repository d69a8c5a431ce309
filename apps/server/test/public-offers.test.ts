import { OFFER_TEXTS, type PublicOfferResponse } from '@hireloop/contract/offers';
import { offerOperations } from '@hireloop/contract/operations/offers';
import { publicOfferOperations as ops } from '@hireloop/contract/operations/public-offers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicationStageChanges, applications } from '../src/db/schema/candidates.ts';
import { offers } from '../src/db/schema/interviews.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { recruitmentMembers } from '../src/db/schema/recruitments.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { fetchBytes, pdfText } from './pdf-text.ts';

let t: TestApp;
let org: { id: string };
let owner: { id: string };
let teamUser: { id: string };
let recruiter: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;
let recruitmentId: string;

const db = () => t.database.db;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const pub = (token: string, rest = '') => `public/offers/${token}${rest}`;
const link = (token: string) => ({ params: { token } });
const ofOffer = (offer: string) => ({ params: { organisationId: org.id, offer } });
/** The offer as the staff see it. */
const staffView = async (id: string) => (await expectOk(recruiter, offerOperations.get, ofOffer(id))).offer;
/** A visitor with no account and no cookies but the anti-forgery one, as the public page gets. */
const stranger = () => new Client(t.baseUrl).csrf();

/** An offer through the whole staff chain (no approvers: approved on submit), sent; returns the link token. */
async function sentOffer(name = 'Ada Lovelace') {
  const { candidate, applications: apps } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name }, [recruitmentId]);
  const applicationId = apps[0]!.id;
  const created = await expectStatus(recruiter, offerOperations.create, 201, {
    params: { organisationId: org.id, application: applicationId },
    body: { salary: 72000, currency: 'GBP', start_date: future(30), expires_on: future(10), approver_ids: [] },
  });
  const { id } = created.offer;
  expect((await expectOk(recruiter, offerOperations.submit, ofOffer(id))).offer.status).toBe('approved');
  await expectStatus(recruiter, offerOperations.send, 200, ofOffer(id));
  const mails = await db().select().from(outbox).where(eq(outbox.kind, 'mail'));
  const mail = mails.map((m) => m.payload as { to: string; text: string }).find((m) => m.to === candidate.email);
  const token = new RegExp(`${t.baseUrl}/offer/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no link mailed');
  return { id, token, applicationId, candidate };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Dana Whitfield' });
  org = await createOrganisation(t, owner, { name: 'Northwind Labs' });
  const recruiterUser = await createUser(t, { name: 'Priya Raman' });
  teamUser = await createUser(t, { name: 'Tom Okafor' });
  await addMember(t, org.id, recruiterUser.id, 'recruiter');
  await addMember(t, org.id, teamUser.id, 'hiring_manager');
  recruiter = await signIn(t, recruiterUser);
  pipeline = await seedPipeline(t, org.id);
  recruitmentId = (await pipeline.recruitment('Data scientist')).id;
  await db().insert(recruitmentMembers).values({ recruitmentId, userId: teamUser.id, role: 'hiring_manager' });
});
afterAll(async () => {
  await t?.close();
});

describe('the candidate’s link', () => {
  it('shows only what the candidate needs, without an account', async () => {
    const { token } = await sentOffer('Ada Lovelace');
    const visitor = await stranger();
    const res = await callOperation(visitor, ops.view, link(token));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // What the server sent, before the contract's schema would strip anything else.
    const sent = JSON.parse(res.text) as PublicOfferResponse;
    const { offer } = res.json as PublicOfferResponse;
    expect(Object.keys(sent.offer).sort()).toEqual(
      [
        'bonus_note',
        'candidate_name',
        'contract_type',
        'currency',
        'decided_at',
        'expires_at',
        'expires_on',
        'letter_text',
        'letter_url',
        'organisation',
        'role',
        'salary',
        'salary_period',
        'start_date',
        'status',
      ].sort(),
    );
    expect(offer).toMatchObject({
      organisation: { name: 'Northwind Labs' },
      candidate_name: 'Ada Lovelace',
      role: 'Engineer',
      salary: 72000,
      currency: 'GBP',
      status: 'sent',
      expires_on: future(10),
    });
    expect(Object.keys(sent.offer.organisation)).toEqual(['name']);
    expect(offer.letter_text).toContain('Dear Ada Lovelace');
    expect(res.text).not.toContain(org.id);
  });

  it('accepting hires the application, notifies the creator and the hiring team, and works once', async () => {
    const { token, applicationId, id } = await sentOffer('Grace Hopper');
    const visitor = await stranger();
    const res = await expectStatus(visitor, ops.accept, 200, { ...link(token), body: {} });
    expect(res.offer.status).toBe('accepted');
    expect(res.offer.decided_at).not.toBeNull();

    const hired = pipeline.statuses.find((s) => s.category === 'hired')!;
    const [app] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(app!.statusId).toBe(hired.id);
    expect(app!.hiredAt).not.toBeNull();
    const moves = await db().select().from(applicationStageChanges).where(eq(applicationStageChanges.applicationId, applicationId));
    expect(moves.some((m) => m.toStatusId === hired.id)).toBe(true);
    const types = (await db().select().from(activities).where(eq(activities.applicationId, applicationId))).map((a) => a.type);
    expect(types).toEqual(expect.arrayContaining(['offer.sent', 'offer.accepted', 'application.moved']));
    const decided = await db().select().from(notifications).where(eq(notifications.type, 'offer_decision'));
    const notified = decided.filter((n) => (n.data as { offer_id?: string }).offer_id === id).map((n) => n.userId);
    expect(notified).toEqual(expect.arrayContaining([teamUser.id]));
    expect(notified).toHaveLength(2); // the creator (the recruiter) and the hiring team member

    // Twice (a double click): the recorded answer, nothing done again; declining after accepting: 409.
    const again = await expectStatus(visitor, ops.accept, 200, { ...link(token), body: {} });
    expect(again.offer).toMatchObject({ status: 'accepted', decided_at: res.offer.decided_at });
    const decidedAgain = await db().select().from(notifications).where(eq(notifications.type, 'offer_decision'));
    expect(decidedAgain.filter((n) => (n.data as { offer_id?: string }).offer_id === id)).toHaveLength(2);
    const declined = await expectStatus(await stranger(), ops.decline, 409, { ...link(token), body: {} });
    expect(declined.message).toBe(OFFER_TEXTS.alreadyDecided);
    expect((await staffView(id)).status).toBe('accepted');
    // The page still shows the decision.
    expect((await expectOk(visitor, ops.view, link(token))).offer.status).toBe('accepted');
  });

  it('declining keeps the reason and leaves the application where it was', async () => {
    const { token, applicationId, id } = await sentOffer();
    const res = await expectStatus(await stranger(), ops.decline, 200, { ...link(token), body: { reason: 'Accepted another offer' } });
    expect(res.offer.status).toBe('declined');
    const offer = await staffView(id);
    expect(offer).toMatchObject({ status: 'declined', decline_reason: 'Accepted another offer' });
    const [app] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(app!.hiredAt).toBeNull();
    const [entry] = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.applicationId, applicationId), eq(activities.type, 'offer.declined')));
    expect(entry!.data).toMatchObject({ reason: 'Accepted another offer' });
    await expectStatus(await stranger(), ops.accept, 409, { ...link(token), body: {} });
    // Declining again: the recorded answer, with its reason.
    const again = await expectStatus(await stranger(), ops.decline, 200, { ...link(token), body: { reason: 'Changed my mind' } });
    expect(again.offer.status).toBe('declined');
    expect((await staffView(id)).decline_reason).toBe('Accepted another offer');
  });

  it('two accepts at once (a double click): both 200, one hire, one timeline entry', async () => {
    const { token, applicationId } = await sentOffer('Mary Jackson');
    const visitor = await stranger();
    const accept = () => callOperation(visitor, ops.accept, { ...link(token), body: {} });
    const [a, b] = await Promise.all([accept(), accept()]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect((a.json as PublicOfferResponse).offer.status).toBe('accepted');
    expect((b.json as PublicOfferResponse).offer.status).toBe('accepted');
    const types = (await db().select().from(activities).where(eq(activities.applicationId, applicationId))).map((x) => x.type);
    expect(types.filter((x) => x === 'offer.accepted')).toHaveLength(1);
    expect(types.filter((x) => x === 'application.moved')).toHaveLength(1);
  });

  it('unknown or tampered links → 404; expired → 410; withdrawn → 410', async () => {
    const { token, id } = await sentOffer();
    const visitor = await stranger();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short', `${token}x`]) {
      expect((await expectStatus(visitor, ops.view, 404, link(bad))).message).toBe(OFFER_TEXTS.linkNotFound);
      await expectStatus(visitor, ops.accept, 404, { ...link(bad), body: {} });
    }
    await db()
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, id));
    const expired = await expectStatus(visitor, ops.accept, 410, { ...link(token), body: {} });
    expect(expired.message).toBe(OFFER_TEXTS.linkExpired);
    await expectStatus(visitor, ops.view, 410, link(token));
    const [row] = await db().select().from(offers).where(eq(offers.id, id));
    expect(row!.status).toBe('sent');

    const w = await sentOffer();
    expect((await expectOk(recruiter, offerOperations.withdraw, ofOffer(w.id))).offer.status).toBe('withdrawn');
    const withdrawn = await expectStatus(visitor, ops.accept, 410, { ...link(w.token), body: {} });
    expect(withdrawn.message).toBe(OFFER_TEXTS.linkWithdrawn);
    await expectStatus(visitor, ops.letter, 410, link(w.token));
    await expectStatus(visitor, ops.decline, 410, { ...link(w.token), body: {} });
  });

  it('serves the letter PDF to the link holder', async () => {
    const { token } = await sentOffer('Katherine Johnson');
    const res = await fetchBytes(`${t.baseUrl}/api/v1/${pub(token, '/letter.pdf')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('Katherine Johnson');
    expect(text).toContain('Engineer');
    expect(text).toContain('72,000 GBP per year');
  });

  it('a too-long decline reason → 422, nothing changed', async () => {
    const { token, id } = await sentOffer();
    const res = await expectStatus(await stranger(), ops.decline, 422, { ...link(token), body: { reason: 'x'.repeat(2001) } });
    expect(res.errors?.reason).toContain(OFFER_TEXTS.reasonTooLong);
    expect((await staffView(id)).status).toBe('sent');
  });
});
