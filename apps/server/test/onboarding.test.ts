import { DEFAULT_ONBOARDING_STAGES, ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
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
const day = (offset: number, from = new Date()) => new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const addDays = (start: string, days: number) => day(days, new Date(`${start}T00:00:00Z`));

async function person(name?: string) {
  return (await seedCandidate(t, org.id, pipeline.statuses[0]!.id, name ? { name } : {})).candidate;
}

async function template(name = 'Engineering onboarding') {
  const res = await admin.post(o('/onboarding-templates'), {
    name,
    first_day_info: 'Come to the front desk at 9:00.',
    tasks: [
      { title: 'Order a laptop', owner: 'manager', due_days: -7 },
      { title: 'Lunch together', owner: 'buddy', due_days: 0 },
      { title: 'Set up payroll', owner: 'user', owner_user_id: interviewerUser.id, due_days: -3 },
      { title: 'Read the handbook', owner: 'new_hire', due_days: 2 },
    ],
    documents: [{ name: 'Passport copy', description: 'Both pages' }, { name: 'Bank details' }],
  });
  expect(res.status, res.text).toBe(201);
  return res.json.template as { id: string; tasks: Array<{ id: string; title: string }> };
}

async function hireByHand(body: Record<string, unknown> = {}) {
  const candidate = await person();
  const res = await recruiter.post(o('/hires'), {
    candidate_id: candidate.id,
    role_id: pipeline.role.id,
    start_date: day(30),
    manager_id: manager.id,
    buddy_id: buddy.id,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return { hire: res.json.hire, candidate };
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
    const byTitle = Object.fromEntries(hire.tasks.map((x: { title: string }) => [x.title, x]));
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

    const again = await recruiter.post(o('/hires'), { candidate_id: candidate.id, role_id: pipeline.role.id });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(ONBOARDING_TEXTS.alreadyHired);

    // Bad input: clear messages per field.
    const bad = await recruiter.post(o('/hires'), { candidate_id: 'x', role_id: pipeline.role.id, start_date: '2026-13-40' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.candidate_id).toEqual([ONBOARDING_TEXTS.candidateUnknown]);
    expect(bad.json.errors.start_date).toEqual(['Enter a date as YYYY-MM-DD.']);
    const strangerManager = await recruiter.post(o('/hires'), {
      candidate_id: (await person()).id,
      role_id: pipeline.role.id,
      manager_id: (await createUser(t)).id,
    });
    expect(strangerManager.status).toBe(422);
    expect(strangerManager.json.errors.manager_id).toEqual([ONBOARDING_TEXTS.userUnknown]);
    // Interviewers read, but do not add hires.
    expect((await interviewer.post(o('/hires'), { candidate_id: (await person()).id, role_id: pipeline.role.id })).status).toBe(403);
  });

  it('shows the dashboard, the onboarding, the table and the board', async () => {
    const { hire } = await hireByHand({ start_date: day(10) });
    const dash = await interviewer.get(o('/onboarding'));
    expect(dash.status, dash.text).toBe(200);
    expect(dash.json.onboarding.product_state).toBe('trial');
    expect(dash.json.onboarding.stages).toHaveLength(5);
    const line = dash.json.onboarding.onboardings.find((x: { id: string }) => x.id === hire.onboarding_id);
    expect(line).toMatchObject({ role: { id: pipeline.role.id, name: 'Engineer', team: null } });
    expect(line.hires).toBeGreaterThanOrEqual(2);
    expect(line.stage_counts).toHaveLength(5);
    expect(line.stage_counts[0].count).toBe(line.hires);
    expect(line.next_start_date).toBe(day(10));

    const detail = await interviewer.get(o(`/onboardings/${hire.onboarding_id}`));
    expect(detail.json.onboarding).toMatchObject({ id: hire.onboarding_id, hires: line.hires, role: { name: 'Engineer' } });

    const table = await interviewer.get(o(`/onboardings/${hire.onboarding_id}/hires?sort=start_date&per_page=1`));
    expect(table.status, table.text).toBe(200);
    expect(table.json.hires.meta.total).toBe(line.hires);
    expect(table.json.hires.data[0].id).toBe(hire.id);
    const searched = await interviewer.get(o(`/onboardings/${hire.onboarding_id}/hires?q=${encodeURIComponent(hire.candidate.name)}`));
    expect(searched.json.hires.data.map((h: { id: string }) => h.id)).toEqual([hire.id]);
    const stage2 = dash.json.onboarding.stages[1].id;
    const filtered = await interviewer.get(o(`/onboardings/${hire.onboarding_id}/hires?filter[stage]=${stage2}`));
    expect(filtered.json.hires.meta.total).toBe(0);
    expect((await interviewer.get(o(`/onboardings/${hire.onboarding_id}/hires?sort=bogus`))).status).toBe(422);

    const board = await interviewer.get(o(`/onboardings/${hire.onboarding_id}/board`));
    expect(board.status, board.text).toBe(200);
    expect(board.json.board.columns).toHaveLength(5);
    expect(board.json.board.columns[0].cards.some((c: { id: string }) => c.id === hire.id)).toBe(true);

    // Set the template of the onboarding; unknown template → 422.
    expect((await recruiter.patch(o(`/onboardings/${hire.onboarding_id}`), { template_id: null })).json.onboarding.template).toBeNull();
    expect((await recruiter.patch(o(`/onboardings/${hire.onboarding_id}`), { template_id: tpl.id })).json.onboarding.template.id).toBe(
      tpl.id,
    );
    expect((await recruiter.patch(o(`/onboardings/${hire.onboarding_id}`), { template_id: owner.id })).status).toBe(422);
    // Another organisation sees nothing.
    expect((await outsider.get(`organisation/${otherOrg.id}/onboardings/${hire.onboarding_id}`)).status).toBe(404);
    expect((await outsider.get(`organisation/${otherOrg.id}/hires/${hire.id}`)).status).toBe(404);
    expect((await outsider.get(`organisation/${otherOrg.id}/onboarding`)).json.onboarding.onboardings).toEqual([]);
    // The product state is each organisation's own: one that never subscribed is offered it.
    const newcomer = await createUser(t);
    const fresh = await createOrganisation(t, newcomer);
    const theirs = (await (await signIn(t, newcomer)).get(`organisation/${fresh.id}/onboarding`)).json.onboarding;
    expect(theirs).toMatchObject({ product_state: 'not_subscribed', onboardings: [] });
  });

  it('a changed start date moves the relative due dates; a changed manager takes over their tasks', async () => {
    const { hire } = await hireByHand({ start_date: day(20), template_id: tpl.id });
    const start = day(40);
    const res = await recruiter.patch(o(`/hires/${hire.id}`), {
      start_date: start,
      manager_id: buddy.id,
      first_day_info: 'Bring your ID.',
    });
    expect(res.status, res.text).toBe(200);
    const laptop = res.json.hire.tasks.find((x: { title: string }) => x.title === 'Order a laptop');
    expect(laptop).toMatchObject({ due_date: addDays(start, -7), owner: { id: buddy.id } });
    expect(res.json.hire.first_day_info).toBe('Bring your ID.');
    expect(res.json.hire.version).toBeGreaterThan(hire.version);
  });

  it('moves on the board with fractional positions; a stale version still moves and reports the conflict', async () => {
    const a = (await hireByHand()).hire;
    const b = (await hireByHand()).hire;
    const c = (await hireByHand()).hire;
    const stages = (await admin.get(o('/onboarding-stages'))).json.stages.data;
    const paperwork = stages[1].id as string;
    for (const h of [a, b]) expect((await recruiter.post(o(`/hires/${h.id}/move`), { stage_id: paperwork })).status).toBe(200);
    // c goes between a and b.
    const moved = await recruiter.post(o(`/hires/${c.id}/move`), { stage_id: paperwork, before_id: b.id, version: c.version });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.conflict).toBe(false);
    expect(moved.json.hire.stage.id).toBe(paperwork);
    let column = (await recruiter.get(o(`/onboardings/${a.onboarding_id}/board`))).json.board.columns[1].cards.map(
      (x: { id: string }) => x.id,
    );
    expect(column).toEqual([a.id, c.id, b.id]);
    // a goes after b, with the version it saw before its first move: moved anyway, conflict reported.
    const stale = await recruiter.post(o(`/hires/${a.id}/move`), { stage_id: paperwork, after_id: b.id, version: a.version });
    expect(stale.status).toBe(200);
    expect(stale.json.conflict).toBe(true);
    column = (await recruiter.get(o(`/onboardings/${a.onboarding_id}/board`))).json.board.columns[1].cards.map((x: { id: string }) => x.id);
    expect(column).toEqual([c.id, b.id, a.id]);
    // Many moves into the same gap still keep the order (renumbering when the gap is too small).
    for (let i = 0; i < 60; i++) {
      const x = i % 2 === 0 ? a : c;
      expect((await recruiter.post(o(`/hires/${x.id}/move`), { stage_id: paperwork, before_id: b.id })).status).toBe(200);
    }
    column = (await recruiter.get(o(`/onboardings/${a.onboarding_id}/board`))).json.board.columns[1].cards.map((x: { id: string }) => x.id);
    expect(column).toEqual([a.id, c.id, b.id]);

    const unknown = await recruiter.post(o(`/hires/${a.id}/move`), { stage_id: owner.id });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.stage_id).toEqual([ONBOARDING_TEXTS.stageUnknown]);
    expect((await interviewer.post(o(`/hires/${a.id}/move`), { stage_id: paperwork })).status).toBe(403);
  });

  it('the same move twice (a double click, a retry): the same answer, the hire changed once', async () => {
    const a = (await hireByHand()).hire;
    const b = (await hireByHand()).hire;
    const stages = (await admin.get(o('/onboarding-stages'))).json.stages.data;
    const [paperwork, firstDay] = [stages[1].id as string, stages[2].id as string];
    expect((await recruiter.post(o(`/hires/${b.id}/move`), { stage_id: paperwork })).status).toBe(200);
    const moveA = (body: Record<string, unknown>) => recruiter.post(o(`/hires/${a.id}/move`), body);
    const body = { stage_id: paperwork, before_id: b.id, version: a.version };
    const first = await moveA(body);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ conflict: false, hire: { stage: { id: paperwork }, version: a.version + 1 } });
    const repeats = await Promise.all([moveA(body), moveA(body)]);
    for (const again of [...repeats, await moveA(body)]) {
      expect(again.status, again.text).toBe(200);
      expect(again.json).toEqual(first.json);
    }
    const column = (await recruiter.get(o(`/onboardings/${a.onboarding_id}/board`))).json.board.columns[1].cards;
    expect(column.map((x: { id: string }) => x.id).filter((id: string) => id === a.id || id === b.id)).toEqual([a.id, b.id]);
    // Another stage is a different request: moved, with the stale version reported as before.
    const other = await moveA({ stage_id: firstDay, version: a.version });
    expect(other.json).toMatchObject({ conflict: true, hire: { stage: { id: firstDay }, version: a.version + 2 } });
  });
});

