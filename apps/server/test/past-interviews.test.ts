import { INTERVIEW_DAYS_BACK_MAX, INTERVIEW_TEXTS } from '@hireloop/contract/interviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema/candidates.ts';
import { interviews } from '../src/db/schema/interviews.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { calendarMails } from './ics-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';

/*
 * Logging an interview that already took place (took_place: true), against the app's injected
 * clock: the wall clock is never consulted, so "now" is whatever the test says it is.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
let now = new Date('2026-03-10T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

let t: TestApp;
let org: { id: string };
const people = {} as Record<'owner' | 'recruiter' | 'elena' | 'ivan', { id: string; name: string; email: string | null }>;
const as = {} as Record<'owner' | 'recruiter' | 'elena' | 'ivan', Client>;
let applicationId = '';
let candidateId = '';
let recruitmentId = '';
let typeId = '';
const api = (path: string) => `organisation/${org.id}/${path}`;
const card = {
  ratings: [
    { criterion: 'Depth', rating: 3 },
    { criterion: 'Clarity', rating: 4 },
  ],
  recommendation: 'yes',
  notes: 'Clear thinker.',
};

const log = (c: Client, body: Record<string, unknown> = {}) =>
  c.post(api(`applications/${applicationId}/interviews`), {
    type_id: typeId,
    starts_at: at(-26 * HOUR),
    duration_minutes: 60,
    location: 'Room 2',
    interviewer_ids: [people.elena.id, people.ivan.id],
    took_place: true,
    ...body,
  });

/** Everything queued to go out (mails, jobs): a logged interview queues nothing. */
const outboxSize = async () => (await t.database.db.select().from(outbox)).length;
const interviewCount = async () => (await t.database.db.select().from(interviews)).length;

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  people.owner = await createUser(t, { name: 'Pia Owner' });
  org = await createOrganisation(t, people.owner, { name: 'Past Interviews Org' });
  for (const [key, role] of [
    ['recruiter', 'recruiter'],
    ['elena', 'interviewer'],
    ['ivan', 'interviewer'],
  ] as const) {
    people[key] = await createUser(t, { name: `Past ${key}` });
    await addMember(t, org.id, people[key].id, role);
  }
  for (const key of ['owner', 'recruiter', 'elena', 'ivan'] as const) as[key] = await signIn(t, people[key]);
  const { statuses, recruitment } = await seedPipeline(t, org.id);
  const r = await recruitment('Data engineer');
  const c = await seedCandidate(t, org.id, statuses[0]!.id, { name: 'Lou Candidate' }, [r.id]);
  recruitmentId = r.id;
  applicationId = c.applications[0]!.id;
  candidateId = c.candidate.id;
  const type = await as.owner.post(api('interview-types'), { name: 'Technical', criteria: ['Depth', 'Clarity'] });
  expect(type.status).toBe(201);
  typeId = type.json.interview_type.id;
});

afterAll(() => t?.close());

