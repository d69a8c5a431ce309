import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import { DEFAULT_INTERVIEW_TYPES, INTERVIEW_TEXTS, type ScheduleInterviewBody } from '@hireloop/contract/interviews';
import { interviewOperations as ops } from '@hireloop/contract/operations/interviews';
import type { QueryInput } from '@hireloop/contract/operations/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema/candidates.ts';
import { interviews } from '../src/db/schema/interviews.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { seedPipeline, seedCandidate } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { calendarMails, icsUtc } from './ics-fixtures.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
let org: { id: string };
let other: { id: string };
const people = {} as Record<
  'owner' | 'recruiter' | 'manager' | 'elena' | 'ivan' | 'stranger',
  { id: string; name: string; email: string | null }
>;
const as = {} as Record<'owner' | 'recruiter' | 'manager' | 'elena' | 'ivan', Client>;
let recruitmentId = '';
let applicationId = '';
let candidateEmail = '';
let typeId = '';
const HOUR = 3_600_000;
type ListFilter = NonNullable<QueryInput<typeof ops.listForRecruitment>['filter']>;
const api = (path: string) => `organisation/${org.id}/${path}`;
const ofInterview = (interview: string) => ({ organisationId: org.id, interview });
const ofApplication = (application = applicationId) => ({ organisationId: org.id, application });
const ofRecruitment = (recruitment = recruitmentId) => ({ organisationId: org.id, recruitment });
const inDays = (d: number, hour = 9) => {
  const x = new Date(Date.now() + d * 86_400_000);
  x.setUTCHours(hour, 0, 0, 0);
  return x.toISOString();
};

beforeAll(async () => {
  t = await startTestApp();
  people.owner = await createUser(t, { name: 'Olive Owner' });
  org = await createOrganisation(t, people.owner, { name: 'Interview Org' });
  for (const [key, role] of [
    ['recruiter', 'recruiter'],
    ['manager', 'hiring_manager'],
    ['elena', 'interviewer'],
    ['ivan', 'interviewer'],
  ] as const) {
    people[key] = await createUser(t, { name: `Int ${key}` });
    await addMember(t, org.id, people[key].id, role);
  }
  people.stranger = await createUser(t, { name: 'Stranger' });
  other = await createOrganisation(t, people.stranger);
  for (const key of ['owner', 'recruiter', 'manager', 'elena', 'ivan'] as const) as[key] = await signIn(t, people[key]);
  const { statuses, recruitment } = await seedPipeline(t, org.id);
  const r = await recruitment('Platform engineer');
  recruitmentId = r.id;
  const c = await seedCandidate(t, org.id, statuses[0]!.id, { name: 'Ada Candidate' }, [r.id]);
  applicationId = c.applications[0]!.id;
  candidateEmail = c.candidate.email!;
  const res = await as.owner.post(api('interview-types'), {
    name: 'Technical',
    questions: ['Design a queue'],
    criteria: ['Depth', 'Clarity'],
  });
  expect(res.status).toBe(201);
  typeId = res.json.interview_type.id;
});

afterAll(() => t?.close());

const scheduleInput = (body: Partial<ScheduleInterviewBody> = {}, application = applicationId) => ({
  params: ofApplication(application),
  body: {
    type_id: typeId,
    starts_at: inDays(3),
    duration_minutes: 60,
    timezone: 'Europe/Berlin',
    video_url: 'https://meet.example.test/x',
    interviewer_ids: [people.elena.id],
    ...body,
  },
});
/** Schedules through the API, which must answer 201: the interview. */
const scheduled = async (c: Client, body: Partial<ScheduleInterviewBody> = {}) =>
  (await expectStatus(c, ops.schedule, 201, scheduleInput(body))).interview;
/** Schedules through the API, which must refuse it (422): the error envelope. */
const refused = (c: Client, body: Partial<ScheduleInterviewBody>) => expectStatus(c, ops.schedule, 422, scheduleInput(body));

