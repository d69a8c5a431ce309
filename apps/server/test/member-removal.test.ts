import { candidateOperations } from '@hireloop/contract/operations/candidates';
import { interviewOperations } from '@hireloop/contract/operations/interviews';
import { memberOperations, myMembershipOperations } from '@hireloop/contract/operations/members';
import { notificationOperations } from '@hireloop/contract/operations/notifications';
import { offerOperations } from '@hireloop/contract/operations/offers';
import { onboardingOperations } from '@hireloop/contract/operations/onboardings';
import { userChannel } from '@hireloop/contract/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema/candidates.ts';
import { hireTasks } from '../src/db/schema/onboarding.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { devMailbox, outbox } from '../src/db/schema/outbox.ts';
import { notificationOutboxHandlers } from '../src/features/notifications/service.ts';
import { notifyDueOnboardingTasks } from '../src/jobs/onboarding-task-due.ts';
import { startOutboxWorker } from '../src/jobs/outbox-worker.ts';
import type { Broadcaster, RealtimeEvent } from '../src/realtime/broadcaster.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectOk, expectStatus } from './operations.ts';

/*
 * Issue 26: nothing of an organisation reaches someone who is no longer its member, and the work
 * that waited on them (offer approvals, onboarding tasks) moves on, said to the one who removed them.
 */

let t: TestApp;
const db = () => t.database.db;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** An organisation (subscribed to Onboarding) with an owner, an admin, a recruiter, a hiring manager and an interviewer. */
async function organisation(name: string) {
  const owner = await createUser(t, { name: `${name} Owner` });
  const org = await createOrganisation(t, owner, { name });
  await db()
    .update(organisations)
    .set({ products: ['onboarding'] })
    .where(eq(organisations.id, org.id));
  const people = {
    admin: await createUser(t, { name: `${name} Admin` }),
    recruiter: await createUser(t, { name: `${name} Recruiter` }),
    manager: await createUser(t, { name: `${name} Manager` }),
    interviewer: await createUser(t, { name: `${name} Interviewer` }),
  };
  await addMember(t, org.id, people.admin.id, 'admin');
  await addMember(t, org.id, people.recruiter.id, 'recruiter');
  await addMember(t, org.id, people.manager.id, 'hiring_manager');
  await addMember(t, org.id, people.interviewer.id, 'interviewer');
  const pipeline = await seedPipeline(t, org.id);
  const recruitment = await pipeline.recruitment('Backend engineer');
  const application = async (candidateName: string) =>
    (await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: candidateName }, [recruitment.id])).applications[0]!;
  return {
    org,
    owner,
    ...people,
    pipeline,
    application,
    as: {
      owner: await signIn(t, owner),
      admin: await signIn(t, people.admin),
      recruiter: await signIn(t, people.recruiter),
    },
  };
}

const remove = (as: Client, organisationId: string, user: string) =>
  expectOk(as, memberOperations.remove, { params: { organisationId, user } });

const notificationsOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));

async function mention(as: Client, organisationId: string, candidateId: string, user: { id: string; name: string }, text: string) {
  await expectStatus(as, candidateOperations.addNote, 201, {
    params: { organisationId, candidate: candidateId },
    body: { body: `${text} @[${user.name}](${user.id})` },
  });
}

