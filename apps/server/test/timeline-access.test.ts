import type { Recommendation } from '@hireloop/contract/interviews';
import { interviewOperations } from '@hireloop/contract/operations/interviews';
import { offerOperations } from '@hireloop/contract/operations/offers';
import { publicOfferOperations } from '@hireloop/contract/operations/public-offers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { recruitmentMembers } from '../src/db/schema/recruitments.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { pastInterview } from './interview-fixtures.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

/**
 * The candidate timeline (and the dashboard's recent activity) shows each row through the policy of
 * the object it is about: an interviewer sees only the interviews they are on, others' recommendations
 * only once their own scorecard is in, and no offers.
 */
type Who = 'owner' | 'recruiter' | 'manager' | 'elena' | 'ivan';
type Row = { type: string; actor: { id: string | null; name: string }; data: Record<string, unknown> };

let t: TestApp;
let org: { id: string };
const people = {} as Record<Who, { id: string; name: string }>;
const as = {} as Record<Who, Client>;
let candidateId = '';
let applicationId = '';
let recruitmentId = '';
/** Elena and Ivan are on it. */
let sharedInterview = '';
/** Only Ivan is on it. */
let ivansInterview = '';
let offerId = '';
const COMMENT = 'Budget stretched: approve only at this salary';
const api = (path: string) => `organisation/${org.id}/${path}`;
const card = (recommendation: Recommendation) => ({
  ratings: [{ criterion: 'Depth', rating: 3 }],
  recommendation,
  notes: 'Private notes.',
});
const ofInterview = (interview: string) => ({ params: { organisationId: org.id, interview } });
const ofOffer = (offer: string) => ({ params: { organisationId: org.id, offer } });

async function timeline(who: Who, perPage = 100, page = 1) {
  const res = await as[who].get(api(`candidates/${candidateId}/activities?per_page=${perPage}&page=${page}`));
  expect(res.status, res.text).toBe(200);
  return {
    rows: res.json.activities.data as Row[],
    meta: res.json.activities.meta as { total: number; last_page: number },
    text: res.text,
  };
}
const about = (rows: Row[], interviewId: string) => rows.filter((r) => r.data.interview_id === interviewId);
const scorecardRows = (rows: Row[], interviewId: string) => about(rows, interviewId).filter((r) => r.type === 'scorecard.submitted');

const pastInterviewOn = (typeId: string, interviewerIds: string[]) =>
  pastInterview(t, as.recruiter, { organisationId: org.id, applicationId, typeId, interviewerIds });

beforeAll(async () => {
  t = await startTestApp();
  people.owner = await createUser(t, { name: 'Tl Owner' });
  org = await createOrganisation(t, people.owner);
  for (const [key, role] of [
    ['recruiter', 'recruiter'],
    ['manager', 'hiring_manager'],
    ['elena', 'interviewer'],
    ['ivan', 'interviewer'],
  ] as const) {
    people[key] = await createUser(t, { name: `Tl ${key}` });
    await addMember(t, org.id, people[key].id, role);
  }
  for (const key of Object.keys(people) as Who[]) as[key] = await signIn(t, people[key]);
  const { statuses, recruitment } = await seedPipeline(t, org.id);
  const r = await recruitment('Timeline');
  recruitmentId = r.id;
  const c = await seedCandidate(t, org.id, statuses[0]!.id, { name: 'Tia Candidate' }, [r.id]);
  candidateId = c.candidate.id;
  applicationId = c.applications[0]!.id;
  const typeId = (await as.owner.post(api('interview-types'), { name: 'Technical', criteria: ['Depth'] })).json.interview_type.id;
  sharedInterview = await pastInterviewOn(typeId, [people.elena.id, people.ivan.id]);
  ivansInterview = await pastInterviewOn(typeId, [people.ivan.id]);
  await expectStatus(as.ivan, interviewOperations.submitScorecard, 201, { ...ofInterview(sharedInterview), body: card('strong_no') });
  await expectStatus(as.ivan, interviewOperations.submitScorecard, 201, { ...ofInterview(ivansInterview), body: card('strong_yes') });
  expect((await as.recruiter.post(api(`candidates/${candidateId}/notes`), { body: 'Called back.' })).status).toBe(201);

  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const offer = await expectStatus(as.recruiter, offerOperations.create, 201, {
    params: { organisationId: org.id, application: applicationId },
    body: {
      salary: 85000,
      currency: 'EUR',
      salary_period: 'year',
      start_date: future(40),
      contract_type: 'full_time',
      expires_on: future(14),
      approver_ids: [people.manager.id],
    },
  });
  offerId = offer.offer.id;
  await expectStatus(as.recruiter, offerOperations.submit, 200, ofOffer(offerId));
  await expectStatus(as.manager, offerOperations.approve, 200, { ...ofOffer(offerId), body: { comment: COMMENT } });
  // Elena is on the recruitment's hiring team, so the dashboard shows her its recent activity.
  await t.database.db.insert(recruitmentMembers).values({ recruitmentId, userId: people.elena.id, role: 'interviewer' });
});

afterAll(() => t?.close());

