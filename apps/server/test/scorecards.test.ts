import { INTERVIEW_TEXTS, type ScorecardBody } from '@hireloop/contract/interviews';
import { interviewOperations as ops } from '@hireloop/contract/operations/interviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema/candidates.ts';
import { scorecards } from '../src/db/schema/interviews.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { notifyFeedbackDue } from '../src/features/interviews/service.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { pastInterview } from './interview-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
let org: { id: string };
const people = {} as Record<'owner' | 'recruiter' | 'manager' | 'elena' | 'ivan' | 'nina', { id: string; name: string }>;
const as = {} as Record<'owner' | 'recruiter' | 'manager' | 'elena' | 'ivan' | 'nina', Client>;
let applicationId = '';
let interviewId = '';
let typeId = '';
const api = (path: string) => `organisation/${org.id}/${path}`;
const card = (over: Partial<ScorecardBody> = {}): ScorecardBody => ({
  ratings: [
    { criterion: 'Depth', rating: 3 },
    { criterion: 'Clarity', rating: 4 },
  ],
  recommendation: 'yes',
  notes: 'Solid.',
  ...over,
});
const ofInterview = (interview: string) => ({ organisationId: org.id, interview });
/** Submits `body` as `c` on the interview (default: the one everybody is on): the answer as it comes. */
const submit = (c: Client, body: ScorecardBody = card(), interview = interviewId) =>
  callOperation(c, ops.submitScorecard, { params: ofInterview(interview), body });
const scorecardsAs = (c: Client) => expectOk(c, ops.scorecards, { params: ofInterview(interviewId) });
/** A scheduled interview tomorrow with Elena on it. */
const upcoming = async () =>
  (
    await expectStatus(as.recruiter, ops.schedule, 201, {
      params: { organisationId: org.id, application: applicationId },
      body: {
        type_id: typeId,
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'Room 1',
        interviewer_ids: [people.elena.id],
      },
    })
  ).interview;

const scheduleAndPass = (interviewerIds: string[]) =>
  pastInterview(t, as.recruiter, { organisationId: org.id, applicationId, typeId, interviewerIds });

beforeAll(async () => {
  t = await startTestApp();
  people.owner = await createUser(t, { name: 'Sc Owner' });
  org = await createOrganisation(t, people.owner);
  for (const [key, role] of [
    ['recruiter', 'recruiter'],
    ['manager', 'hiring_manager'],
    ['elena', 'interviewer'],
    ['ivan', 'interviewer'],
    ['nina', 'interviewer'],
  ] as const) {
    people[key] = await createUser(t, { name: `Sc ${key}` });
    await addMember(t, org.id, people[key].id, role);
  }
  for (const key of Object.keys(people) as (keyof typeof people)[]) as[key] = await signIn(t, people[key]);
  const { statuses, recruitment } = await seedPipeline(t, org.id);
  const r = await recruitment('Scorecards');
  const c = await seedCandidate(t, org.id, statuses[0]!.id, { name: 'Sam Candidate' }, [r.id]);
  applicationId = c.applications[0]!.id;
  typeId = (await as.owner.post(api('interview-types'), { name: 'Technical', criteria: ['Depth', 'Clarity'] })).json.interview_type.id;
  interviewId = await scheduleAndPass([people.elena.id, people.ivan.id, people.manager.id]);
});

afterAll(() => t?.close());

