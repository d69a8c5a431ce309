import {
  DEFAULT_ONBOARDING_STAGES,
  HIRE_SORTS,
  ONBOARDING_TEXTS,
  type CreateHireBody,
  type MoveHireBody,
} from '@hireloop/contract/onboarding';
import { onboardingTemplateOperations as templateOps } from '@hireloop/contract/operations/onboarding-templates';
import { onboardingOperations as ops } from '@hireloop/contract/operations/onboardings';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema/candidates.ts';
import { hireDocuments, hireTasks, hires, onboardingStages, onboardingTemplates, onboardings } from '../src/db/schema/onboarding.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { outbox, storedFiles } from '../src/db/schema/outbox.ts';
import { recruitmentMembers } from '../src/db/schema/recruitments.ts';
import { ORGANISATION_PREFIX } from '../src/http/organisation-scope.ts';
import { notifyDueOnboardingTasks } from '../src/jobs/onboarding-task-due.ts';
import { acceptOfferThroughApp } from './offer-fixtures.ts';
import { documents as docs, seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { download, pngOf, upload } from './uploads.ts';

let t: TestApp;
let org: { id: string };
let otherOrg: { id: string };
let owner: { id: string };
let manager: { id: string };
let buddy: { id: string };
let interviewerUser: { id: string };
let admin: Client;
let recruiter: Client;
let interviewer: Client;
let outsider: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;

const db = () => t.database.db;
const o = (rest = '') => `organisation/${org.id}${rest}`;
const inOrg = () => ({ organisationId: org.id });
const onboardingOf = (onboardingId: string) => ({ organisationId: org.id, onboardingId });
const hireOf = (hireId: string) => ({ organisationId: org.id, hireId });
const taskOf = (hireId: string, taskId: string) => ({ organisationId: org.id, hireId, taskId });
const documentOf = (hireId: string, documentId: string) => ({ organisationId: org.id, hireId, documentId });
const day = (offset: number, from = new Date()) => new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const addDays = (start: string, days: number) => day(days, new Date(`${start}T00:00:00Z`));

async function person(name?: string) {
  return (await seedCandidate(t, org.id, pipeline.statuses[0]!.id, name ? { name } : {})).candidate;
}

async function template(name = 'Engineering onboarding') {
  const res = await expectStatus(admin, templateOps.create, 201, {
    params: inOrg(),
    body: {
      name,
      first_day_info: 'Come to the front desk at 9:00.',
      tasks: [
        { title: 'Order a laptop', owner: 'manager', due_days: -7 },
        { title: 'Lunch together', owner: 'buddy', due_days: 0 },
        { title: 'Set up payroll', owner: 'user', owner_user_id: interviewerUser.id, due_days: -3 },
        { title: 'Read the handbook', owner: 'new_hire', due_days: 2 },
      ],
      documents: [{ name: 'Passport copy', description: 'Both pages' }, { name: 'Bank details' }],
    },
  });
  return res.template;
}

async function hireByHand(body: Partial<CreateHireBody> = {}) {
  const candidate = await person();
  const res = await expectStatus(recruiter, ops.createHire, 201, {
    params: inOrg(),
    body: {
      candidate_id: candidate.id,
      role_id: pipeline.role.id,
      start_date: day(30),
      manager_id: manager.id,
      buddy_id: buddy.id,
      ...body,
    },
  });
  return { hire: res.hire, candidate };
}

/** A task of the hire's checklist by its title (the template's). */
function taskTitled<T extends { id: string; title: string }>(hire: { tasks: readonly T[] }, title: string): T {
  const task = hire.tasks.find((x) => x.title === title);
  if (!task) throw new Error(`No task "${title}".`);
  return task;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Dana Whitfield' });
  org = await createOrganisation(t, owner, { name: 'Northwind Labs' });
  await db()
    .update(organisations)
    .set({ products: ['onboarding'] })
    .where(eq(organisations.id, org.id));
  const recruiterUser = await createUser(t, { name: 'Priya Raman' });
  manager = await createUser(t, { name: 'Tom Okafor' });
  buddy = await createUser(t, { name: 'Bea Lind' });
  interviewerUser = await createUser(t, { name: 'Ivy Chen' });
  await addMember(t, org.id, recruiterUser.id, 'recruiter');
  await addMember(t, org.id, manager.id, 'hiring_manager');
  await addMember(t, org.id, buddy.id, 'interviewer');
  await addMember(t, org.id, interviewerUser.id, 'interviewer');
  admin = await signIn(t, owner);
  recruiter = await signIn(t, recruiterUser);
  interviewer = await signIn(t, interviewerUser);
  const stranger = await createUser(t);
  otherOrg = await createOrganisation(t, stranger);
  // Subscribed too: their member reaching our objects through it must get 404 for the objects, not 403 for the product.
  await db()
    .update(organisations)
    .set({ products: ['onboarding'] })
    .where(eq(organisations.id, otherOrg.id));
  outsider = await signIn(t, stranger);
  pipeline = await seedPipeline(t, org.id);
});
afterAll(async () => {
  await t?.close();
});

