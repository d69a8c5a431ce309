import { and, eq, like, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '../src/db/schema/job-runs.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { createFileService } from '../src/features/files/service.ts';
import { notifyFeedbackDue } from '../src/features/interviews/service.ts';
import { scheduleCandidateRetention } from '../src/jobs/candidate-retention.ts';
import { scheduleInterviewFeedback } from '../src/jobs/interview-feedback.ts';
import { scheduleOfferExpiry } from '../src/jobs/offer-expiry.ts';
import { scheduleOnboardingTaskDue } from '../src/jobs/onboarding-task-due.ts';
import { scheduleOutboxRetention } from '../src/jobs/outbox-retention.ts';
import { schedulePeriodic, type JobRunner } from '../src/jobs/periodic.ts';
import { scheduleSessionCleanup } from '../src/jobs/session-cleanup.ts';
import { createStorage } from '../src/lib/storage.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { pastInterview } from './interview-fixtures.ts';
import { manualClock, manualTimer } from './manual-time.ts';

const DAY = 86_400_000;
const JOBS = ['session-cleanup', 'candidate-retention', 'offer-expiry', 'interview-feedback', 'onboarding-task-due', 'outbox-retention'];

/** Two app nodes on one database, each with its own connection pool. */
let a: TestApp;
let b: TestApp;
let recruiter: Client;
let interview: (interviewerIds: string[]) => Promise<string>;
const people = {} as Record<'iris' | 'ivan' | 'una' | 'uli', { id: string; email: string }>;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, { sharing: a });
  const owner = await createUser(a, { name: 'Pj Owner' });
  const org = await createOrganisation(a, owner);
  const recruiterUser = await createUser(a, { name: 'Pj Recruiter' });
  await addMember(a, org.id, recruiterUser.id, 'recruiter');
  for (const key of ['iris', 'ivan', 'una', 'uli'] as const) {
    const user = await createUser(a, { name: `Pj ${key}` });
    people[key] = { id: user.id, email: user.email! };
    await addMember(a, org.id, people[key].id, 'interviewer');
  }
  recruiter = await signIn(a, recruiterUser);
  const { statuses, recruitment } = await seedPipeline(a, org.id);
  const r = await recruitment('Periodic jobs');
  const candidate = await seedCandidate(a, org.id, statuses[0]!.id, { name: 'Pat Candidate' }, [r.id]);
  const typeId = (await recruiter.post(`organisation/${org.id}/interview-types`, { name: 'Technical', criteria: ['Depth'] })).json
    .interview_type.id as string;
  interview = (interviewerIds) =>
    pastInterview(a, recruiter, { organisationId: org.id, applicationId: candidate.applications[0]!.id, typeId, interviewerIds });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A node's log at debug level, kept so the test can count the periodic jobs' runs. */
function recordingLog() {
  const lines: { msg: string; job?: string }[] = [];
  const { log } = Fastify({ logger: { level: 'debug', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  return { log, runs: (job: string) => lines.filter((l) => l.msg === 'periodic job ran' && l.job === job).length };
}

/** Every periodic job of serve.ts on one node, on a clock and a timer the test moves. */
function startJobs(node: TestApp, now: () => Date) {
  const timer = manualTimer();
  const { log, runs } = recordingLog();
  const runner: JobRunner = { db: node.database.db, log, now, every: timer.every };
  const stops = [
    scheduleSessionCleanup(runner),
    scheduleCandidateRetention(runner, createFileService(node.database.db, createStorage(node.config), log)),
    scheduleOfferExpiry(runner),
    scheduleInterviewFeedback(runner),
    scheduleOnboardingTaskDue(runner),
    scheduleOutboxRetention(runner, node.config.outboxRetentionDays),
  ];
  return { tick: timer.tick, runs, stop: () => stops.forEach((stop) => stop()) };
}

const remindedFor = async (interviewId: string) =>
  (
    await a.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'interview_feedback_due'), sql`${notifications.data}->>'interview_id' = ${interviewId}`))
  )
    .map((n) => n.userId)
    .sort();