describe('the candidate timeline for an interviewer', () => {
  it('hides the recommendation of others while her own scorecard is not in, but shows that one was submitted and by whom', async () => {
    expect((await expectOk(as.elena, interviewOperations.scorecards, ofInterview(sharedInterview))).hidden).toBe(true);
    const { rows, text } = await timeline('elena');
    const [row] = scorecardRows(rows, sharedInterview);
    expect(row).toBeDefined();
    expect(row!.actor).toEqual({ id: people.ivan.id, name: people.ivan.name });
    expect(row!.data).toMatchObject({ interview_id: sharedInterview, title: 'Technical' });
    expect(row!.data).not.toHaveProperty('recommendation');
    expect(text).not.toContain('strong_no');
  });

  it('hides every row about an interview she is not on, as GET /interviews/{id} does (404)', async () => {
    await expectStatus(as.elena, interviewOperations.get, 404, ofInterview(ivansInterview));
    const { rows, text } = await timeline('elena');
    expect(about(rows, ivansInterview)).toEqual([]);
    expect(text).not.toContain(ivansInterview);
    expect(text).not.toContain('strong_yes');
  });

  it('hides offers and their approval comments, as GET /offers/{id} does (403)', async () => {
    expect((await callOperation(as.elena, offerOperations.get, ofOffer(offerId))).status).toBe(403);
    const { rows, text } = await timeline('elena');
    expect(rows.filter((r) => r.type.startsWith('offer.'))).toEqual([]);
    expect(text).not.toContain(COMMENT);
    expect(text).not.toContain(offerId);
  });

  it('shows her own interview and the rows every member may see', async () => {
    const { rows } = await timeline('elena');
    expect(about(rows, sharedInterview).map((r) => r.type)).toEqual(['scorecard.submitted', 'interview.scheduled']);
    expect(rows.map((r) => r.type)).toContain('note.added');
  });

  it('counts and pages only the rows she may see', async () => {
    const all = await timeline('elena');
    expect(all.meta.total).toBe(all.rows.length);
    const first = await timeline('elena', 2, 1);
    const second = await timeline('elena', 2, 2);
    expect(first.meta.total).toBe(all.rows.length);
    expect([...first.rows, ...second.rows].map((r) => r.type)).toEqual(all.rows.slice(0, 4).map((r) => r.type));
  });
});

describe('the dashboard’s recent activity for an interviewer', () => {
  it('leaves out what the timeline leaves out', async () => {
    const res = await as.elena.get(api('dashboard'));
    expect(res.status, res.text).toBe(200);
    const rows = res.json.dashboard.recent_activity as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(about(rows, ivansInterview)).toEqual([]);
    expect(rows.filter((r) => r.type.startsWith('offer.'))).toEqual([]);
    expect(scorecardRows(rows, sharedInterview)[0]!.data).not.toHaveProperty('recommendation');
    expect(res.text).not.toContain(COMMENT);
  });
});

describe('readers who may see everything', () => {
  it.each(['owner', 'recruiter', 'manager'] as const)('%s sees every interview, recommendation and offer comment', async (who) => {
    const { rows, meta } = await timeline(who);
    expect(scorecardRows(rows, sharedInterview)[0]!.data.recommendation).toBe('strong_no');
    expect(scorecardRows(rows, ivansInterview)[0]!.data.recommendation).toBe('strong_yes');
    expect(about(rows, ivansInterview).map((r) => r.type)).toEqual(['scorecard.submitted', 'interview.scheduled']);
    const approved = rows.find((r) => r.type === 'offer.approved');
    expect(approved?.data).toMatchObject({ offer_id: offerId, comment: COMMENT });
    expect(rows.map((r) => r.type)).toEqual(expect.arrayContaining(['offer.created', 'offer.submitted', 'note.added']));
    expect(meta.total).toBe(rows.length);
  });

  it('an interviewer sees her own scorecard’s recommendation (she has submitted)', async () => {
    const { rows } = await timeline('ivan');
    expect(scorecardRows(rows, sharedInterview)[0]!.data.recommendation).toBe('strong_no');
    expect(scorecardRows(rows, ivansInterview)[0]!.data.recommendation).toBe('strong_yes');
  });
});

describe('after the interviewer submitted her own scorecard', () => {
  it('shows the others’ recommendations for that interview, and still nothing of the interview she is not on', async () => {
    await expectStatus(as.elena, interviewOperations.submitScorecard, 201, { ...ofInterview(sharedInterview), body: card('yes') });
    expect((await expectOk(as.elena, interviewOperations.scorecards, ofInterview(sharedInterview))).hidden).toBe(false);
    const { rows, text } = await timeline('elena');
    const recommendations = scorecardRows(rows, sharedInterview).map((r) => [r.actor.id, r.data.recommendation]);
    expect(recommendations).toEqual([
      [people.elena.id, 'yes'],
      [people.ivan.id, 'strong_no'],
    ]);
    expect(about(rows, ivansInterview)).toEqual([]);
    expect(text).not.toContain(COMMENT);
  });
});

describe('the offer decision notification', () => {
  it('goes to the hiring team members who may see offers, not to an interviewer on the team', async () => {
    await t.database.db.insert(recruitmentMembers).values({ recruitmentId, userId: people.manager.id, role: 'hiring_manager' });
    await expectStatus(as.recruiter, offerOperations.send, 200, ofOffer(offerId));
    const mails = (await t.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'))).map((m) => m.payload as { text: string });
    const token = mails.map((m) => new RegExp(`${t.baseUrl}/offer/([A-Za-z0-9_-]{43})`).exec(m.text)?.[1]).find(Boolean);
    expect(token).toBeDefined();
    const reason = 'A better salary elsewhere';
    const visitor = await new Client(t.baseUrl).csrf();
    await expectStatus(visitor, publicOfferOperations.decline, 200, { params: { token: token ?? '' }, body: { reason } });
    const decisionsFor = (userId: string) =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'offer_decision')));
    expect(await decisionsFor(people.elena.id)).toEqual([]);
    expect(await decisionsFor(people.manager.id)).toHaveLength(1);
    expect(await decisionsFor(people.recruiter.id)).toHaveLength(1);
    const { text } = await timeline('elena');
    expect(text).not.toContain(reason);
    expect(JSON.stringify((await as.elena.get('notifications')).json)).not.toContain(reason);
  });
});