describe('scorecards', () => {
  it('refuses a scorecard before the interview started', async () => {
    const interview = await upcoming();
    const early = await expectStatus(as.elena, ops.submitScorecard, 409, { params: ofInterview(interview.id), body: card() });
    expect(early.message).toBe(INTERVIEW_TEXTS.scorecardBeforeStart);
  });

  it('refuses bad ratings, a non-interviewer and changes nothing', async () => {
    const refused = (body: ScorecardBody) => expectStatus(as.elena, ops.submitScorecard, 422, { params: ofInterview(interviewId), body });
    const outOfRange = await refused(
      card({
        ratings: [
          { criterion: 'Depth', rating: 5 },
          { criterion: 'Clarity', rating: 0 },
        ],
      }),
    );
    expect(Object.values(outOfRange.errors ?? {}).flat()).toContain(INTERVIEW_TEXTS.ratingRange);
    const missing = await refused(card({ ratings: [{ criterion: 'Depth', rating: 2 }] }));
    expect(missing.errors?.ratings).toEqual([INTERVIEW_TEXTS.ratingMissing]);
    const unknown = await refused(
      card({
        ratings: [
          { criterion: 'Depth', rating: 2 },
          { criterion: 'Luck', rating: 2 },
        ],
      }),
    );
    expect(unknown.errors?.ratings).toEqual([INTERVIEW_TEXTS.ratingCriterionUnknown]);
    // Not a recommendation at all: sent as it is, past the contract's types.
    const noRec = await as.elena.post(api(`interviews/${interviewId}/scorecard`), { ...card(), recommendation: 'maybe' });
    expect(noRec.json.errors.recommendation).toEqual([INTERVIEW_TEXTS.recommendationRequired]);
    const notOn = await expectStatus(as.recruiter, ops.submitScorecard, 403, { params: ofInterview(interviewId), body: card() });
    expect(notOn.message).toBe(INTERVIEW_TEXTS.scorecardNotInterviewer);
    expect((await submit(as.nina)).status).toBe(403);
    expect(await t.database.db.select().from(scorecards).where(eq(scorecards.interviewId, interviewId))).toEqual([]);
  });

  it('hides the others’ scorecards until you submitted yours', async () => {
    const first = await expectStatus(as.elena, ops.submitScorecard, 201, {
      params: ofInterview(interviewId),
      body: card({ recommendation: 'strong_yes' }),
    });
    expect(first.scorecard).toMatchObject({ interviewer: { id: people.elena.id }, recommendation: 'strong_yes', notes: 'Solid.' });
    expect((await submit(as.elena)).status).toBe(409);

    const ivanBefore = await scorecardsAs(as.ivan);
    expect(ivanBefore).toMatchObject({ hidden: true, scorecards: [] });
    expect(ivanBefore.summary).toMatchObject({ submitted: 1, expected: 3, recommendations: { strong_yes: 0 } });
    const ivanView = (await expectOk(as.ivan, ops.get, { params: ofInterview(interviewId) })).interview;
    expect(ivanView).toMatchObject({ is_interviewer: true, my_scorecard_submitted: false });

    // A recruiter who is not on it sees all; so does the hiring manager… once they submitted (they are on it).
    const recruiter = await scorecardsAs(as.recruiter);
    expect(recruiter.hidden).toBe(false);
    expect(recruiter.scorecards).toHaveLength(1);
    expect(recruiter.pending.map((p) => p.id).sort()).toEqual([people.ivan.id, people.manager.id].sort());
    expect((await scorecardsAs(as.manager)).hidden).toBe(true);

    expect((await submit(as.ivan, card({ recommendation: 'no' }))).status).toBe(201);
    const ivanAfter = await scorecardsAs(as.ivan);
    expect(ivanAfter.hidden).toBe(false);
    expect(ivanAfter.scorecards.map((s) => s.recommendation).sort()).toEqual(['no', 'strong_yes']);
    expect(ivanAfter.summary.recommendations).toMatchObject({ strong_yes: 1, no: 1 });
    const elenaView = (await expectOk(as.elena, ops.get, { params: ofInterview(interviewId) })).interview;
    expect(elenaView).toMatchObject({ my_scorecard_submitted: true, scorecards: { submitted: 2, expected: 3 } });
    const acts = await t.database.db.select().from(activities).where(eq(activities.applicationId, applicationId));
    expect(acts.filter((a) => a.type === 'scorecard.submitted')).toHaveLength(2);
  });

  it('reminds each interviewer without a scorecard once after the interview ended', async () => {
    const other = await scheduleAndPass([people.nina.id]);
    await notifyFeedbackDue(t.database.db);
    await notifyFeedbackDue(t.database.db);
    const due = await t.database.db.select().from(notifications).where(eq(notifications.type, 'interview_feedback_due'));
    const forFirst = due.filter((n) => n.data.interview_id === interviewId).map((n) => n.userId);
    expect(forFirst).toEqual([people.manager.id]);
    expect(due.filter((n) => n.data.interview_id === other).map((n) => n.userId)).toEqual([people.nina.id]);
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'interview_feedback_due'), eq(notifications.userId, people.elena.id))),
    ).toEqual([]);
  });

  it('takes no scorecard on a cancelled interview', async () => {
    const interview = await upcoming();
    const cancelled = await expectOk(as.recruiter, ops.cancel, { params: ofInterview(interview.id) });
    expect(cancelled).toMatchObject({ interview: { status: 'cancelled' } });
    const sc = await expectStatus(as.elena, ops.submitScorecard, 409, { params: ofInterview(interview.id), body: card() });
    expect(sc.message).toBe(INTERVIEW_TEXTS.scorecardCancelled);
  });
});