describe('tasks', () => {
  it('the owner may tick their own task; others need onboarding.manage (403); managers change anything', async () => {
    const tpl = await template('Tasks template');
    const { hire } = await hireByHand({ template_id: tpl.id });
    const payroll = hire.tasks.find((x: { title: string }) => x.title === 'Set up payroll');
    const lunch = hire.tasks.find((x: { title: string }) => x.title === 'Lunch together');
    const path = (id: string) => o(`/hires/${hire.id}/tasks/${id}`);

    const ticked = await interviewer.patch(path(payroll.id), { done: true });
    expect(ticked.status, ticked.text).toBe(200);
    expect(ticked.json.task).toMatchObject({ done: true, done_by: { id: interviewerUser.id, name: 'Ivy Chen' } });
    const retitle = await interviewer.patch(path(payroll.id), { title: 'Mine now' });
    expect(retitle.status).toBe(403);
    expect(retitle.json.message).toBe(ONBOARDING_TEXTS.onlyDone);
    const notMine = await interviewer.patch(path(lunch.id), { done: true });
    expect(notMine.status).toBe(403);
    expect(notMine.json.message).toBe(ONBOARDING_TEXTS.notTaskOwner);
    expect((await interviewer.patch(path(payroll.id), { done: false })).json.task.done).toBe(false);

    const edited = await recruiter.patch(path(lunch.id), { title: 'Team lunch', due_date: day(5), done: true });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.task).toMatchObject({ title: 'Team lunch', due_date: day(5), due_days: null, done: true });
    expect((await recruiter.patch(path(lunch.id), {})).status).toBe(422);

    const added = await recruiter.post(o(`/hires/${hire.id}/tasks`), {
      title: 'Badge photo',
      owner_id: interviewerUser.id,
      due_date: day(3),
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.task).toMatchObject({ title: 'Badge photo', owner_kind: 'user', owner: { id: interviewerUser.id }, position: 5 });
    expect((await recruiter.post(o(`/hires/${hire.id}/tasks`), { title: '' })).status).toBe(422);
    expect((await recruiter.delete(path(added.json.task.id))).status).toBe(204);
    expect((await recruiter.delete(path(added.json.task.id))).status).toBe(404);
    const after = (await recruiter.get(o(`/hires/${hire.id}`))).json.hire;
    expect(after).toMatchObject({ tasks_total: 4, tasks_done: 1 });
    // Another organisation's member: 404.
    expect((await outsider.patch(`organisation/${otherOrg.id}/hires/${hire.id}/tasks/${lunch.id}`, { done: true })).status).toBe(404);
  });

  it('ticking or reopening the same task twice (a double click, a retry): the same answer, done once', async () => {
    const tpl = await template('Twice template');
    const { hire } = await hireByHand({ template_id: tpl.id });
    const payroll = hire.tasks.find((x: { title: string }) => x.title === 'Set up payroll');
    const path = o(`/hires/${hire.id}/tasks/${payroll.id}`);
    const storedDoneAt = async () => (await db().select().from(hireTasks).where(eq(hireTasks.id, payroll.id)))[0]!.doneAt;
    for (const done of [true, false]) {
      // Its owner and a manager, at once; then the owner again.
      const [first, second] = await Promise.all([interviewer.patch(path, { done }), recruiter.patch(path, { done })]);
      expect([first.status, second.status], second.text).toEqual([200, 200]);
      expect(second.json).toEqual(first.json);
      const stored = await storedDoneAt();
      const again = await interviewer.patch(path, { done });
      expect(again.status, again.text).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(again.json.task.done).toBe(done);
      expect(await storedDoneAt()).toEqual(stored);
      expect((await recruiter.get(o(`/hires/${hire.id}`))).json.hire.tasks_done).toBe(done ? 1 : 0);
    }
  });

  it('the due job tells each owner of a due task once', async () => {
    const candidate = await person('Due Person');
    const res = await recruiter.post(o('/hires'), {
      candidate_id: candidate.id,
      role_id: pipeline.role.id,
      start_date: day(1),
      manager_id: manager.id,
      template_id: null,
    });
    const hire = res.json.hire;
    await recruiter.post(o(`/hires/${hire.id}/tasks`), { title: 'Overdue thing', owner_id: interviewerUser.id, due_date: day(-2) });
    await recruiter.post(o(`/hires/${hire.id}/tasks`), { title: 'Future thing', owner_id: interviewerUser.id, due_date: day(20) });
    const done = await recruiter.post(o(`/hires/${hire.id}/tasks`), {
      title: 'Done thing',
      owner_id: interviewerUser.id,
      due_date: day(-1),
    });
    await recruiter.patch(o(`/hires/${hire.id}/tasks/${done.json.task.id}`), { done: true });
    expect((await recruiter.get(o(`/hires/${hire.id}`))).json.hire.overdue).toBe(1);

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
    const created = await recruiter.post(o(`/hires/${hire.id}/documents`), { name: 'Signed contract', description: 'All pages' });
    expect(created.status, created.text).toBe(201);
    const documentId = created.json.document.id as string;
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
    expect((await interviewer.post(o(`/hires/${hire.id}/documents`), { name: 'Nope' })).status).toBe(403);
    expect((await recruiter.post(o(`/hires/${hire.id}/documents`), { name: ' ' })).status).toBe(422);

    expect((await recruiter.delete(o(`/hires/${hire.id}/documents/${documentId}`))).status).toBe(204);
    expect((await db().select().from(storedFiles)).length).toBe(filesBefore);
    expect((await recruiter.get(filePath)).status).toBe(404);
  });

  it('deleting a hire removes its checklist and files', async () => {
    const tpl = await template('Delete template');
    const { hire } = await hireByHand({ template_id: tpl.id });
    const documentId = hire.documents[0].id as string;
    await upload(recruiter, o(`/hires/${hire.id}/documents/${documentId}/file`), 'file', {
      bytes: docs.pdf(),
      filename: 'a.pdf',
      type: 'application/pdf',
    });
    const files = (await db().select().from(storedFiles)).length;
    expect((await recruiter.delete(o(`/hires/${hire.id}`))).status).toBe(204);
    expect((await db().select().from(storedFiles)).length).toBe(files - 1);
    expect(await db().select().from(hireTasks).where(eq(hireTasks.hireId, hire.id))).toEqual([]);
    expect((await recruiter.get(o(`/hires/${hire.id}`))).status).toBe(404);
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
    expect((await recruiter.patch(o(`/onboardings/${earlier.onboarding_id}`), { template_id: tpl.id })).status).toBe(200);
    const { candidate, start, offerId, applicationId } = await acceptedOffer('Grace Hopper');
    const dash = (await admin.get(o('/onboarding'))).json.onboarding;
    const line = dash.onboardings.find((x: { role: { id: string } }) => x.role.id === pipeline.role.id);
    const hires = (await admin.get(o(`/onboardings/${line.id}/hires?q=Grace`))).json.hires.data;
    expect(hires).toHaveLength(1);
    const hire = (await admin.get(o(`/hires/${hires[0].id}`))).json.hire;
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
    expect(hire.tasks.find((x: { title: string }) => x.title === 'Order a laptop').due_date).toBe(addDays(start, -7));
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
      expect((await admin.get(o('/onboarding'))).json.onboarding.product_state).toBe('not_subscribed');
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
      ':taskId': hire.tasks[0].id,
      ':documentId': hire.documents[0].id,
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
      const keyRead = await bare.get(o(`/hires/${hire.id}`), { headers });
      expect(keyRead.status, keyRead.text).toBe(403);
      expect(keyRead.json.message).toBe(ONBOARDING_TEXTS.notSubscribed);
      const keyWrite = await bare.post(o('/hires'), { candidate_id: spare.id, role_id: pipeline.role.id }, { headers });
      expect(keyWrite.status, keyWrite.text).toBe(403);
      // The dashboard answers, with the state the web offers the product from, and nothing of the hires kept.
      const dashboard = await interviewer.get(o('/onboarding'));
      expect(dashboard.status, dashboard.text).toBe(200);
      expect(dashboard.json.onboarding).toMatchObject({ product_state: 'not_subscribed', stages: [], onboardings: [] });
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
    const back = await admin.get(o(`/hires/${hire.id}`));
    expect(back.status, back.text).toBe(200);
    expect(back.json.hire.tasks).toHaveLength(hire.tasks.length);
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
    const res = await recruiter.post(o('/hires'), { candidate_id: theirs.candidate.id, role_id: pipeline.role.id });
    expect(res.status).toBe(422);
    expect(res.json.errors.candidate_id).toEqual([ONBOARDING_TEXTS.candidateUnknown]);
    const theirPipeline = await seedPipeline(t, otherOrg.id);
    const role = await recruiter.post(o('/hires'), { candidate_id: (await person()).id, role_id: theirPipeline.role.id });
    expect(role.status).toBe(422);
    expect(role.json.errors.role_id).toEqual([ONBOARDING_TEXTS.roleUnknown]);
    // Their member calling our hire through their own organisation: 404.
    const { hire } = await hireByHand();
    expect((await outsider.post(`organisation/${otherOrg.id}/hires/${hire.id}/move`, { stage_id: hire.stage.id })).status).toBe(404);
    expect((await outsider.post(`organisation/${otherOrg.id}/hires/${hire.id}/new-hire-link`)).status).toBe(404);
  });
});