describe('interview types', () => {
  it('come with a new organisation: the defaults and their kits, so it can schedule at once', async () => {
    const founder = await signIn(t, await createUser(t, { name: 'Fern Founder' }));
    const created = await founder.post('organisations', { name: 'Fresh Interviews' });
    expect(created.status).toBe(201);
    const res = await founder.get(`organisation/${created.json.organisation.id}/interview-types`);
    expect(res.status).toBe(200);
    expect(res.json.interview_types.data).toEqual(
      DEFAULT_INTERVIEW_TYPES.map((type, i) => ({
        id: expect.any(String),
        name: type.name,
        position: i + 1,
        questions: [...type.questions],
        criteria: [...type.criteria],
      })),
    );
    expect(DEFAULT_INTERVIEW_TYPES.every((type) => type.questions.length > 0 && type.criteria.length > 0)).toBe(true);
  });

  it('lists, creates, renames, changes the kit, reorders and deletes', async () => {
    const a = await as.recruiter.post(api('interview-types'), { name: 'Phone screen', criteria: ['Motivation'] });
    expect(a.status).toBe(201);
    expect(a.json.interview_type).toMatchObject({ name: 'Phone screen', position: 2, questions: [], criteria: ['Motivation'] });
    expect((await as.recruiter.post(api('interview-types'), { name: 'phone SCREEN' })).status).toBe(409);
    const renamed = await as.recruiter.patch(api(`interview-types/${a.json.interview_type.id}`), {
      name: 'Screen',
      questions: ['Why us?'],
    });
    expect(renamed.json.interview_type).toMatchObject({ name: 'Screen', questions: ['Why us?'] });
    const reordered = await as.recruiter.patch(api('interview-types/reorder'), { original: 2, new: 1 });
    expect(reordered.status).toBe(200);
    expect(reordered.json.interview_types.data.map((x: { name: string }) => x.name)).toEqual(['Screen', 'Technical']);
    expect((await as.recruiter.patch(api('interview-types/reorder'), { original: 5, new: 1 })).status).toBe(422);
    const list = await as.elena.get(api('interview-types'));
    expect(list.json.interview_types.meta.total).toBe(2);
    expect((await as.elena.post(api('interview-types'), { name: 'Nope' })).status).toBe(403);
    expect((await as.recruiter.delete(api(`interview-types/${a.json.interview_type.id}`))).status).toBe(204);
    expect((await as.recruiter.delete(api('interview-types/not-an-id'))).json.message).toBe(INTERVIEW_TEXTS.typeNotFound);
    expect((await as.recruiter.get(api('interview-types'))).json.interview_types.data[0]).toMatchObject({ name: 'Technical', position: 1 });
  });
});