describe('onboarding stages', () => {
  it('creates the defaults when first needed, then adds, renames, reorders and deletes; a stage holding hires stays (422)', async () => {
    const list = await admin.get(o('/onboarding-stages'));
    expect(list.status, list.text).toBe(200);
    expect(list.json.stages.data.map((s: { name: string }) => s.name)).toEqual(DEFAULT_ONBOARDING_STAGES.map((s) => s.name));
    expect(list.json.stages.data.at(-1).category).toBe('done');
    // Listing again creates nothing more.
    expect((await admin.get(o('/onboarding-stages'))).json.stages.meta.total).toBe(DEFAULT_ONBOARDING_STAGES.length);

    const created = await admin.post(o('/onboarding-stages'), { name: 'Orientation', colour: '#12B886' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.stage).toMatchObject({ name: 'Orientation', colour: '#12b886', category: 'in_progress', position: 6 });
    const id = created.json.stage.id as string;

    const dup = await admin.post(o('/onboarding-stages'), { name: 'paperwork' });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe(ONBOARDING_TEXTS.stageNameTaken);
    const bad = await admin.post(o('/onboarding-stages'), { name: '', colour: 'red' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['colour', 'name']);

    const renamed = await admin.patch(o(`/onboarding-stages/${id}`), { name: 'Welcome week' });
    expect(renamed.json.stage.name).toBe('Welcome week');
    const reordered = await admin.patch(o('/onboarding-stages/reorder'), { original: 6, new: 2 });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.json.stages.data[1]).toMatchObject({ id, position: 2 });
    expect((await admin.patch(o('/onboarding-stages/reorder'), { original: 60, new: 2 })).status).toBe(422);

    // Recruiters manage settings; interviewers only read.
    expect((await interviewer.get(o('/onboarding-stages'))).status).toBe(200);
    expect((await interviewer.post(o('/onboarding-stages'), { name: 'Nope' })).status).toBe(403);

    // A hire in the new (second) stage keeps it; empty, it goes.
    const { hire } = await hireByHand();
    const moved = await recruiter.post(o(`/hires/${hire.id}/move`), { stage_id: id });
    expect(moved.status, moved.text).toBe(200);
    const refused = await admin.delete(o(`/onboarding-stages/${id}`));
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(ONBOARDING_TEXTS.stageInUse);
    await recruiter.post(o(`/hires/${hire.id}/move`), { stage_id: list.json.stages.data[0].id });
    expect((await admin.delete(o(`/onboarding-stages/${id}`))).status).toBe(204);
    const after = (await admin.get(o('/onboarding-stages'))).json.stages.data;
    expect(after.map((s: { position: number }) => s.position)).toEqual([1, 2, 3, 4, 5]);
    // Another organisation's stage id: 404.
    expect((await outsider.patch(`organisation/${otherOrg.id}/onboarding-stages/${after[0].id}`, { name: 'X' })).status).toBe(404);
    await recruiter.delete(o(`/hires/${hire.id}`));
  });
});

describe('onboarding templates', () => {
  it('keeps tasks with owners and relative due days, and documents; refuses unknown colleagues', async () => {
    const tpl = await template('Template test');
    expect(tpl.tasks).toHaveLength(4);
    const got = await interviewer.get(o(`/onboarding-templates/${tpl.id}`));
    expect(got.status).toBe(200);
    expect(got.json.template).toMatchObject({
      name: 'Template test',
      first_day_info: 'Come to the front desk at 9:00.',
      documents: [
        { name: 'Passport copy', description: 'Both pages' },
        { name: 'Bank details', description: '' },
      ],
    });
    expect(got.json.template.tasks[2]).toMatchObject({ owner: 'user', owner_user_id: interviewerUser.id, due_days: -3 });

    const stranger = await admin.post(o('/onboarding-templates'), {
      name: 'Bad',
      tasks: [{ title: 'x', owner: 'user', owner_user_id: owner.id.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }],
    });
    expect(stranger.status).toBe(422);
    const noOwner = await admin.post(o('/onboarding-templates'), { name: 'Bad', tasks: [{ title: 'x', owner: 'user' }] });
    expect(noOwner.status).toBe(422);
    expect(noOwner.json.errors['tasks.0.owner_user_id']).toBeDefined();

    const patched = await admin.patch(o(`/onboarding-templates/${tpl.id}`), {
      name: 'Template renamed',
      tasks: [{ id: tpl.tasks[0]!.id, title: 'Order a laptop', owner: 'manager', due_days: -10 }],
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.template.tasks).toEqual([
      { id: tpl.tasks[0]!.id, title: 'Order a laptop', owner: 'manager', owner_user_id: null, due_days: -10 },
    ]);
    expect((await admin.get(o('/onboarding-templates'))).json.templates.data.some((x: { id: string }) => x.id === tpl.id)).toBe(true);
    expect((await interviewer.patch(o(`/onboarding-templates/${tpl.id}`), { name: 'Nope' })).status).toBe(403);
    expect((await outsider.get(`organisation/${otherOrg.id}/onboarding-templates/${tpl.id}`)).status).toBe(404);
    expect((await admin.delete(o(`/onboarding-templates/${tpl.id}`))).status).toBe(204);
    expect((await admin.get(o(`/onboarding-templates/${tpl.id}`))).status).toBe(404);
  });
});

describe('hires', () => {
  let tpl: Awaited<ReturnType<typeof template>>;
  beforeAll(async () => {
    tpl = await template();
  });

  it('adds a hire by hand with the template copied, due dates from the start date, owners resolved, and notifies them; 409 twice', async () => {
    const start = day(30);
    const { hire, candidate } = await hireByHand({ start_date: start, template_id: tpl.id });
    expect(hire).toMatchObject({
      candidate: { id: candidate.id, name: candidate.name, email: candidate.email },
      role: { id: pipeline.role.id, name: 'Engineer' },
      stage: { name: 'Offer accepted' },
      start_date: start,
      manager: { id: manager.id, name: 'Tom Okafor' },
      buddy: { id: buddy.id, name: 'Bea Lind' },
      tasks_done: 0,
      tasks_total: 4,
      overdue: 0,
      documents_total: 2,
      documents_uploaded: 0,
      new_hire_link_sent_at: null,
      first_day_info: 'Come to the front desk at 9:00.',
      template: { id: tpl.id },
    });
    const byTitle = Object.fromEntries(hire.tasks.map((x) => [x.title, x]));
    expect(byTitle['Order a laptop']).toMatchObject({ owner_kind: 'manager', owner: { id: manager.id }, due_date: addDays(start, -7) });
    expect(byTitle['Lunch together']).toMatchObject({ owner_kind: 'buddy', owner: { id: buddy.id }, due_date: start });
    expect(byTitle['Set up payroll']).toMatchObject({
      owner_kind: 'user',
      owner: { id: interviewerUser.id },
      due_date: addDays(start, -3),
    });
    expect(byTitle['Read the handbook']).toMatchObject({ owner_kind: 'new_hire', owner: null, due_date: addDays(start, 2) });

    const told = await db().select().from(notifications).where(eq(notifications.type, 'onboarding_hire'));
    const forHire = told.filter((n) => (n.data as { hire_id?: string }).hire_id === hire.id).map((n) => n.userId);
    expect(forHire.sort()).toEqual([manager.id, buddy.id, interviewerUser.id].sort());
    const [entry] = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.candidateId, candidate.id), eq(activities.type, 'onboarding.started')));
    expect(entry!.data).toMatchObject({ hire_id: hire.id, role: 'Engineer' });

    const again = await expectStatus(recruiter, ops.createHire, 409, {
      params: inOrg(),
      body: { candidate_id: candidate.id, role_id: pipeline.role.id },
    });
    expect(again.message).toBe(ONBOARDING_TEXTS.alreadyHired);

    // Bad input: clear messages per field.
    const bad = await expectStatus(recruiter, ops.createHire, 422, {
      params: inOrg(),
      body: { candidate_id: 'x', role_id: pipeline.role.id, start_date: '2026-13-40' },
    });
    expect(bad.errors?.candidate_id).toEqual([ONBOARDING_TEXTS.candidateUnknown]);
    expect(bad.errors?.start_date).toEqual(['Enter a date as YYYY-MM-DD.']);
    const strangerManager = await expectStatus(recruiter, ops.createHire, 422, {
      params: inOrg(),
      body: { candidate_id: (await person()).id, role_id: pipeline.role.id, manager_id: (await createUser(t)).id },
    });
    expect(strangerManager.errors?.manager_id).toEqual([ONBOARDING_TEXTS.userUnknown]);
    // Interviewers read, but do not add hires.
    const refused = await callOperation(interviewer, ops.createHire, {
      params: inOrg(),
      body: { candidate_id: (await person()).id, role_id: pipeline.role.id },
    });
    expect(refused.status).toBe(403);
  });

  it('shows the dashboard, the onboarding, the table and the board', async () => {
    const { hire } = await hireByHand({ start_date: day(10) });
    const dash = await expectOk(interviewer, ops.dashboard, { params: inOrg() });
    expect(dash.onboarding.product_state).toBe('trial');
    expect(dash.onboarding.stages).toHaveLength(5);
    const line = dash.onboarding.onboardings.find((x) => x.id === hire.onboarding_id);
    expect(line).toMatchObject({ role: { id: pipeline.role.id, name: 'Engineer', team: null } });
    if (!line) throw new Error('The hire’s onboarding is not on the dashboard.');
    expect(line.hires).toBeGreaterThanOrEqual(2);
    expect(line.stage_counts).toHaveLength(5);
    expect(line.stage_counts[0]!.count).toBe(line.hires);
    expect(line.next_start_date).toBe(day(10));

    const detail = await expectOk(interviewer, ops.get, { params: onboardingOf(hire.onboarding_id) });
    expect(detail.onboarding).toMatchObject({ id: hire.onboarding_id, hires: line.hires, role: { name: 'Engineer' } });

    const table = await expectOk(interviewer, ops.hires, {
      params: onboardingOf(hire.onboarding_id),
      query: { sort: 'start_date', per_page: 1 },
    });
    expect(table.hires.meta.total).toBe(line.hires);
    expect(table.hires.data[0]!.id).toBe(hire.id);
    const searched = await expectOk(interviewer, ops.hires, {
      params: onboardingOf(hire.onboarding_id),
      query: { q: hire.candidate.name },
    });
    expect(searched.hires.data.map((h) => h.id)).toEqual([hire.id]);
    const stage2 = dash.onboarding.stages[1]!.id;
    const filtered = await expectOk(interviewer, ops.hires, {
      params: onboardingOf(hire.onboarding_id),
      query: { filter: { stage: stage2 } },
    });
    expect(filtered.hires.meta.total).toBe(0);
    const bogus = await interviewer.get(o(`/onboardings/${hire.onboarding_id}/hires?sort=bogus`));
    expect(bogus.status).toBe(422);
    expect(bogus.json.errors).toEqual({ sort: [`Sort by one of: ${HIRE_SORTS.join(', ')}.`] });

    const board = await expectOk(interviewer, ops.board, { params: onboardingOf(hire.onboarding_id) });
    expect(board.board.columns).toHaveLength(5);
    expect(board.board.columns[0]!.cards.some((c) => c.id === hire.id)).toBe(true);

    // Set the template of the onboarding; unknown template → 422.
    const setTemplate = (templateId: string | null) =>
      callOperation(recruiter, ops.update, { params: onboardingOf(hire.onboarding_id), body: { template_id: templateId } });
    expect(
      (await expectOk(recruiter, ops.update, { params: onboardingOf(hire.onboarding_id), body: { template_id: null } })).onboarding
        .template,
    ).toBeNull();
    expect(
      (await expectOk(recruiter, ops.update, { params: onboardingOf(hire.onboarding_id), body: { template_id: tpl.id } })).onboarding
        .template?.id,
    ).toBe(tpl.id);
    expect((await setTemplate(owner.id)).status).toBe(422);
    // Another organisation sees nothing.
    const theirOrg = { organisationId: otherOrg.id };
    expect((await callOperation(outsider, ops.get, { params: { ...theirOrg, onboardingId: hire.onboarding_id } })).status).toBe(404);
    expect((await callOperation(outsider, ops.hire, { params: { ...theirOrg, hireId: hire.id } })).status).toBe(404);
    expect((await expectOk(outsider, ops.dashboard, { params: theirOrg })).onboarding.onboardings).toEqual([]);
    // The product state is each organisation's own: one that never subscribed is offered it.
    const newcomer = await createUser(t);
    const fresh = await createOrganisation(t, newcomer);
    const theirs = (await expectOk(await signIn(t, newcomer), ops.dashboard, { params: { organisationId: fresh.id } })).onboarding;
    expect(theirs).toMatchObject({ product_state: 'not_subscribed', onboardings: [] });
  });

  it('a changed start date moves the relative due dates; a changed manager takes over their tasks', async () => {
    const { hire } = await hireByHand({ start_date: day(20), template_id: tpl.id });
    const start = day(40);
    const res = await expectOk(recruiter, ops.updateHire, {
      params: hireOf(hire.id),
      body: { start_date: start, manager_id: buddy.id, first_day_info: 'Bring your ID.' },
    });
    const laptop = res.hire.tasks.find((x) => x.title === 'Order a laptop');
    expect(laptop).toMatchObject({ due_date: addDays(start, -7), owner: { id: buddy.id } });
    expect(res.hire.first_day_info).toBe('Bring your ID.');
    expect(res.hire.version).toBeGreaterThan(hire.version);
  });

  it('moves on the board with fractional positions; a stale version still moves and reports the conflict', async () => {
    const a = (await hireByHand()).hire;
    const b = (await hireByHand()).hire;
    const c = (await hireByHand()).hire;
    const stages = (await admin.get(o('/onboarding-stages'))).json.stages.data;
    const paperwork = stages[1].id as string;
    const move = (hireId: string, body: MoveHireBody) => expectOk(recruiter, ops.moveHire, { params: hireOf(hireId), body });
    const secondColumn = async () =>
      (await expectOk(recruiter, ops.board, { params: onboardingOf(a.onboarding_id) })).board.columns[1]!.cards.map((x) => x.id);
    for (const h of [a, b]) await move(h.id, { stage_id: paperwork });
    // c goes between a and b.
    const moved = await move(c.id, { stage_id: paperwork, before_id: b.id, version: c.version });
    expect(moved.conflict).toBe(false);
    expect(moved.hire.stage.id).toBe(paperwork);
    expect(await secondColumn()).toEqual([a.id, c.id, b.id]);
    // a goes after b, with the version it saw before its first move: moved anyway, conflict reported.
    const stale = await move(a.id, { stage_id: paperwork, after_id: b.id, version: a.version });
    expect(stale.conflict).toBe(true);
    expect(await secondColumn()).toEqual([c.id, b.id, a.id]);
    // Many moves into the same gap still keep the order (renumbering when the gap is too small).
    for (let i = 0; i < 60; i++) {
      const x = i % 2 === 0 ? a : c;
      await move(x.id, { stage_id: paperwork, before_id: b.id });
    }
    expect(await secondColumn()).toEqual([a.id, c.id, b.id]);

    const unknown = await expectStatus(recruiter, ops.moveHire, 422, { params: hireOf(a.id), body: { stage_id: owner.id } });
    expect(unknown.errors?.stage_id).toEqual([ONBOARDING_TEXTS.stageUnknown]);
    expect((await callOperation(interviewer, ops.moveHire, { params: hireOf(a.id), body: { stage_id: paperwork } })).status).toBe(403);
  });

  it('the same move twice (a double click, a retry): the same answer, the hire changed once', async () => {
    const a = (await hireByHand()).hire;
    const b = (await hireByHand()).hire;
    const stages = (await admin.get(o('/onboarding-stages'))).json.stages.data;
    const [paperwork, firstDay] = [stages[1].id as string, stages[2].id as string];
    await expectOk(recruiter, ops.moveHire, { params: hireOf(b.id), body: { stage_id: paperwork } });
    const moveA = (body: MoveHireBody) => expectOk(recruiter, ops.moveHire, { params: hireOf(a.id), body });
    const body = { stage_id: paperwork, before_id: b.id, version: a.version };
    const first = await moveA(body);
    expect(first).toMatchObject({ conflict: false, hire: { stage: { id: paperwork }, version: a.version + 1 } });
    const repeats = await Promise.all([moveA(body), moveA(body)]);
    for (const again of [...repeats, await moveA(body)]) expect(again).toEqual(first);
    const column = (await expectOk(recruiter, ops.board, { params: onboardingOf(a.onboarding_id) })).board.columns[1]!.cards;
    expect(column.map((x) => x.id).filter((id) => id === a.id || id === b.id)).toEqual([a.id, b.id]);
    // Another stage is a different request: moved, with the stale version reported as before.
    const other = await moveA({ stage_id: firstDay, version: a.version });
    expect(other).toMatchObject({ conflict: true, hire: { stage: { id: firstDay }, version: a.version + 2 } });
  });
});

