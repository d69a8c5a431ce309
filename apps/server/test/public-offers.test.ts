import { OFFER_TEXTS } from '@hireloop/contract/offers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicationStageChanges, applications } from '../src/db/schema/candidates.ts';
import { offers } from '../src/db/schema/interviews.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { recruitmentMembers } from '../src/db/schema/recruitments.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
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
const o = (rest = '') => `organisation/${org.id}${rest}`;
const pub = (token: string, rest = '') => `public/offers/${token}${rest}`;
/** A visitor with no account and no cookies but the anti-forgery one, as the public page gets. */
const stranger = () => new Client(t.baseUrl).csrf();

/** An offer through the whole staff chain (no approvers: approved on submit), sent; returns the link token. */
async function sentOffer(name = 'Ada Lovelace') {
  const { candidate, applications: apps } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name }, [recruitmentId]);
  const applicationId = apps[0]!.id;
  const created = await recruiter.post(o(`/applications/${applicationId}/offers`), {
    salary: 72000,
    currency: 'GBP',
    start_date: future(30),
    expires_on: future(10),
    approver_ids: [],
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.offer.id as string;
  expect((await recruiter.post(o(`/offers/${id}/submit`))).json.offer.status).toBe('approved');
  const sent = await recruiter.post(o(`/offers/${id}/send`));
  expect(sent.status, sent.text).toBe(200);
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
    const res = await visitor.get(pub(token));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.json.offer).sort()).toEqual(
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
    expect(res.json.offer).toMatchObject({
      organisation: { name: 'Northwind Labs' },
      candidate_name: 'Ada Lovelace',
      role: 'Engineer',
      salary: 72000,
      currency: 'GBP',
      status: 'sent',
      expires_on: future(10),
    });
    expect(Object.keys(res.json.offer.organisation)).toEqual(['name']);
    expect(res.json.offer.letter_text).toContain('Dear Ada Lovelace');
    expect(res.text).not.toContain(org.id);
  });

  it('accepting hires the application, notifies the creator and the hiring team, and works once', async () => {
    const { token, applicationId, id } = await sentOffer('Grace Hopper');
    const visitor = await stranger();
    const res = await visitor.post(pub(token, '/accept'), {});
    expect(res.status, res.text).toBe(200);
    expect(res.json.offer.status).toBe('accepted');
    expect(res.json.offer.decided_at).not.toBeNull();

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
    const again = await visitor.post(pub(token, '/accept'), {});
    expect(again.status, again.text).toBe(200);
    expect(again.json.offer).toMatchObject({ status: 'accepted', decided_at: res.json.offer.decided_at });
    const decidedAgain = await db().select().from(notifications).where(eq(notifications.type, 'offer_decision'));
    expect(decidedAgain.filter((n) => (n.data as { offer_id?: string }).offer_id === id)).toHaveLength(2);
    const declined = await (await stranger()).post(pub(token, '/decline'), {});
    expect(declined.status).toBe(409);
    expect(declined.json.message).toBe(OFFER_TEXTS.alreadyDecided);
    expect((await recruiter.get(o(`/offers/${id}`))).json.offer.status).toBe('accepted');
    // The page still shows the decision.
    expect((await visitor.get(pub(token))).json.offer.status).toBe('accepted');
  });

  it('declining keeps the reason and leaves the application where it was', async () => {
    const { token, applicationId, id } = await sentOffer();
    const res = await (await stranger()).post(pub(token, '/decline'), { reason: 'Accepted another offer' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.offer.status).toBe('declined');
    const offer = (await recruiter.get(o(`/offers/${id}`))).json.offer;
    expect(offer).toMatchObject({ status: 'declined', decline_reason: 'Accepted another offer' });
    const [app] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(app!.hiredAt).toBeNull();
    const [entry] = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.applicationId, applicationId), eq(activities.type, 'offer.declined')));
    expect(entry!.data).toMatchObject({ reason: 'Accepted another offer' });
    expect((await (await stranger()).post(pub(token, '/accept'), {})).status).toBe(409);
    // Declining again: the recorded answer, with its reason.
    const again = await (await stranger()).post(pub(token, '/decline'), { reason: 'Changed my mind' });
    expect(again.status, again.text).toBe(200);
    expect(again.json.offer.status).toBe('declined');
    expect((await recruiter.get(o(`/offers/${id}`))).json.offer.decline_reason).toBe('Accepted another offer');
  });

  it('two accepts at once (a double click): both 200, one hire, one timeline entry', async () => {
    const { token, applicationId } = await sentOffer('Mary Jackson');
    const visitor = await stranger();
    const [a, b] = await Promise.all([visitor.post(pub(token, '/accept'), {}), visitor.post(pub(token, '/accept'), {})]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(a.json.offer.status).toBe('accepted');
    expect(b.json.offer.status).toBe('accepted');
    const types = (await db().select().from(activities).where(eq(activities.applicationId, applicationId))).map((x) => x.type);
    expect(types.filter((x) => x === 'offer.accepted')).toHaveLength(1);
    expect(types.filter((x) => x === 'application.moved')).toHaveLength(1);
  });

  it('unknown or tampered links → 404; expired → 410; withdrawn → 410', async () => {
    const { token, id } = await sentOffer();
    const visitor = await stranger();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short', `${token}x`]) {
      const res = await visitor.get(pub(bad));
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(OFFER_TEXTS.linkNotFound);
      expect((await visitor.post(pub(bad, '/accept'), {})).status).toBe(404);
    }
    await db()
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, id));
    const expired = await visitor.post(pub(token, '/accept'), {});
    expect(expired.status).toBe(410);
    expect(expired.json.message).toBe(OFFER_TEXTS.linkExpired);
    expect((await visitor.get(pub(token))).status).toBe(410);
    const [row] = await db().select().from(offers).where(eq(offers.id, id));
    expect(row!.status).toBe('sent');

    const w = await sentOffer();
    expect((await recruiter.post(o(`/offers/${w.id}/withdraw`))).json.offer.status).toBe('withdrawn');
    const withdrawn = await visitor.post(pub(w.token, '/accept'), {});
    expect(withdrawn.status).toBe(410);
    expect(withdrawn.json.message).toBe(OFFER_TEXTS.linkWithdrawn);
    expect((await visitor.get(pub(w.token, '/letter.pdf'))).status).toBe(410);
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
    const res = await (await stranger()).post(pub(token, '/decline'), { reason: 'x'.repeat(2001) });
    expect(res.status).toBe(422);
    expect(res.json.errors.reason).toContain(OFFER_TEXTS.reasonTooLong);
    expect((await recruiter.get(o(`/offers/${id}`))).json.offer.status).toBe('sent');
  });
});