describe('notifications of an organisation one no longer belongs to', () => {
  it('are not listed, counted or marked, also while the user belongs to another organisation', async () => {
    const a = await organisation('Alpha');
    const b = await organisation('Beta');
    const person = a.interviewer;
    await addMember(t, b.org.id, person.id, 'interviewer');
    const asPerson = await signIn(t, person);
    const inA = await a.application('Confidential Candidate');
    const inB = await b.application('Beta Candidate');
    await mention(a.as.owner, a.org.id, inA.candidateId, person, 'Salary history attached, keep it quiet.');
    await mention(b.as.owner, b.org.id, inB.candidateId, person, 'Please look.');
    const before = await expectOk(asPerson, notificationOperations.list, { params: {}, query: {} });
    expect(before.notifications.data.map((n) => n.organisation_id).sort()).toEqual([a.org.id, b.org.id].sort());

    await remove(a.as.admin, a.org.id, person.id);
    // A notification stored for them as the removal commits (a change that checked membership just before).
    await db()
      .insert(notifications)
      .values({ userId: person.id, organisationId: a.org.id, type: 'mention', data: { title: 'Late', url: '/x' } });

    const all = await expectOk(asPerson, notificationOperations.list, { params: {}, query: {} });
    expect(all.notifications.data.map((n) => n.organisation_id)).toEqual([b.org.id]);
    expect(all.notifications.meta.total).toBe(1);
    expect(JSON.stringify(all)).not.toContain('keep it quiet');
    const unread = await expectOk(asPerson, notificationOperations.list, { params: {}, query: { filter: { unread: '1' } } });
    expect(unread.notifications.meta.total).toBe(1);

    // Marking all read marks Beta's only: the row stored late for Alpha stays as it was.
    await expectStatus(asPerson, notificationOperations.markAllRead, 204, { params: {} });
    const rows = await notificationsOf(person.id);
    expect(rows.filter((n) => n.organisationId === a.org.id).every((n) => n.readAt === null)).toBe(true);
    expect(rows.filter((n) => n.organisationId === b.org.id).every((n) => n.readAt !== null)).toBe(true);
  });

  it('queued before the removal, are neither broadcast nor mailed after it', async () => {
    const a = await organisation('Gamma');
    const person = a.interviewer;
    const inA = await a.application('Queued Candidate');
    await mention(a.as.owner, a.org.id, inA.candidateId, person, 'Read before the call.');
    const theirs = (j: { payload: unknown }) =>
      JSON.stringify(j.payload).includes(person.id) || JSON.stringify(j.payload).includes(person.email!);
    const queued = (await db().select().from(outbox).where(eq(outbox.status, 'pending'))).filter(theirs);
    expect(queued.map((j) => j.kind).sort()).toEqual(['mail', 'notification.broadcast']);

    await remove(a.as.admin, a.org.id, person.id);
    // The app's own broadcaster, with a record of what went through it.
    const real = t.app.realtime.broadcaster;
    const published: RealtimeEvent[] = [];
    const recording: Broadcaster = {
      kind: real.kind,
      trigger: async (events) => {
        published.push(...events);
        await real.trigger(events);
      },
      firstUse: (signature, ttlS) => real.firstUse(signature, ttlS),
      close: () => real.close(),
    };
    const worker = startOutboxWorker({
      db: db(),
      config: t.config,
      log: t.app.log,
      intervalMs: 0,
      handlers: notificationOutboxHandlers(recording, db()),
    });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    expect(published.filter((e) => e.channels.includes(userChannel(person.id)))).toEqual([]);
    expect(await db().select().from(devMailbox).where(eq(devMailbox.to, person.email!))).toEqual([]);
    // Nothing is left waiting for them: the jobs are finished.
    const left = await db().select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(left.filter(theirs)).toEqual([]);
  });
});

