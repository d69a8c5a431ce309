import { INTERVIEW_TEXTS } from '@hireloop/contract/interviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema/candidates.ts';
import { scorecards } from '../src/db/schema/interviews.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { notifyFeedbackDue } from '../src/features/interviews/service.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { pastInterview } from './interview-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';

let t: TestApp;
let org: { id: string };
const people = {} as Record<'owner' | 'recruiter' | 'manager' | 'elena' | 'ivan' | 'nina', { id: string; name: string }>;
const as = {} as Record<'owner' | 'recruiter' | 'manager' | 'elena' | 'ivan' | 'nina', Client>;
let applicationId = '';
let interviewId = '';
let typeId = '';
const api = (path: string) => `organisation/${org.id}/${path}`;
const card = (over: Record<string, unknown> = {}) => ({
  ratings: [
    { criterion: 'Depth', rating: 3 },
    { criterion: 'Clarity', rating: 4 },
  ],
  recommendation: 'yes',
  notes: 'Solid.',
  ...over,
});

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
    const res = await as.recruiter.post(api(`applications/${applicationId}/interviews`), {
      type_id: typeId,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Room 1',
      interviewer_ids: [people.elena.id],
    });
    const early = await as.elena.post(api(`interviews/${res.json.interview.id}/scorecard`), card());
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(INTERVIEW_TEXTS.scorecardBeforeStart);
  });

  it('refuses bad ratings, a non-interviewer and changes nothing', async () => {
    const outOfRange = await as.elena.post(
      api(`interviews/${interviewId}/scorecard`),
      card({
        ratings: [
          { criterion: 'Depth', rating: 5 },
          { criterion: 'Clarity', rating: 0 },
        ],
      }),
    );
    expect(outOfRange.status).toBe(422);
    expect(Object.values(outOfRange.json.errors).flat()).toContain(INTERVIEW_TEXTS.ratingRange);
    const missing = await as.elena.post(api(`interviews/${interviewId}/scorecard`), card({ ratings: [{ criterion: 'Depth', rating: 2 }] }));
    expect(missing.json.errors.ratings).toEqual([INTERVIEW_TEXTS.ratingMissing]);
    const unknown = await as.elena.post(
      api(`interviews/${interviewId}/scorecard`),
      card({
        ratings: [
          { criterion: 'Depth', rating: 2 },
          { criterion: 'Luck', rating: 2 },
        ],
      }),
    );
    expect(unknown.json.errors.ratings).toEqual([INTERVIEW_TEXTS.ratingCriterionUnknown]);
    const noRec = await as.elena.post(api(`interviews/${interviewId}/scorecard`), card({ recommendation: 'maybe' }));
    expect(noRec.json.errors.recommendation).toEqual([INTERVIEW_TEXTS.recommendationRequired]);
    const notOn = await as.recruiter.post(api(`interviews/${interviewId}/scorecard`), card());
    expect(notOn.status).toBe(403);
    expect(notOn.json.message).toBe(INTERVIEW_TEXTS.scorecardNotInterviewer);
    expect((await as.nina.post(api(`interviews/${interviewId}/scorecard`), card())).status).toBe(403);
    expect(await t.database.db.select().from(scorecards).where(eq(scorecards.interviewId, interviewId))).toEqual([]);
  });

  it('hides the others’ scorecards until you submitted yours', async () => {
    const first = await as.elena.post(api(`interviews/${interviewId}/scorecard`), card({ recommendation: 'strong_yes' }));
    expect(first.status).toBe(201);
    expect(first.json.scorecard).toMatchObject({ interviewer: { id: people.elena.id }, recommendation: 'strong_yes', notes: 'Solid.' });
    expect((await as.elena.post(api(`interviews/${interviewId}/scorecard`), card())).status).toBe(409);

    const ivanBefore = await as.ivan.get(api(`interviews/${interviewId}/scorecards`));
    expect(ivanBefore.status).toBe(200);
    expect(ivanBefore.json).toMatchObject({ hidden: true, scorecards: [] });
    expect(ivanBefore.json.summary).toMatchObject({ submitted: 1, expected: 3, recommendations: { strong_yes: 0 } });
    const ivanView = (await as.ivan.get(api(`interviews/${interviewId}`))).json.interview;
    expect(ivanView).toMatchObject({ is_interviewer: true, my_scorecard_submitted: false });

    // A recruiter who is not on it sees all; so does the hiring manager… once they submitted (they are on it).
    const recruiter = await as.recruiter.get(api(`interviews/${interviewId}/scorecards`));
    expect(recruiter.json.hidden).toBe(false);
    expect(recruiter.json.scorecards).toHaveLength(1);
    expect(recruiter.json.pending.map((p: { id: string }) => p.id).sort()).toEqual([people.ivan.id, people.manager.id].sort());
    expect((await as.manager.get(api(`interviews/${interviewId}/scorecards`))).json.hidden).toBe(true);

    expect((await as.ivan.post(api(`interviews/${interviewId}/scorecard`), card({ recommendation: 'no' }))).status).toBe(201);
    const ivanAfter = await as.ivan.get(api(`interviews/${interviewId}/scorecards`));
    expect(ivanAfter.json.hidden).toBe(false);
    expect(ivanAfter.json.scorecards.map((s: { recommendation: string }) => s.recommendation).sort()).toEqual(['no', 'strong_yes']);
    expect(ivanAfter.json.summary.recommendations).toMatchObject({ strong_yes: 1, no: 1 });
    const elenaView = (await as.elena.get(api(`interviews/${interviewId}`))).json.interview;
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
    const res = await as.recruiter.post(api(`applications/${applicationId}/interviews`), {
      type_id: typeId,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'Room 1',
      interviewer_ids: [people.elena.id],
    });
    const cancelled = await as.recruiter.post(api(`interviews/${res.json.interview.id}/cancel`));
    expect(cancelled.json).toMatchObject({ interview: { status: 'cancelled' } });
    const sc = await as.elena.post(api(`interviews/${res.json.interview.id}/scorecard`), card());
    expect(sc.status).toBe(409);
    expect(sc.json.message).toBe(INTERVIEW_TEXTS.scorecardCancelled);
  });
});
