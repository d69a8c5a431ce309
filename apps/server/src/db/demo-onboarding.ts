import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { randomToken, sha256 } from '../lib/tokens.ts';
import type { Db } from './client.ts';
import { generator, insertJson } from './demo-hiring.ts';
import { activities, applications, candidates } from './schema/candidates.ts';
import { offers } from './schema/interviews.ts';
import { jobRoles } from './schema/job-roles.ts';
import { notifications } from './schema/notifications.ts';
import { hireDocuments, hires, onboardingStages, onboardingTemplates, onboardings, type TemplateTask } from './schema/onboarding.ts';
import { recruitments } from './schema/recruitments.ts';

type Person = { id: string; name: string };
type People = Record<'dana' | 'marcus' | 'priya' | 'tom' | 'elena', Person>;

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const DEMO_ONBOARDING_STAGES = [
  { name: 'Offer accepted', colour: '#868e96', category: 'in_progress' },
  { name: 'Paperwork', colour: '#4c6ef5', category: 'in_progress' },
  { name: 'Equipment', colour: '#f59f00', category: 'in_progress' },
  { name: 'First day', colour: '#15aabf', category: 'in_progress' },
  { name: 'Done', colour: '#40c057', category: 'done' },
] as const;

const DOCUMENTS = [
  { name: 'ID copy', description: 'A scan or photo of your passport or national ID card, both sides.' },
  { name: 'Bank details', description: 'The account your salary is paid into (IBAN and account holder).' },
  { name: 'Signed contract', description: 'Every page of the contract, signed.' },
];

type DemoTask = Omit<TemplateTask, 'id' | 'owner_user_id'> & { user?: keyof People };
const TEMPLATES: { name: string; firstDayInfo: string; tasks: DemoTask[] }[] = [
  {
    name: 'Engineering',
    firstDayInfo:
      'Welcome! Please arrive at 9:30 at Torstraße 140, Berlin (third floor) and ask for your buddy at the front desk.\n\n' +
      'Your laptop will be set up and waiting. We start with breakfast with the platform team, then your buddy walks you through the codebase.',
    tasks: [
      { title: 'Send the signed contract back', owner: 'new_hire', due_days: -10 },
      { title: 'Order the laptop and peripherals', owner: 'user', user: 'marcus', due_days: -10 },
      { title: 'Upload your documents', owner: 'new_hire', due_days: -7 },
      { title: 'Create accounts (Google, GitHub, Slack)', owner: 'manager', due_days: -5 },
      { title: 'Plan the first week', owner: 'manager', due_days: -3 },
      { title: 'Book the welcome lunch', owner: 'buddy', due_days: -1 },
      { title: 'Walk through the codebase and on-call docs', owner: 'buddy', due_days: 1 },
      { title: 'Ship a first small change', owner: 'new_hire', due_days: 3 },
      { title: 'First-week check-in', owner: 'manager', due_days: 5 },
    ],
  },
  {
    name: 'General',
    firstDayInfo:
      'Welcome! Please arrive at 9:30 at our office and ask for your buddy at the front desk. ' +
      'Your first day is mostly introductions: the team, the product and the people you will work with most.',
    tasks: [
      { title: 'Send the signed contract back', owner: 'new_hire', due_days: -10 },
      { title: 'Upload your documents', owner: 'new_hire', due_days: -7 },
      { title: 'Prepare the desk and building pass', owner: 'user', user: 'priya', due_days: -5 },
      { title: 'Create accounts', owner: 'manager', due_days: -3 },
      { title: 'Welcome coffee', owner: 'buddy', due_days: 0 },
      { title: 'Product tour', owner: 'buddy', due_days: 1 },
      { title: 'First-week check-in', owner: 'manager', due_days: 5 },
    ],
  },
];

/** Which template, manager and buddy a role's hires get; the roles are taken in this order. */
const ROLES: { role: string; template: string; manager: keyof People; buddy: keyof People }[] = [
  { role: 'Senior Backend Engineer', template: 'Engineering', manager: 'tom', buddy: 'elena' },
  { role: 'Customer Success Manager', template: 'General', manager: 'tom', buddy: 'priya' },
  { role: 'Product Designer', template: 'General', manager: 'marcus', buddy: 'dana' },
  { role: 'Operations Intern', template: 'General', manager: 'dana', buddy: 'marcus' },
];
const MAX_ROLES = 3;
const MAX_HIRES = 7;
/** Start dates of the hires, days from today, earliest hired first (the accepted offer keeps its own). */
const START_OFFSETS = [-20, -2, 4, 10, 14, 18];