describe('removing an approver', () => {
  it('passes their steps to the one who removed them, says so, and the removed approver hears nothing', async () => {
    const a = await organisation('Delta');
    const app = await a.application('Ada Lovelace');
    const waiting = app;
    const later = await a.application('Grace Hopper');
    const body = {
      salary: 85000,
      currency: 'EUR',
      start_date: day(40),
      expires_on: day(14),
      approver_ids: [a.manager.id, a.owner.id],
    };
    const params = (application: string) => ({ organisationId: a.org.id, application });
    // One offer waits for the manager now; another is still a draft naming them.
    const first = (await expectStatus(a.as.recruiter, offerOperations.create, 201, { params: params(waiting.id), body })).offer;
    await expectOk(a.as.recruiter, offerOperations.submit, { params: { organisationId: a.org.id, offer: first.id } });
    const second = (await expectStatus(a.as.recruiter, offerOperations.create, 201, { params: params(later.id), body })).offer;
    const toldBefore = (await notificationsOf(a.manager.id)).length;
    expect(toldBefore).toBe(1);

    const { removal } = await remove(a.as.admin, a.org.id, a.manager.id);
    expect(removal.offer_approvals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          offer_id: first.id,
          candidate_name: 'Ada Lovelace',
          outcome: 'reassigned',
          to: { id: a.admin.id, name: 'Delta Admin' },
        }),
        expect.objectContaining({ offer_id: second.id, candidate_name: 'Grace Hopper', outcome: 'reassigned' }),
      ]),
    );
    expect(removal.offer_approvals).toHaveLength(2);
    expect(removal.onboarding_tasks).toEqual([]);

    const ofFirst = { params: { organisationId: a.org.id, offer: first.id } };
    const now = await expectOk(a.as.admin, offerOperations.get, ofFirst);
    expect(now.offer).toMatchObject({ status: 'pending_approval', current_approver_id: a.admin.id });
    expect(now.offer.approvals.map((x) => x.approver.id)).toEqual([a.admin.id, a.owner.id]);
    const note = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'offer.approver_replaced'), eq(activities.applicationId, waiting.id)));
    expect(note[0]?.data).toMatchObject({ offer_id: first.id, removed: 'Delta Manager', to: 'Delta Admin', outcome: 'reassigned' });

    // The draft submitted after the removal asks the admin, never the one removed.
    await expectOk(a.as.recruiter, offerOperations.submit, { params: { organisationId: a.org.id, offer: second.id } });
    // What the organisation told them went with the membership; nothing new came.
    expect(await notificationsOf(a.manager.id)).toEqual([]);
    // The admin is asked for the draft submitted now, not told of what they did themselves.
    const asked = (await notificationsOf(a.admin.id)).filter((n) => n.type === 'offer_approval');
    expect(asked.map((n) => (n.data as { offer_id: string }).offer_id)).toEqual([second.id]);
    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).filter(
      (j) => (j.payload as { to?: string }).to === a.manager.email,
    );
    expect(mails).toHaveLength(toldBefore);

    // The offer moves on: the admin approves, then the owner.
    await expectOk(a.as.admin, offerOperations.approve, { ...ofFirst, body: {} });
    const done = await expectOk(a.as.owner, offerOperations.approve, { ...ofFirst, body: {} });
    expect(done.offer.status).toBe('approved');
  });

  it('drops the step when the one who removes them is in the chain already; they approve again if they had', async () => {
    const a = await organisation('Epsilon');
    const app = await a.application('Alan Turing');
    const offer = (
      await expectStatus(a.as.recruiter, offerOperations.create, 201, {
        params: { organisationId: a.org.id, application: app.id },
        body: { salary: 1, currency: 'EUR', start_date: day(40), expires_on: day(14), approver_ids: [a.owner.id, a.manager.id] },
      })
    ).offer;
    const of = { params: { organisationId: a.org.id, offer: offer.id } };
    await expectOk(a.as.recruiter, offerOperations.submit, of);
    await expectOk(a.as.owner, offerOperations.approve, { ...of, body: {} });

    const { removal } = await remove(a.as.owner, a.org.id, a.manager.id);
    expect(removal.offer_approvals).toEqual([
      expect.objectContaining({ offer_id: offer.id, outcome: 'dropped', to: { id: a.owner.id, name: 'Epsilon Owner' } }),
    ]);
    const after = await expectOk(a.as.owner, offerOperations.get, of);
    expect(after.offer).toMatchObject({ status: 'pending_approval', current_approver_id: a.owner.id });
    expect(after.offer.approvals.map((x) => [x.approver.id, x.decision])).toEqual([[a.owner.id, 'pending']]);
    expect((await expectOk(a.as.owner, offerOperations.approve, { ...of, body: {} })).offer.status).toBe('approved');
  });
});

describe('removing the owner of onboarding tasks', () => {
  it('unassigns their open tasks with a note, says so, and the due-task job tells them nothing', async () => {
    const a = await organisation('Zeta');
    const candidate = (await seedCandidate(t, a.org.id, a.pipeline.statuses[0]!.id, { name: 'Hedy Lamarr' })).candidate;
    const { hire } = await expectStatus(a.as.recruiter, onboardingOperations.createHire, 201, {
      params: { organisationId: a.org.id },
      body: { candidate_id: candidate.id, role_id: a.pipeline.role.id, start_date: day(1), template_id: null },
    });
    const task = await expectStatus(a.as.recruiter, onboardingOperations.createTask, 201, {
      params: { organisationId: a.org.id, hireId: hire.id },
      body: { title: 'Order a laptop', owner_id: a.interviewer.id, due_date: day(-1) },
    });
    const done = await expectStatus(a.as.recruiter, onboardingOperations.createTask, 201, {
      params: { organisationId: a.org.id, hireId: hire.id },
      body: { title: 'Already done', owner_id: a.interviewer.id, due_date: day(-1) },
    });
    await expectOk(a.as.recruiter, onboardingOperations.updateTask, {
      params: { organisationId: a.org.id, hireId: hire.id, taskId: done.task.id },
      body: { done: true },
    });

    const { removal } = await remove(a.as.admin, a.org.id, a.interviewer.id);
    expect(removal.onboarding_tasks).toEqual([
      { task_id: task.task.id, title: 'Order a laptop', candidate_name: 'Hedy Lamarr', url: expect.stringContaining(hire.id) },
    ]);
    const [stored] = await db().select().from(hireTasks).where(eq(hireTasks.id, task.task.id));
    expect(stored!.ownerId).toBeNull();
    const note = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'onboarding.task_unassigned'), eq(activities.candidateId, candidate.id)));
    expect(note[0]?.data).toMatchObject({ task_id: task.task.id, title: 'Order a laptop', removed: 'Zeta Interviewer' });

    await notifyDueOnboardingTasks(db(), new Date());
    expect((await notificationsOf(a.interviewer.id)).filter((n) => n.type === 'onboarding_task_due')).toEqual([]);
  });

  it('the due-task job tells nobody who is no longer a member, whatever the task says', async () => {
    const a = await organisation('Eta');
    const candidate = (await seedCandidate(t, a.org.id, a.pipeline.statuses[0]!.id, { name: 'Katherine Johnson' })).candidate;
    const { hire } = await expectStatus(a.as.recruiter, onboardingOperations.createHire, 201, {
      params: { organisationId: a.org.id },
      body: { candidate_id: candidate.id, role_id: a.pipeline.role.id, start_date: day(1), template_id: null },
    });
    const task = await expectStatus(a.as.recruiter, onboardingOperations.createTask, 201, {
      params: { organisationId: a.org.id, hireId: hire.id },
      body: { title: 'Desk', owner_id: a.manager.id, due_date: day(-1) },
    });
    await remove(a.as.admin, a.org.id, a.manager.id);
    // A task left with them (written before this version unassigned tasks on removal).
    await db().update(hireTasks).set({ ownerId: a.manager.id }).where(eq(hireTasks.id, task.task.id));
    await notifyDueOnboardingTasks(db(), new Date());
    expect(await notificationsOf(a.manager.id)).toEqual([]);
  });
});