describe('tasks', () => {
  it('the owner may tick their own task; others need onboarding.manage (403); managers change anything', async () => {
    const tpl = await template('Tasks template');
    const { hire } = await hireByHand({ template_id: tpl.id });
    const payroll = taskTitled(hire, 'Set up payroll');
    const lunch = taskTitled(hire, 'Lunch together');
    const task = (id: string) => taskOf(hire.id, id);

    const ticked = await expectOk(interviewer, ops.updateTask, { params: task(payroll.id), body: { done: true } });
    expect(ticked.task).toMatchObject({ done: true, done_by: { id: interviewerUser.id, name: 'Ivy Chen' } });
    const retitle = await expectStatus(interviewer, ops.updateTask, 403, { params: task(payroll.id), body: { title: 'Mine now' } });
    expect(retitle.message).toBe(ONBOARDING_TEXTS.onlyDone);
    const notMine = await expectStatus(interviewer, ops.updateTask, 403, { params: task(lunch.id), body: { done: true } });
    expect(notMine.message).toBe(ONBOARDING_TEXTS.notTaskOwner);
    expect((await expectOk(interviewer, ops.updateTask, { params: task(payroll.id), body: { done: false } })).task.done).toBe(false);

    const edited = await expectOk(recruiter, ops.updateTask, {
      params: task(lunch.id),
      body: { title: 'Team lunch', due_date: day(5), done: true },
    });
    expect(edited.task).toMatchObject({ title: 'Team lunch', due_date: day(5), due_days: null, done: true });
    expect((await callOperation(recruiter, ops.updateTask, { params: task(lunch.id), body: {} })).status).toBe(422);

    const added = await expectStatus(recruiter, ops.createTask, 201, {
      params: hireOf(hire.id),
      body: { title: 'Badge photo', owner_id: interviewerUser.id, due_date: day(3) },
    });
    expect(added.task).toMatchObject({ title: 'Badge photo', owner_kind: 'user', owner: { id: interviewerUser.id }, position: 5 });
    expect((await callOperation(recruiter, ops.createTask, { params: hireOf(hire.id), body: { title: '' } })).status).toBe(422);
    expect((await callOperation(recruiter, ops.removeTask, { params: task(added.task.id) })).status).toBe(204);
    expect((await callOperation(recruiter, ops.removeTask, { params: task(added.task.id) })).status).toBe(404);
    const after = (await expectOk(recruiter, ops.hire, { params: hireOf(hire.id) })).hire;
    expect(after).toMatchObject({ tasks_total: 4, tasks_done: 1 });
    // Another organisation's member: 404.
    const theirs = { organisationId: otherOrg.id, hireId: hire.id, taskId: lunch.id };
    expect((await callOperation(outsider, ops.updateTask, { params: theirs, body: { done: true } })).status).toBe(404);
  });

  it('ticking or reopening the same task twice (a double click, a retry): the same answer, done once', async () => {
    const tpl = await template('Twice template');
    const { hire } = await hireByHand({ template_id: tpl.id });
    const payroll = taskTitled(hire, 'Set up payroll');
    const tick = (as: Client, done: boolean) => callOperation(as, ops.updateTask, { params: taskOf(hire.id, payroll.id), body: { done } });
    const storedDoneAt = async () => (await db().select().from(hireTasks).where(eq(hireTasks.id, payroll.id)))[0]!.doneAt;
    for (const done of [true, false]) {
      // Its owner and a manager, at once; then the owner again.
      const [first, second] = await Promise.all([tick(interviewer, done), tick(recruiter, done)]);
      expect([first.status, second.status], second.text).toEqual([200, 200]);
      expect(second.json).toEqual(first.json);
      const stored = await storedDoneAt();
      const again = await expectOk(interviewer, ops.updateTask, { params: taskOf(hire.id, payroll.id), body: { done } });
      expect(again).toEqual(first.json);
      expect(again.task.done).toBe(done);
      expect(await storedDoneAt()).toEqual(stored);
      expect((await expectOk(recruiter, ops.hire, { params: hireOf(hire.id) })).hire.tasks_done).toBe(done ? 1 : 0);
    }
  });

  it('the due job tells each owner of a due task once', async () => {
    const candidate = await person('Due Person');
    const { hire } = await expectStatus(recruiter, ops.createHire, 201, {
      params: inOrg(),
      body: { candidate_id: candidate.id, role_id: pipeline.role.id, start_date: day(1), manager_id: manager.id, template_id: null },
    });
    const addTask = (title: string, dueDate: string) =>
      expectStatus(recruiter, ops.createTask, 201, {
        params: hireOf(hire.id),
        body: { title, owner_id: interviewerUser.id, due_date: dueDate },
      });
    await addTask('Overdue thing', day(-2));
    await addTask('Future thing', day(20));
    const done = await addTask('Done thing', day(-1));
    await expectOk(recruiter, ops.updateTask, { params: taskOf(hire.id, done.task.id), body: { done: true } });
    expect((await expectOk(recruiter, ops.hire, { params: hireOf(hire.id) })).hire.overdue).toBe(1);

    await notifyDueOnboardingTasks(db());
    await notifyDueOnboardingTasks(db());
    const due = (await db().select().from(notifications).where(eq(notifications.type, 'onboarding_task_due'))).filter(
      (n) => (n.data as { hire_id?: string }).hire_id === hire.id,
    );
    expect(due).toHaveLength(1);
    expect(due[0]!.userId).toBe(interviewerUser.id);
    expect((due[0]!.data as { title: string }).title).toBe('Onboarding task due: Overdue thing');
  });
});