/** The stage a hire with this start date is in today. */
function stageFor(offset: number) {
  if (offset <= -7) return 4;
  if (offset <= 0) return 3;
  if (offset <= 7) return 2;
  if (offset <= 21) return 1;
  return 0;
}

/**
 * The Onboarding product of the demo (docs/product.md §17): the default stages, two templates (Engineering and
 * General) and, for the roles that hired, onboardings with their hires — start dates around today,
 * spread over the stages, checklists about half done with a few tasks overdue, documents still to
 * collect. The accepted offer's candidate is in it too. Deterministic apart from ids and `now`.
 */
export async function seedDemoOnboarding(tx: Db, organisationId: string, people: People, now = new Date()) {
  const rand = generator(20_261_108);
  const nowMs = now.getTime();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  const stages = await tx
    .insert(onboardingStages)
    .values(DEMO_ONBOARDING_STAGES.map((s, i) => ({ organisationId, ...s, position: i + 1, createdAt: new Date(nowMs - 60 * DAY) })))
    .returning();
  stages.sort((a, b) => a.position - b.position);
  const templates = await tx
    .insert(onboardingTemplates)
    .values(
      TEMPLATES.map((t) => ({
        organisationId,
        name: t.name,
        firstDayInfo: t.firstDayInfo,
        tasks: t.tasks.map(({ user, ...task }) => ({ id: randomUUID(), ...task, owner_user_id: user ? people[user].id : null })),
        documents: DOCUMENTS.map((d) => ({ id: randomUUID(), ...d })),
        createdAt: new Date(nowMs - 60 * DAY),
        updatedAt: new Date(nowMs - 30 * DAY),
      })),
    )
    .returning();

  // The hired: every application that reached Hired, with the accepted offer when there is one.
  const hired = await tx
    .select({
      applicationId: applications.id,
      candidateId: applications.candidateId,
      candidateName: candidates.name,
      hiredAt: applications.hiredAt,
      recruitmentId: applications.recruitmentId,
      roleId: recruitments.roleId,
      roleName: jobRoles.name,
      offerId: offers.id,
      offerStart: offers.startDate,
    })
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .innerJoin(jobRoles, eq(jobRoles.id, recruitments.roleId))
    .leftJoin(offers, and(eq(offers.applicationId, applications.id), eq(offers.status, 'accepted')))
    .where(and(eq(applications.organisationId, organisationId), isNotNull(applications.hiredAt)))
    .orderBy(desc(applications.hiredAt), asc(applications.id));

  const chosenRoles = ROLES.filter((r) => hired.some((h) => h.roleName === r.role)).slice(0, MAX_ROLES);
  const picked = hired.filter((h) => chosenRoles.some((r) => r.role === h.roleName));
  // The accepted offer first, then the most recent hires.
  picked.sort((a, b) => Number(!!b.offerId) - Number(!!a.offerId));
  const chosen = picked.slice(0, MAX_HIRES);
  // Earliest hired start first.
  const byHiredAt = chosen.filter((h) => !h.offerId).sort((a, b) => a.hiredAt!.getTime() - b.hiredAt!.getTime());

  const onboardingRows = chosenRoles
    .filter((r) => chosen.some((h) => h.roleName === r.role))
    .map((r) => ({
      id: randomUUID(),
      organisationId,
      roleId: chosen.find((h) => h.roleName === r.role)!.roleId,
      templateId: templates.find((t) => t.name === r.template)!.id,
      createdAt: new Date(nowMs - 45 * DAY),
      updatedAt: new Date(nowMs - 45 * DAY),
    }));
  if (onboardingRows.length === 0) return;
  await tx.insert(onboardings).values(onboardingRows);

  const hireRows: (typeof hires.$inferInsert)[] = [];
  const taskRows: Record<string, unknown>[] = [];
  const documentRows: (typeof hireDocuments.$inferInsert)[] = [];
  const columns = new Map<string, number>();
  for (const h of chosen) {
    const plan = chosenRoles.find((r) => r.role === h.roleName)!;
    const onboarding = onboardingRows.find((o) => o.roleId === h.roleId)!;
    const template = templates.find((t) => t.name === plan.template)!;
    const offset = h.offerStart
      ? Math.round((Date.parse(`${h.offerStart}T00:00:00Z`) - today) / DAY)
      : START_OFFSETS[Math.min(byHiredAt.indexOf(h), START_OFFSETS.length - 1)]!;
    const startMs = today + offset * DAY;
    const stageIndex = stageFor(offset);
    const stage = stages[stageIndex]!;
    const column = (columns.get(`${onboarding.id}:${stage.id}`) ?? 0) + 1;
    columns.set(`${onboarding.id}:${stage.id}`, column);
    const enteredAt = new Date(Math.min(nowMs - 3_600_000, startMs + (stageIndex - 3) * 2 * DAY));
    const createdAt = new Date(Math.min(h.hiredAt!.getTime(), enteredAt.getTime()));
    const manager = people[plan.manager];
    const buddy = people[plan.buddy];
    const id = randomUUID();
    hireRows.push({
      id,
      organisationId,
      onboardingId: onboarding.id,
      candidateId: h.candidateId,
      applicationId: h.applicationId,
      offerId: h.offerId,
      stageId: stage.id,
      boardPosition: column * 1024,
      stageEnteredAt: enteredAt,
      startDate: isoDay(startMs),
      managerId: manager.id,
      buddyId: buddy.id,
      templateId: template.id,
      firstDayInfo: template.firstDayInfo,
      // A link nobody holds: the demo's new-hire pages are not opened from the mailbox.
      tokenHash: sha256(randomToken()),
      tokenIssuedAt: createdAt,
      version: 1 + stageIndex,
      createdById: null,
      createdAt,
      updatedAt: enteredAt,
    });
    for (const [position, task] of template.tasks.entries()) {
      const dueMs = startMs + task.due_days * DAY;
      const ownerId =
        task.owner === 'manager' ? manager.id : task.owner === 'buddy' ? buddy.id : task.owner === 'user' ? task.owner_user_id : null;
      // Done when onboarding is over; otherwise most past tasks are done (a few overdue), some upcoming ones early.
      const done = stageIndex === 4 || (dueMs < today ? rand.next() < 0.7 : rand.next() < 0.25);
      const doneAt = done ? new Date(Math.min(nowMs - 3_600_000, dueMs - rand.between(0, 2) * DAY + 10 * 3_600_000)) : null;
      taskRows.push({
        id: randomUUID(),
        organisationId,
        hireId: id,
        title: task.title,
        ownerKind: task.owner,
        ownerId,
        dueDays: task.due_days,
        dueDate: isoDay(dueMs),
        position: position + 1,
        doneAt,
        doneById: done && task.owner !== 'new_hire' ? ownerId : null,
        dueNotifiedAt: dueMs <= today ? new Date(dueMs + 8 * 3_600_000) : null,
        createdAt,
      });
    }
    for (const [position, d] of template.documents.entries())
      documentRows.push({ organisationId, hireId: id, name: d.name, description: d.description, position: position + 1, createdAt });
  }
  await tx.insert(hires).values(hireRows);
  await insertJson(tx, 'hire_tasks', taskRows);
  await tx.insert(hireDocuments).values(documentRows);

  // Each candidate's timeline says they started onboarding (as the offer hook records it).
  await tx.insert(activities).values(
    hireRows.map((row) => {
      const h = chosen.find((c) => c.candidateId === row.candidateId && c.applicationId === row.applicationId)!;
      const role = chosenRoles.find((r) => r.role === h.roleName)!;
      return {
        organisationId,
        candidateId: h.candidateId,
        applicationId: h.applicationId,
        recruitmentId: h.recruitmentId,
        actorUserId: null,
        actorName: h.candidateName,
        type: 'onboarding.started',
        data: { hire_id: row.id, onboarding_id: row.onboardingId, role: role.role, start_date: row.startDate },
        createdAt: row.createdAt as Date,
      };
    }),
  );

  // The newest hire's manager and buddy were told.
  const newest = hireRows.find((h) => h.offerId) ?? hireRows[0]!;
  const joiner = chosen.find((h) => h.candidateId === newest.candidateId)!;
  const url = `/onboarding/${newest.onboardingId}?hire=${newest.id}`;
  await tx.insert(notifications).values(
    [newest.managerId!, newest.buddyId!].map((userId) => ({
      userId,
      organisationId,
      type: 'onboarding_hire',
      data: {
        title: `${joiner.candidateName} starts onboarding as ${joiner.roleName}`,
        body: `Start date: ${newest.startDate}`,
        url,
        hire_id: newest.id,
        onboarding_id: newest.onboardingId,
      },
      createdAt: newest.createdAt as Date,
    })),
  );
}