describe('an interview panel with a member who was removed', () => {
  it('mails the rescheduled invitation to the members only', async () => {
    const a = await organisation('Iota');
    const app = await a.application('Barbara Liskov');
    const type = await a.as.owner.post(`organisation/${a.org.id}/interview-types`, { name: 'Technical', questions: [], criteria: [] });
    expect(type.status, type.text).toBe(201);
    const scheduled = await expectStatus(a.as.recruiter, interviewOperations.schedule, 201, {
      params: { organisationId: a.org.id, application: app.id },
      body: {
        type_id: type.json.interview_type.id as string,
        starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        location: 'Room 1',
        interviewer_ids: [a.interviewer.id, a.manager.id],
      },
    });
    await remove(a.as.admin, a.org.id, a.interviewer.id);
    const mailsTo = async (email: string) =>
      (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).filter((j) => (j.payload as { to?: string }).to === email);
    const before = (await mailsTo(a.interviewer.email!)).length;
    await expectOk(a.as.recruiter, interviewOperations.reschedule, {
      params: { organisationId: a.org.id, interview: scheduled.interview.id },
      body: { starts_at: new Date(Date.now() + 4 * 86_400_000).toISOString() },
    });
    expect(await mailsTo(a.interviewer.email!)).toHaveLength(before);
    expect((await mailsTo(a.manager.email!)).map((j) => (j.payload as { subject: string }).subject)).toContain(
      'Updated interview: Technical with Barbara Liskov',
    );
  });
});

describe('leaving an organisation', () => {
  it('hands the approvals waiting on the leaver to the longest-standing owner, who is asked', async () => {
    const a = await organisation('Kappa');
    const app = await a.application('Donald Knuth');
    const offer = (
      await expectStatus(a.as.recruiter, offerOperations.create, 201, {
        params: { organisationId: a.org.id, application: app.id },
        body: { salary: 1, currency: 'EUR', start_date: day(40), expires_on: day(14), approver_ids: [a.manager.id] },
      })
    ).offer;
    const of = { params: { organisationId: a.org.id, offer: offer.id } };
    await expectOk(a.as.recruiter, offerOperations.submit, of);
    await expectStatus(await signIn(t, a.manager), myMembershipOperations.leave, 204, { params: { organisation: a.org.id } });
    const after = await expectOk(a.as.owner, offerOperations.get, of);
    expect(after.offer).toMatchObject({ status: 'pending_approval', current_approver_id: a.owner.id });
    const asked = (await notificationsOf(a.owner.id)).filter((n) => n.type === 'offer_approval');
    expect(asked.map((n) => (n.data as { offer_id: string }).offer_id)).toEqual([offer.id]);
  });
});

describe('removing a member twice', () => {
  it('answers 200 with nothing handed over the second time', async () => {
    const a = await organisation('Theta');
    await remove(a.as.admin, a.org.id, a.recruiter.id);
    const again = await remove(a.as.admin, a.org.id, a.recruiter.id);
    expect(again.removal).toEqual({ offer_approvals: [], onboarding_tasks: [] });
  });
});