const reminderMailsTo = async (email: string) =>
  (
    await a.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'mail'),
          sql`${outbox.payload}->>'to' = ${email}`,
          like(sql`${outbox.payload}->>'subject'`, 'Your scorecard for %'),
        ),
      )
  ).length;

describe('periodic jobs on two app nodes sharing one database', () => {
  it('runs each job once per period, not once per node; one due interview gets one reminder and one mail', async () => {
    // Just after a UTC midnight: a new period of every job (their periods are aligned to the epoch).
    const clock = manualClock(Math.floor(Date.now() / DAY) * DAY + DAY + 1_000);
    const nodeA = startJobs(a, clock.now);
    // The other node's clock is a moment later: same period.
    const nodeB = startJobs(b, () => new Date(clock.at() + 2_000));
    const runs = () => Object.fromEntries(JOBS.map((job) => [job, nodeA.runs(job) + nodeB.runs(job)]));
    const each = (n: number) => Object.fromEntries(JOBS.map((job) => [job, n]));
    try {
      const first = await interview([people.iris.id]);

      // Both nodes check at the same moment, then again a minute later: one run of each job in all.
      await Promise.all([nodeA.tick(), nodeB.tick()]);
      expect(runs()).toEqual(each(1));
      clock.advance(60_000);
      await Promise.all([nodeB.tick(), nodeA.tick()]);
      expect(runs()).toEqual(each(1));
      expect(await remindedFor(first)).toEqual([people.iris.id]);
      expect(await reminderMailsTo(people.iris.email)).toBe(1);

      // The next period (a day later: a new period of every job) runs each job again, once.
      clock.advance(DAY);
      const second = await interview([people.ivan.id]);
      await Promise.all([nodeA.tick(), nodeB.tick()]);
      await Promise.all([nodeA.tick(), nodeB.tick()]);
      expect(runs()).toEqual(each(2));
      expect(await remindedFor(second)).toEqual([people.ivan.id]);
      expect(await reminderMailsTo(people.ivan.email)).toBe(1);
      expect(await remindedFor(first)).toEqual([people.iris.id]);
      expect(await reminderMailsTo(people.iris.email)).toBe(1);
      const recorded = await a.database.db.select().from(jobRuns);
      expect(recorded.map((r) => r.name).sort()).toEqual([...JOBS].sort());
    } finally {
      nodeA.stop();
      nodeB.stop();
    }
  });

  it('keeps the other node out while a pass outlasts its period; it runs the new period once the pass ends', async () => {
    const clock = manualClock(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    const timerA = manualTimer();
    const timerB = manualTimer();
    const { log } = recordingLog();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const ran = { a: 0, b: 0 };
    const job = (node: 'a' | 'b') => ({
      name: 'slow-test-job',
      everyMs: 60_000,
      checkEveryMs: 1_000,
      failed: 'slow test job failed',
      pass: async () => {
        ran[node]++;
        started();
        await released;
      },
    });
    const stopA = schedulePeriodic({ db: a.database.db, log, now: clock.now, every: timerA.every }, job('a'));
    const stopB = schedulePeriodic({ db: b.database.db, log, now: clock.now, every: timerB.every }, job('b'));
    try {
      const passA = timerA.tick();
      await running;
      clock.advance(60_000);
      // A new period, but node A is still at it: node B's check returns at once without running.
      // (Were node B to wait for node A instead, this tick would not return and the test would time out.)
      await timerB.tick();
      expect(ran).toEqual({ a: 1, b: 0 });
      release();
      await passA;
      await timerB.tick();
      await timerA.tick();
      expect(ran).toEqual({ a: 1, b: 1 });
    } finally {
      release();
      stopA();
      stopB();
    }
  });

  it('never sends a feedback reminder twice, even when two nodes check at the same moment', async () => {
    const due = await interview([people.una.id, people.uli.id]);
    const now = new Date();
    const sent = await Promise.all([notifyFeedbackDue(a.database.db, now), notifyFeedbackDue(b.database.db, now)]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await remindedFor(due)).toEqual([people.una.id, people.uli.id].sort());
    expect(await reminderMailsTo(people.una.email)).toBe(1);
    expect(await reminderMailsTo(people.uli.email)).toBe(1);
  });
});