describe('scheduling', () => {
  let interviewId = '';

  it('schedules with the default duration, sends .ics invitations, notifies and records the activity', async () => {
    const before = (await calendarMails(t)).length;
    const startsAt = inDays(2, 14);
    const i = await scheduled(as.recruiter, {
      duration_minutes: undefined,
      starts_at: startsAt,
      interviewer_ids: [people.elena.id, people.ivan.id],
    });
    interviewId = i.id;
    expect(i).toMatchObject({
      title: 'Technical',
      status: 'scheduled',
      duration_minutes: 45,
      timezone: 'Europe/Berlin',
      criteria: ['Depth', 'Clarity'],
      candidate: { name: 'Ada Candidate', erased: false },
      recruitment: { id: recruitmentId },
      sequence: 0,
      scorecards: { submitted: 0, expected: 2 },
    });
    expect(i.starts_at).toBe(startsAt);
    expect(i.interviewers.map((p) => p.id).sort()).toEqual([people.elena.id, people.ivan.id].sort());

    const mails = (await calendarMails(t)).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([candidateEmail, people.elena.email, people.ivan.email].sort());
    for (const m of mails) {
      expect(m.contentType).toBe('text/calendar; method=REQUEST; charset=UTF-8');
      expect(m.ics!.method).toBe('REQUEST');
      expect(m.ics!.props.SEQUENCE).toBe('0');
      expect(m.ics!.props.DTSTART).toBe(icsUtc(startsAt));
      expect(m.ics!.props.DTEND).toBe(icsUtc(new Date(Date.parse(startsAt) + 45 * 60_000)));
      expect(m.ics!.attendees).toEqual([candidateEmail, people.elena.email, people.ivan.email].sort());
      expect(m.ics!.organizer).toBe(people.recruiter.email);
    }
    const uids = new Set(mails.map((m) => m.ics!.props.UID));
    expect(uids.size).toBe(1);

    const notes = await t.database.db.select().from(notifications).where(eq(notifications.type, 'assigned'));
    expect(
      notes
        .filter((n) => n.data.interview_id === interviewId)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([people.elena.id, people.ivan.id].sort());
    const acts = await t.database.db.select().from(activities).where(eq(activities.applicationId, applicationId));
    expect(acts.some((a) => a.type === 'interview.scheduled' && a.data.interview_id === interviewId)).toBe(true);
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const count = async () => (await t.database.db.select().from(interviews)).length;
    const outboxBefore = (await t.database.db.select().from(outbox)).length;
    const n = await count();
    const past = await refused(as.recruiter, { starts_at: new Date(Date.now() - HOUR).toISOString() });
    expect(past.errors?.starts_at).toEqual([INTERVIEW_TEXTS.inPast]);
    const endBefore = await refused(as.recruiter, { starts_at: inDays(3, 10), ends_at: inDays(3, 9) });
    expect(endBefore.errors?.ends_at).toEqual([INTERVIEW_TEXTS.endBeforeStart]);
    const foreign = await refused(as.recruiter, { interviewer_ids: [people.stranger.id] });
    expect(foreign.errors?.interviewer_ids).toEqual([INTERVIEW_TEXTS.interviewerUnknown]);
    const long = await refused(as.recruiter, { duration_minutes: 600 });
    expect(long.errors?.duration_minutes).toEqual([INTERVIEW_TEXTS.durationRange]);
    const noZone = await refused(as.recruiter, { starts_at: '2031-01-01T10:00:00' });
    expect(noZone.errors?.starts_at).toEqual([INTERVIEW_TEXTS.startsAtInvalid]);
    const nowhere = await refused(as.recruiter, { video_url: null });
    expect(nowhere.errors?.location).toEqual([INTERVIEW_TEXTS.locationRequired]);
    const nobody = await refused(as.recruiter, { interviewer_ids: [] });
    expect(nobody.errors?.interviewer_ids).toEqual([INTERVIEW_TEXTS.interviewersRequired]);
    await refused(as.recruiter, { timezone: 'Mars/Olympus' });
    await expectStatus(as.recruiter, ops.schedule, 404, scheduleInput({}, '00000000-0000-4000-8000-000000000000'));
    expect((await callOperation(as.elena, ops.schedule, scheduleInput())).status).toBe(403);
    expect(await count()).toBe(n);
    expect((await t.database.db.select().from(outbox)).length).toBe(outboxBefore);
  });

  it('reschedules with SEQUENCE+1 to everyone and CANCEL to removed interviewers', async () => {
    const before = (await calendarMails(t)).length;
    const uid = (await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId)))[0]!.icsUid;
    const startsAt = inDays(4, 15);
    const res = await expectStatus(as.manager, ops.reschedule, 200, {
      params: ofInterview(interviewId),
      body: { starts_at: startsAt, interviewer_ids: [people.elena.id, people.manager.id], location: 'Room 2' },
    });
    expect(res.interview).toMatchObject({ sequence: 1, duration_minutes: 45, location: 'Room 2' });
    const mails = (await calendarMails(t)).slice(before);
    const requests = mails.filter((m) => m.ics!.method === 'REQUEST');
    const cancels = mails.filter((m) => m.ics!.method === 'CANCEL');
    expect(requests.map((m) => m.to).sort()).toEqual([candidateEmail, people.elena.email, people.manager.email].sort());
    expect(cancels.map((m) => m.to)).toEqual([people.ivan.email]);
    for (const m of mails) {
      expect(m.ics!.props.UID).toBe(uid);
      expect(m.ics!.props.SEQUENCE).toBe('1');
    }
    expect(requests[0]!.ics!.props.DTSTART).toBe(icsUtc(startsAt));
    expect(cancels[0]!.ics!.props.STATUS).toBe('CANCELLED');
    expect(cancels[0]!.ics!.attendees).toEqual([people.ivan.email]);
    // A reschedule into the past is refused, nothing changes.
    const past = await expectStatus(as.manager, ops.reschedule, 422, {
      params: ofInterview(interviewId),
      body: { starts_at: new Date(Date.now() - HOUR).toISOString() },
    });
    expect(past.errors?.starts_at).toEqual([INTERVIEW_TEXTS.inPast]);
    expect((await expectOk(as.manager, ops.get, { params: ofInterview(interviewId) })).interview.sequence).toBe(1);
  });

  it('shows conflicts with the interviewers’ other interviews', async () => {
    const i = (await expectOk(as.owner, ops.get, { params: ofInterview(interviewId) })).interview;
    const q = (s: string, e: string, exclude?: string) => ({
      params: { organisationId: org.id },
      query: { user_ids: `${people.elena.id},${people.ivan.id}`, starts_at: s, ends_at: e, ...(exclude ? { exclude } : {}) },
    });
    const conflictsOf = async (s: string, e: string, exclude?: string) =>
      (await expectStatus(as.recruiter, ops.conflicts, 200, q(s, e, exclude))).conflicts;
    const overlapping = await conflictsOf(
      new Date(Date.parse(i.starts_at) + 15 * 60_000).toISOString(),
      new Date(Date.parse(i.ends_at) + HOUR).toISOString(),
    );
    expect(overlapping).toHaveLength(1);
    expect(overlapping[0]).toMatchObject({
      user: { id: people.elena.id },
      interview: { id: interviewId, candidate_name: 'Ada Candidate' },
    });
    expect(await conflictsOf(i.ends_at, new Date(Date.parse(i.ends_at) + HOUR).toISOString())).toEqual([]);
    expect(await conflictsOf(i.starts_at, i.ends_at, interviewId)).toEqual([]);
    const reversed = await expectStatus(as.recruiter, ops.conflicts, 422, q(i.ends_at, i.starts_at));
    expect(reversed.errors?.ends_at).toEqual([INTERVIEW_TEXTS.endBeforeStart]);
    const malformed = await expectStatus(as.recruiter, ops.conflicts, 422, {
      params: { organisationId: org.id },
      query: { user_ids: 'x', starts_at: 'a', ends_at: 'b' },
    });
    expect(malformed.errors?.user_ids).toEqual([INTERVIEW_TEXTS.interviewerUnknown]);
    const badExclude = await expectStatus(as.recruiter, ops.conflicts, 422, q(i.starts_at, i.ends_at, 'nope'));
    expect(badExclude.errors).toEqual({ exclude: [INTERVIEW_TEXTS.notFound] });
  });

  it('lists a recruitment’s interviews with filters; an interviewer sees only theirs', async () => {
    const second = await scheduled(as.owner, { starts_at: inDays(5), interviewer_ids: [people.ivan.id] });
    const list = async (c: Client, filter?: ListFilter) =>
      (await expectOk(c, ops.listForRecruitment, { params: ofRecruitment(), query: filter ? { filter } : {} })).interviews;
    const ids = (page: { data: { id: string }[] }) => page.data.map((x) => x.id);
    expect(ids(await list(as.recruiter))).toEqual([interviewId, second.id]);
    expect(ids(await list(as.recruiter, { interviewer: people.ivan.id }))).toEqual([second.id]);
    expect(ids(await list(as.ivan, { interviewer: 'me' }))).toEqual([second.id]);
    const mine = await list(as.ivan, { when: 'all' });
    expect(ids(mine)).toEqual([second.id]);
    expect(mine.meta.total).toBe(1);
    expect(ids(await list(as.recruiter, { application: applicationId, status: 'scheduled, completed' }))).toEqual([interviewId, second.id]);
    await expectStatus(as.ivan, ops.get, 404, { params: ofInterview(interviewId) });
    await expectStatus(as.ivan, ops.scorecards, 404, { params: ofInterview(interviewId) });
    const ofApplicationAs = async (c: Client) => (await expectOk(c, ops.listForApplication, { params: ofApplication() })).interviews;
    expect(await ofApplicationAs(as.ivan)).toHaveLength(1);
    expect(await ofApplicationAs(as.elena)).toHaveLength(1);
    expect(await ofApplicationAs(as.manager)).toHaveLength(2);
    expect((await list(as.recruiter, { when: 'past' })).data).toEqual([]);
    const bad = await expectStatus(as.recruiter, ops.listForRecruitment, 422, {
      params: ofRecruitment(),
      query: { filter: { status: 'nope', interviewer: 'someone', application: 'x' } },
    });
    expect(bad.errors).toEqual({
      'filter.status': ['filter[status] is scheduled, completed or cancelled.'],
      'filter.interviewer': [INTERVIEW_TEXTS.interviewerUnknown],
      'filter.application': [CANDIDATE_TEXTS.applicationNotFound],
    });
    await expectStatus(as.recruiter, ops.listForRecruitment, 404, { params: ofRecruitment('not-a-uuid') });
    await expectStatus(as.recruiter, ops.listForApplication, 404, { params: ofApplication('not-a-uuid') });
  });

  it('cancels with METHOD:CANCEL to everyone; cancelling again is the same answer; a cancelled interview cannot change', async () => {
    const before = (await calendarMails(t)).length;
    const res = await expectStatus(as.recruiter, ops.cancel, 200, {
      params: ofInterview(interviewId),
      body: { reason: 'Candidate asked to move' },
    });
    expect(res.interview).toMatchObject({ status: 'cancelled', sequence: 2 });
    const mails = (await calendarMails(t)).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([candidateEmail, people.elena.email, people.manager.email].sort());
    for (const m of mails) {
      expect(m.contentType).toBe('text/calendar; method=CANCEL; charset=UTF-8');
      expect(m.ics!.method).toBe('CANCEL');
      expect(m.ics!.props.STATUS).toBe('CANCELLED');
      expect(m.ics!.props.SEQUENCE).toBe('2');
    }
    const again = await expectStatus(as.recruiter, ops.cancel, 200, { params: ofInterview(interviewId), body: {} });
    expect(again.interview).toMatchObject({ status: 'cancelled', sequence: 2 });
    expect((await calendarMails(t)).length).toBe(before + mails.length);
    expect((await expectStatus(as.recruiter, ops.complete, 409, { params: ofInterview(interviewId) })).message).toBe(
      INTERVIEW_TEXTS.alreadyCancelled,
    );
    const changed = await expectStatus(as.recruiter, ops.reschedule, 409, { params: ofInterview(interviewId), body: { location: 'x' } });
    expect(changed.message).toBe(INTERVIEW_TEXTS.notScheduled);
    const cancelled = await expectOk(as.recruiter, ops.listForRecruitment, {
      params: ofRecruitment(),
      query: { filter: { status: 'cancelled' } },
    });
    expect(cancelled.interviews.data.map((x) => x.id)).toEqual([interviewId]);
    const acts = await t.database.db.select().from(activities).where(eq(activities.applicationId, applicationId));
    expect(acts.map((a) => a.type)).toEqual(
      expect.arrayContaining(['interview.scheduled', 'interview.rescheduled', 'interview.cancelled']),
    );
    expect(
      acts.filter((a) => a.type === 'interview.cancelled' && (a.data as { interview_id?: string }).interview_id === interviewId),
    ).toHaveLength(1);
  });

  it('cancelled twice at once (a double click): both 200, one cancellation mailed, one activity', async () => {
    const { id } = await scheduled(as.recruiter, { starts_at: inDays(7, 15) });
    const before = (await calendarMails(t)).length;
    const cancel = () => callOperation(as.recruiter, ops.cancel, { params: ofInterview(id), body: {} });
    const [a, b] = await Promise.all([cancel(), cancel()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toEqual(b.json);
    const mails = (await calendarMails(t)).slice(before).filter((m) => m.ics!.method === 'CANCEL');
    const recipients = mails.map((m) => m.to);
    expect(recipients.length).toBe(new Set(recipients).size);
    const acts = await t.database.db.select().from(activities).where(eq(activities.type, 'interview.cancelled'));
    expect(acts.filter((x) => (x.data as { interview_id?: string }).interview_id === id)).toHaveLength(1);
  });

  it('completes only an interview that has started', async () => {
    const { id } = await scheduled(as.owner, { starts_at: inDays(6) });
    expect((await expectStatus(as.owner, ops.complete, 409, { params: ofInterview(id) })).message).toBe(
      INTERVIEW_TEXTS.completeBeforeStart,
    );
    await t.database.db
      .update(interviews)
      .set({ startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(interviews.id, id));
    const done = await expectStatus(as.owner, ops.complete, 200, { params: ofInterview(id) });
    expect(done.interview.status).toBe('completed');
    // Again, and twice at once: the same answer, one activity; cancelling it is still refused.
    const complete = () => callOperation(as.owner, ops.complete, { params: ofInterview(id) });
    const [again, third] = await Promise.all([complete(), complete()]);
    expect([again.status, third.status]).toEqual([200, 200]);
    expect(again.json).toEqual(done);
    const acts = await t.database.db.select().from(activities).where(eq(activities.type, 'interview.completed'));
    expect(acts.filter((x) => (x.data as { interview_id?: string }).interview_id === id)).toHaveLength(1);
    expect((await expectStatus(as.owner, ops.cancel, 409, { params: ofInterview(id), body: {} })).message).toBe(
      INTERVIEW_TEXTS.alreadyCompleted,
    );
  });

  it('does not let another organisation near them', async () => {
    const stranger = await signIn(t, people.stranger);
    await expectStatus(stranger, ops.get, 404, { params: ofInterview(interviewId) });
    await expectStatus(stranger, ops.get, 404, { params: { organisationId: other.id, interview: interviewId } });
  });
});

describe('invitation wording', () => {
  it('does not say “interview” twice when the type’s name already ends with it', async () => {
    const type = await as.owner.post(api('interview-types'), { name: 'Technical interview' });
    expect(type.status).toBe(201);
    const before = (await calendarMails(t)).length;
    const interview = await scheduled(as.recruiter, { type_id: type.json.interview_type.id, starts_at: inDays(5, 11) });
    await expectStatus(as.recruiter, ops.cancel, 200, { params: ofInterview(interview.id), body: {} });
    const mails = (await calendarMails(t)).slice(before);
    const toCandidate = mails.filter((m) => m.to === candidateEmail);
    expect(toCandidate.map((m) => m.text.split('\n').find((line) => /Technical interview with/.test(line)))).toEqual([
      'You are invited to your Technical interview with Interview Org.',
      expect.stringMatching(/^Your Technical interview with Interview Org on .+ is cancelled\. We will be in touch\.$/),
    ]);
    const toElena = mails.filter((m) => m.to === people.elena.email).map((m) => m.text);
    expect(toElena.at(-1)).toMatch(/^The Technical interview with Ada Candidate on .+ is cancelled\.$/);
    for (const m of mails) expect(`${m.subject}\n${m.text}`).not.toMatch(/interview interview/i);
  });

  it('writes when in the short date and time styles, on the interview’s own clock', async () => {
    const before = (await calendarMails(t)).length;
    const { starts_at: startsAt, ends_at: endsAt, timezone } = await scheduled(as.recruiter, { starts_at: inDays(5, 11) });
    const wall = (iso: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', {
          timeZone: timezone,
          year: '2-digit',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          hourCycle: 'h12',
        })
          .formatToParts(new Date(iso))
          .map((p) => [p.type, p.value]),
      );
      return { day: `${parts.month}/${parts.day}/${parts.year}`, time: `${parts.hour}:${parts.minute} ${parts.dayPeriod}` };
    };
    const start = wall(startsAt);
    const end = wall(endsAt);
    const mails = (await calendarMails(t)).slice(before);
    const line = mails
      .find((m) => m.to === people.elena.email)
      ?.text.split('\n')
      .find((l) => l.startsWith('When: '));
    expect(line?.replace(/\s/g, ' ')).toBe(`When: ${start.day}, ${start.time}–${end.time} (${timezone})`);
    for (const m of mails) expect(m.text).not.toMatch(/\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b|\d{4}-\d{2}-\d{2}/);
  });
});