describe('logging a past interview', () => {
  it('records it as completed, invites nobody, and its interviewers can submit scorecards at once', async () => {
    const mailsBefore = await outboxSize();
    const res = await log(as.recruiter);
    expect(res.status, res.text).toBe(201);
    const i = res.json.interview;
    expect(i).toMatchObject({ status: 'completed', starts_at: at(-26 * HOUR), ends_at: at(-25 * HOUR), location: 'Room 2' });
    expect(i.scorecards).toMatchObject({ submitted: 0, expected: 2 });

    // No invitation, no .ics, no mail of any kind to the candidate or the interviewers.
    expect(await outboxSize()).toBe(mailsBefore);
    const assigned = await t.database.db.select().from(notifications).where(eq(notifications.type, 'assigned'));
    expect(assigned.filter((n) => n.data.interview_id === i.id)).toEqual([]);

    const acts = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.candidateId, candidateId), eq(activities.type, 'interview.scheduled')));
    expect(acts.find((a) => a.data.interview_id === i.id)?.data).toMatchObject({ logged: true, title: 'Technical' });

    const elena = await as.elena.post(api(`interviews/${i.id}/scorecard`), card);
    expect(elena.status, elena.text).toBe(201);
    expect(elena.json.scorecard).toMatchObject({ interviewer: { id: people.elena.id }, recommendation: 'yes' });
    const after = (await as.recruiter.get(api(`interviews/${i.id}`))).json.interview;
    expect(after.scorecards).toMatchObject({ submitted: 1, expected: 2 });
    expect(after.interviewers.find((p: { id: string }) => p.id === people.ivan.id)).toMatchObject({ scorecard_submitted: false });

    // It took place: it is not rescheduled (which would send invitations) nor cancelled.
    expect((await as.recruiter.patch(api(`interviews/${i.id}`), { location: 'Room 3' })).json.message).toBe(INTERVIEW_TEXTS.notScheduled);
    expect((await as.recruiter.post(api(`interviews/${i.id}/cancel`), {})).json.message).toBe(INTERVIEW_TEXTS.alreadyCompleted);
    expect(await outboxSize()).toBe(mailsBefore);
  });

  it('may be an interview that ended a moment ago; it lists among the past interviews', async () => {
    const res = await log(as.recruiter, { starts_at: at(-HOUR), duration_minutes: 45 });
    expect(res.status, res.text).toBe(201);
    const ivan = await as.ivan.post(api(`interviews/${res.json.interview.id}/scorecard`), card);
    expect(ivan.status, ivan.text).toBe(201);
    const past = await as.recruiter.get(api(`recruitments/${recruitmentId}/interviews?filter[when]=past`));
    expect(past.json.interviews.data.map((x: { id: string }) => x.id)).toContain(res.json.interview.id);
    const upcoming = await as.recruiter.get(api(`recruitments/${recruitmentId}/interviews?filter[when]=upcoming`));
    expect(upcoming.json.interviews.data.map((x: { id: string }) => x.id)).not.toContain(res.json.interview.id);
  });

  it('refuses a start in the future or too far back, with a clear message, and changes nothing', async () => {
    const n = await interviewCount();
    const mailsBefore = await outboxSize();
    const future = await log(as.recruiter, { starts_at: at(HOUR) });
    expect(future.status).toBe(422);
    expect(future.json.errors.starts_at).toEqual([INTERVIEW_TEXTS.loggedInFuture]);
    const ancient = await log(as.recruiter, { starts_at: at(-(INTERVIEW_DAYS_BACK_MAX + 1) * DAY) });
    expect(ancient.status).toBe(422);
    expect(ancient.json.errors.starts_at).toEqual([INTERVIEW_TEXTS.tooFarBack]);
    const notBoolean = await log(as.recruiter, { took_place: 'yes' });
    expect(notBoolean.status).toBe(422);
    expect((await log(as.elena)).status).toBe(403);
    expect(await interviewCount()).toBe(n);
    expect(await outboxSize()).toBe(mailsBefore);
  });
});

describe('normal scheduling', () => {
  it('still refuses a past start, unless it is logged deliberately', async () => {
    const n = await interviewCount();
    for (const tookPlace of [undefined, false]) {
      const res = await log(as.recruiter, { starts_at: at(-HOUR), took_place: tookPlace });
      expect(res.status).toBe(422);
      expect(res.json.errors.starts_at).toEqual([INTERVIEW_TEXTS.inPast]);
    }
    expect(await interviewCount()).toBe(n);
  });

  it('opens the scorecard when the interview starts by the app’s clock, not before', async () => {
    const invitationsBefore = (await calendarMails(t)).length;
    const res = await log(as.recruiter, { starts_at: at(HOUR), took_place: undefined });
    expect(res.status, res.text).toBe(201);
    expect(res.json.interview.status).toBe('scheduled');
    // A planned interview does send its .ics invitations (two interviewers and the candidate).
    expect((await calendarMails(t)).length - invitationsBefore).toBe(3);
    const id = res.json.interview.id as string;
    const early = await as.elena.post(api(`interviews/${id}/scorecard`), card);
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(INTERVIEW_TEXTS.scorecardBeforeStart);
    now = new Date(now.getTime() + 2 * HOUR);
    const onTime = await as.elena.post(api(`interviews/${id}/scorecard`), card);
    expect(onTime.status, onTime.text).toBe(201);
  });
});