describe('documents', () => {
  it('uploads (PDF, PNG), downloads with authorisation, refuses bad type and size storing nothing, deletes', async () => {
    const { hire } = await hireByHand();
    const created = await expectStatus(recruiter, ops.createDocument, 201, {
      params: hireOf(hire.id),
      body: { name: 'Signed contract', description: 'All pages' },
    });
    const documentId = created.document.id;
    const filePath = o(`/hires/${hire.id}/documents/${documentId}/file`);
    const filesBefore = (await db().select().from(storedFiles)).length;

    const wrong = await upload(recruiter, filePath, 'file', {
      bytes: Buffer.from('hello, not a document'),
      filename: 'x.pdf',
      type: 'application/pdf',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.file).toEqual([ONBOARDING_TEXTS.fileType]);
    const big = Buffer.concat([docs.pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(recruiter, filePath, 'file', { bytes: big, filename: 'big.pdf', type: 'application/pdf' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe(ONBOARDING_TEXTS.fileTooLarge);
    expect((await db().select().from(storedFiles)).length).toBe(filesBefore);
    const [untouched] = await db().select().from(hireDocuments).where(eq(hireDocuments.id, documentId));
    expect(untouched!.storedFileId).toBeNull();
    expect((await recruiter.get(filePath)).status).toBe(404);

    const pdf = docs.pdf();
    const ok = await upload(recruiter, filePath, 'file', { bytes: pdf, filename: 'contract.pdf', type: 'application/pdf' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.document).toMatchObject({
      file: { filename: 'contract.pdf', content_type: 'application/pdf', size: pdf.length },
      uploaded_by: { name: 'Priya Raman' },
    });
    const got = await download(interviewer, `/api/v1/${filePath}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(got.bytes.equals(pdf)).toBe(true);
    expect((await download(outsider, `/api/v1/organisation/${otherOrg.id}/hires/${hire.id}/documents/${documentId}/file`)).status).toBe(
      404,
    );

    // A PNG replaces it; the old file's row goes.
    const png = await pngOf(4, 4);
    const replaced = await upload(recruiter, filePath, 'file', { bytes: png, filename: 'scan.PNG', type: 'image/png' });
    expect(replaced.json.document.file).toMatchObject({ filename: 'scan.png', content_type: 'image/png' });
    expect((await db().select().from(storedFiles)).length).toBe(filesBefore + 1);
    expect((await callOperation(interviewer, ops.createDocument, { params: hireOf(hire.id), body: { name: 'Nope' } })).status).toBe(403);
    expect((await callOperation(recruiter, ops.createDocument, { params: hireOf(hire.id), body: { name: ' ' } })).status).toBe(422);

    expect((await callOperation(recruiter, ops.removeDocument, { params: documentOf(hire.id, documentId) })).status).toBe(204);
    expect((await db().select().from(storedFiles)).length).toBe(filesBefore);
    expect((await recruiter.get(filePath)).status).toBe(404);
  });

  it('deleting a hire removes its checklist and files', async () => {
    const tpl = await template('Delete template');
    const { hire } = await hireByHand({ template_id: tpl.id });
    const documentId = hire.documents[0]!.id;
    await upload(recruiter, o(`/hires/${hire.id}/documents/${documentId}/file`), 'file', {
      bytes: docs.pdf(),
      filename: 'a.pdf',
      type: 'application/pdf',
    });
    const files = (await db().select().from(storedFiles)).length;
    await expectStatus(recruiter, ops.removeHire, 204, { params: hireOf(hire.id) });
    expect((await db().select().from(storedFiles)).length).toBe(files - 1);
    expect(await db().select().from(hireTasks).where(eq(hireTasks.hireId, hire.id))).toEqual([]);
    expect((await callOperation(recruiter, ops.hire, { params: hireOf(hire.id) })).status).toBe(404);
  });
});

describe('offer accepted → onboarding', () => {
  async function acceptedOffer(name: string, organisationId = org.id) {
    const recruitment = await pipeline.recruitment(`Hiring ${name}`);
    await db().insert(recruitmentMembers).values({ recruitmentId: recruitment.id, userId: manager.id, role: 'hiring_manager' });
    const { candidate, applications: apps } = await seedCandidate(t, organisationId, pipeline.statuses[0]!.id, { name }, [recruitment.id]);
    const start = day(21);
    const { offerId } = await acceptOfferThroughApp(t, recruiter, {
      organisationId: organisationId,
      applicationId: apps[0]!.id,
      candidateEmail: candidate.email,
      salary: 72000,
      startDate: start,
      expiresOn: day(10),
    });
    return { candidate, start, offerId, applicationId: apps[0]!.id };
  }

  it('puts the hire into the role’s onboarding with its checklist, mails the new-hire link and notifies the manager', async () => {
    const tpl = await template('Offer template');
    const { hire: earlier } = await hireByHand();
    await expectOk(recruiter, ops.update, { params: onboardingOf(earlier.onboarding_id), body: { template_id: tpl.id } });
    const { candidate, start, offerId, applicationId } = await acceptedOffer('Grace Hopper');
    const dash = (await expectOk(admin, ops.dashboard, { params: inOrg() })).onboarding;
    const line = dash.onboardings.find((x) => x.role.id === pipeline.role.id);
    if (!line) throw new Error('The role’s onboarding is not on the dashboard.');
    const hires = (await expectOk(admin, ops.hires, { params: onboardingOf(line.id), query: { q: 'Grace' } })).hires.data;
    expect(hires).toHaveLength(1);
    const hire = (await expectOk(admin, ops.hire, { params: hireOf(hires[0]!.id) })).hire;
    expect(hire).toMatchObject({
      candidate: { id: candidate.id, name: 'Grace Hopper' },
      stage: { name: 'Offer accepted' },
      start_date: start,
      manager: { id: manager.id },
      buddy: null,
      offer_id: offerId,
      application_id: applicationId,
    });
    expect(hire.tasks.length).toBeGreaterThan(0);
    expect(taskTitled(hire, 'Order a laptop').due_date).toBe(addDays(start, -7));
    expect(hire.new_hire_link_sent_at).not.toBeNull();

    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).map((m) => m.payload as { to: string; text: string });
    const welcome = mails.find((m) => m.to === candidate.email && m.text.includes('/new-hire/'));
    expect(welcome?.text).toMatch(new RegExp(`${t.baseUrl}/new-hire/[A-Za-z0-9_-]{43}`));
    const told = (await db().select().from(notifications).where(eq(notifications.type, 'onboarding_hire'))).filter(
      (n) => (n.data as { hire_id?: string }).hire_id === hire.id,
    );
    expect(told.map((n) => n.userId)).toContain(manager.id);
    const timeline = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.candidateId, candidate.id), inArray(activities.type, ['offer.accepted', 'onboarding.started'])));
    expect(timeline.map((a) => a.type).sort()).toEqual(['offer.accepted', 'onboarding.started']);
  });

  it('without the Onboarding product nothing enters onboarding', async () => {
    await db().update(organisations).set({ products: [] }).where(eq(organisations.id, org.id));
    try {
      const { candidate } = await acceptedOffer('Katherine Johnson');
      const started = await db()
        .select()
        .from(activities)
        .where(and(eq(activities.candidateId, candidate.id), eq(activities.type, 'onboarding.started')));
      expect(started).toEqual([]);
      expect(await db().select().from(hires).where(eq(hires.candidateId, candidate.id))).toEqual([]);
      expect((await expectOk(admin, ops.dashboard, { params: inOrg() })).onboarding.product_state).toBe('not_subscribed');
    } finally {
      await db()
        .update(organisations)
        .set({ products: ['onboarding'] })
        .where(eq(organisations.id, org.id));
    }
  });
});

describe('without the Onboarding product', () => {
  /** The organisation-scoped routes of Onboarding, as `METHOD /path` after the organisation prefix. */
  const ONBOARDING_ROUTE = /^[A-Z]+ \/(onboarding|onboardings|onboarding-stages|onboarding-templates|hires)(\/|$)/;
  const PREFIX = `/api/v1${ORGANISATION_PREFIX}`;
  const onboardingRoutes = () =>
    [...new Set(t.app.apiRoutes.filter((r) => r.url.startsWith(PREFIX)).map((r) => `${r.method} ${r.url.slice(PREFIX.length)}`))].filter(
      (key) => ONBOARDING_ROUTE.test(key),
    );

  /** Everything Onboarding keeps for the organisation, row by row, and what it sends or records. */
  async function stored() {
    const mine = org.id;
    return {
      stages: await db().select().from(onboardingStages).where(eq(onboardingStages.organisationId, mine)),
      templates: await db().select().from(onboardingTemplates).where(eq(onboardingTemplates.organisationId, mine)),
      onboardings: await db().select().from(onboardings).where(eq(onboardings.organisationId, mine)),
      hires: await db().select().from(hires).where(eq(hires.organisationId, mine)),
      tasks: await db().select().from(hireTasks).where(eq(hireTasks.organisationId, mine)),
      documents: await db().select().from(hireDocuments).where(eq(hireDocuments.organisationId, mine)),
      files: (await db().select().from(storedFiles).where(eq(storedFiles.organisationId, mine))).length,
      activities: (await db().select().from(activities).where(eq(activities.organisationId, mine))).length,
      notifications: (await db().select().from(notifications).where(eq(notifications.organisationId, mine))).length,
      outbox: (await db().select().from(outbox)).length,
    };
  }

  it('refuses every onboarding route but the dashboard (403, saying where to subscribe), to members and API keys, writing nothing', async () => {
    // Made while subscribed: a template, a hire with its checklist and documents, and an API key.
    const tpl = await template('Kept from the subscription');
    const { hire } = await hireByHand({ template_id: tpl.id });
    const spare = await person();
    const key = await admin.post(o('/api-keys'), { name: 'HRIS', scopes: ['onboarding:write'] });
    expect(key.status, key.text).toBe(201);
    const params: Record<string, string> = {
      ':stageId': hire.stage.id,
      ':templateId': tpl.id,
      ':onboardingId': hire.onboarding_id,
      ':hireId': hire.id,
      ':taskId': hire.tasks[0]!.id,
      ':documentId': hire.documents[0]!.id,
    };
    // Bodies each route would take from a subscribed organisation; the others get none.
    const bodies: Record<string, unknown> = {
      'POST /onboarding-stages': { name: 'Welcome lunch' },
      'PATCH /onboarding-stages/reorder': { original: 1, new: 2 },
      'PATCH /onboarding-stages/:stageId': { name: 'Renamed' },
      'POST /onboarding-templates': { name: 'New template' },
      'PATCH /onboarding-templates/:templateId': { first_day_info: 'Changed' },
      'POST /onboarding/accepted-offers/import': { offer_ids: [hire.id] },
      'PATCH /onboardings/:onboardingId': { template_id: null },
      'POST /hires': { candidate_id: spare.id, role_id: pipeline.role.id },
      'PATCH /hires/:hireId': { first_day_info: 'Changed' },
      'POST /hires/:hireId/move': { stage_id: hire.stage.id },
      'POST /hires/:hireId/tasks': { title: 'New task' },
      'PATCH /hires/:hireId/tasks/:taskId': { done: true },
      'POST /hires/:hireId/documents': { name: 'New document' },
    };

    await db().update(organisations).set({ products: [] }).where(eq(organisations.id, org.id));
    try {
      const before = await stored();
      const routes = onboardingRoutes().filter((key) => key !== 'GET /onboarding');
      // Stages, templates, accepted offers, a role's onboarding, hires, tasks, documents: the check must not shrink silently.
      expect(routes.length).toBeGreaterThanOrEqual(29);
      for (const key of routes) {
        const [method, path] = key.split(' ') as [string, string];
        const url = o(path.replace(/:\w+/g, (p) => params[p] ?? p));
        const res = await admin.request(method, url, bodies[key] === undefined ? {} : { body: bodies[key] });
        expect(res.status, `${key}: ${res.text}`).toBe(403);
        expect(res.json, key).toEqual({ message: ONBOARDING_TEXTS.notSubscribed, code: 'forbidden' });
      }
      // An API key of the organisation is refused the same way (a read and a write).
      const headers = { authorization: `Bearer ${key.json.token}` };
      const bare = new Client(t.baseUrl);
      const keyRead = await callOperation(bare, ops.hire, { params: hireOf(hire.id), headers });
      expect(keyRead.status, keyRead.text).toBe(403);
      expect(keyRead.json).toMatchObject({ message: ONBOARDING_TEXTS.notSubscribed });
      const keyWrite = await callOperation(bare, ops.createHire, {
        params: inOrg(),
        body: { candidate_id: spare.id, role_id: pipeline.role.id },
        headers,
      });
      expect(keyWrite.status, keyWrite.text).toBe(403);
      // The dashboard answers, with the state the web offers the product from, and nothing of the hires kept.
      const dashboard = await callOperation(interviewer, ops.dashboard, { params: inOrg() });
      expect(dashboard.status, dashboard.text).toBe(200);
      expect(dashboard.json).toMatchObject({ onboarding: { product_state: 'not_subscribed', stages: [], onboardings: [] } });
      expect(dashboard.text).not.toContain(hire.id);
      // Another organisation, subscribed, is not affected.
      expect((await outsider.get(`organisation/${otherOrg.id}/onboarding-stages`)).status).toBe(200);
      expect(await stored()).toEqual(before);
    } finally {
      await db()
        .update(organisations)
        .set({ products: ['onboarding'] })
        .where(eq(organisations.id, org.id));
    }
    // Subscribed again: everything kept is there.
    const back = await expectOk(admin, ops.hire, { params: hireOf(hire.id) });
    expect(back.hire.tasks).toHaveLength(hire.tasks.length);
  });

  it('checks membership and permission first: a stranger still gets 404, a role without the permission the usual 403', async () => {
    await db().update(organisations).set({ products: [] }).where(eq(organisations.id, org.id));
    try {
      const stranger = await outsider.get(o('/onboarding-stages'));
      expect(stranger.status).toBe(404);
      const interviewerRefused = await interviewer.post(o('/onboarding-stages'), { name: 'Nope' });
      expect(interviewerRefused.status).toBe(403);
      expect(interviewerRefused.json.message).not.toBe(ONBOARDING_TEXTS.notSubscribed);
    } finally {
      await db()
        .update(organisations)
        .set({ products: ['onboarding'] })
        .where(eq(organisations.id, org.id));
    }
  });
});

describe('isolation', () => {
  it('never adds another organisation’s candidate, role or member', async () => {
    const theirs = await seedCandidate(t, otherOrg.id, pipeline.statuses[0]!.id);
    const res = await expectStatus(recruiter, ops.createHire, 422, {
      params: inOrg(),
      body: { candidate_id: theirs.candidate.id, role_id: pipeline.role.id },
    });
    expect(res.errors?.candidate_id).toEqual([ONBOARDING_TEXTS.candidateUnknown]);
    const theirPipeline = await seedPipeline(t, otherOrg.id);
    const role = await expectStatus(recruiter, ops.createHire, 422, {
      params: inOrg(),
      body: { candidate_id: (await person()).id, role_id: theirPipeline.role.id },
    });
    expect(role.errors?.role_id).toEqual([ONBOARDING_TEXTS.roleUnknown]);
    // Their member calling our hire through their own organisation: 404.
    const { hire } = await hireByHand();
    const theirHire = { organisationId: otherOrg.id, hireId: hire.id };
    expect((await callOperation(outsider, ops.moveHire, { params: theirHire, body: { stage_id: hire.stage.id } })).status).toBe(404);
    expect((await callOperation(outsider, ops.newHireLink, { params: theirHire })).status).toBe(404);
  });
});