describe('dashboard', () => {
  it('shows the user’s upcoming interviews and the scorecards they owe', async () => {
    const up = await scheduled(as.owner, { starts_at: inDays(8), interviewer_ids: [people.elena.id] });
    const owed = await scheduled(as.owner, { starts_at: inDays(9), interviewer_ids: [people.elena.id] });
    await t.database.db
      .update(interviews)
      .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(interviews.id, owed.id));
    const d = (await as.elena.get(api('dashboard'))).json.dashboard;
    expect(d.interviews.map((x: { id: string }) => x.id)).toContain(up.id);
    expect(d.interviews.map((x: { id: string }) => x.id)).not.toContain(owed.id);
    expect(d.interviews[0].url).toMatch(/^\/recruitment\/.+\/interviews\?interview=/);
    expect(d.feedback_owed.map((x: { id: string }) => x.id)).toContain(owed.id);
    const ivan = (await as.ivan.get(api('dashboard'))).json.dashboard;
    expect(ivan.feedback_owed.map((x: { id: string }) => x.id)).not.toContain(owed.id);
  });
});

describe('the demo organisation', () => {
  it('has interview types, past interviews with scorecards and upcoming ones; Elena’s dashboard shows hers', async () => {
    const { seedDemo } = await import('../src/db/demo-seed.ts');
    const { users } = await import('../src/db/schema/users.ts');
    const { scorecards } = await import('../src/db/schema/interviews.ts');
    const demo = await startTestApp();
    try {
      await seedDemo(demo.database.db);
      const [elena] = await demo.database.db.select().from(users).where(eq(users.email, 'elena@hireloop.test'));
      const c = await signIn(demo, elena!);
      const path = `organisation/${elena!.currentOrganisationId}`;
      const types = (await c.get(`${path}/interview-types`)).json.interview_types.data;
      expect(types.map((x: { name: string }) => x.name)).toEqual(['Phone screen', 'Technical', 'Onsite', 'Final']);
      expect(types.every((x: { criteria: string[] }) => x.criteria.length > 0)).toBe(true);
      const all = await demo.database.db.select().from(interviews);
      expect(all.filter((i) => i.status === 'completed').length).toBeGreaterThan(3);
      expect(all.filter((i) => i.status === 'scheduled' && i.startsAt.getTime() > Date.now()).length).toBeGreaterThan(3);
      expect((await demo.database.db.select().from(scorecards)).length).toBeGreaterThan(3);
      const dashboard = (await c.get(`${path}/dashboard`)).json.dashboard;
      expect(dashboard.interviews.length).toBeGreaterThan(0);
      expect(dashboard.feedback_owed.length).toBeGreaterThan(0);
      const recruitment = all.find((i) => i.status === 'scheduled')!.recruitmentId;
      const owner = (await demo.database.db.select().from(users).where(eq(users.email, 'demo@hireloop.test')))[0]!;
      const list = await expectOk(await signIn(demo, owner), ops.listForRecruitment, {
        params: { organisationId: elena!.currentOrganisationId!, recruitment },
        query: { filter: { when: 'all' } },
      });
      expect(list.interviews.data.length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });
});
