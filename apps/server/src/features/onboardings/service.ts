import { randomUUID } from 'node:crypto';
import { API_BASE_PATH } from '@hireloop/contract/constants';
import {
  ONBOARDING_TEXTS,
  type AcceptedOffer,
  type CreateHireBody,
  type CreateHireTaskBody,
  type HireBoardResponse,
  type HireDetail,
  type HireDocument,
  type HireListItem,
  type HireTask,
  type ImportAcceptedOffersResponse,
  type MoveHireBody,
  type OnboardingDashboard,
  type OnboardingDetail,
  type OnboardingProductState,
  type OnboardingStageCategory,
  type PublicNewHire,
  type UpdateHireBody,
  type UpdateHireTaskBody,
  type createHireDocumentBody,
} from '@hireloop/contract/onboarding';
import { can } from '@hireloop/contract/permissions';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { organisationOfToken } from '../../http/public-scope.ts';
import { positionAtEnd, positionBetween, renumbered } from '../../lib/board-order.ts';
import { escapeHtml } from '../../lib/html.ts';
import { isUuid } from '../../lib/ids.ts';
import { isRandomToken, randomToken, sha256 } from '../../lib/tokens.ts';
import { recordActivity } from '../activities/service.ts';
import { userIdOrNull } from '../actors/service.ts';
import { effectivePlan } from '../billing/plans.ts';
import { candidateById } from '../candidates/service.ts';
import { removeFileRows, storeFileRow, type FileService, type StoredFile } from '../files/service.ts';
import { enqueueMail } from '../mail/service.ts';
import { membersAmong } from '../members/service.ts';
import { notify } from '../notifications/service.ts';
import { ensureOnboardingStages } from '../onboarding-stages/defaults.ts';
import { presentStage } from '../onboarding-stages/presenter.ts';
import { findStageRow as findStage, type StageRow } from '../onboarding-stages/service.ts';
import { findTemplateRow as findTemplate } from '../onboarding-templates/service.ts';
import {
  presentAcceptedOffer,
  presentDocument,
  presentHireCard,
  presentHireDetail,
  presentHireListItem,
  presentOnboardingSummary,
  presentPublicNewHire,
  presentTask,
  todayUtc,
} from './presenter.ts';
import {
  acceptedOffersOf,
  boardHires,
  claimDueTasks,
  columnOf,
  deleteDocument,
  deleteHire,
  deleteTask,
  documentsOf,
  findDocument,
  findHireByTokenHash,
  findHireJoined,
  findHireOf,
  findOnboarding,
  findOrganisation,
  findRole,
  findTask,
  hiringManagerOf,
  insertDocuments,
  insertHire,
  insertTasks,
  lastPositionOf,
  listHires,
  lockHire,
  nextDocumentPosition,
  nextTaskPosition,
  onboardingFigures,
  onboardingHeaders,
  onboardingOfRole,
  organisationOfHireToken,
  refreshTasksOf,
  roleIdOfRecruitment,
  setOnboardingTemplate,
  setPositions,
  stageCountsOf,
  storedFileIdsOfHire,
  tasksOf,
  updateDocument,
  updateHire,
  updateTask,
  type HireChanges,
  type HireRow,
  type HireSort,
  type TaskRow,
  type TemplateDocument,
  type TemplateTask,
} from './repository.ts';

/*
 * Onboarding: a role's onboarding and its hires, their checklists and documents, hires from
 * accepted offers, the due-task reminders, and the new hire's side of it (public-new-hire/routes.ts).
 */

/* ---------- refusals and checks ---------- */

const onboardingNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.onboardingNotFound);
const hireNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.hireNotFound);
const taskNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.taskNotFound);
const documentNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.documentNotFound);
const linkNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.linkNotFound);
const invalid = (field: string, message: string) => validationFailed({ [field]: [message] }, message);

/** The hire, locked for the transaction; 404 for another organisation's or a malformed id. */
async function lockedHire(tx: Db, organisationId: string, id: string): Promise<HireRow> {
  const hire = isUuid(id) ? await lockHire(tx, organisationId, id) : undefined;
  if (!hire) throw hireNotFound();
  return hire;
}

async function lockedTask(tx: Db, organisationId: string, hireId: string, id: string): Promise<TaskRow> {
  const task = isUuid(id) ? await findTask(tx, organisationId, hireId, id) : undefined;
  if (!task) throw taskNotFound();
  return task;
}

/** 422 naming the field unless every given user id is a member of the organisation. */
async function assertMembers(db: Db, organisationId: string, fields: Record<string, string | null | undefined>) {
  const ids = Object.values(fields).filter((v): v is string => typeof v === 'string');
  const members = new Set(await membersAmong(db, organisationId, ids));
  const errors: Record<string, string[]> = {};
  for (const [field, id] of Object.entries(fields)) if (id && !members.has(id)) errors[field] = [ONBOARDING_TEXTS.userUnknown];
  if (Object.keys(errors).length > 0) throw validationFailed(errors, ONBOARDING_TEXTS.userUnknown);
}

const mayManage = (actor: Actor) => actor.kind === 'api_key' || can(actor.role, 'onboarding.manage');

/* ---------- the product ---------- */

type Organisation = NonNullable<Awaited<ReturnType<typeof findOrganisation>>>;

/** Whether the organisation has the Onboarding product (organisations.products). */
const subscribedToOnboarding = (organisation: { products: readonly string[] }) => organisation.products.includes('onboarding');

/** Whether the organisation exists and has the Onboarding product (product-gate.ts). */
export async function organisationSubscribed(db: Db, organisationId: string): Promise<boolean> {
  const organisation = await findOrganisation(db, organisationId);
  return organisation !== undefined && subscribedToOnboarding(organisation);
}

/** Not subscribed, subscribed during the organisation's trial, or subscribed on a chosen plan. */
function onboardingProductState(org: Organisation, now = new Date()): { state: OnboardingProductState; trailEndsAt: Date | null } {
  const plan = effectivePlan(org, now);
  if (!subscribedToOnboarding(org)) return { state: 'not_subscribed', trailEndsAt: plan.trailEndsAt };
  return plan.plan === 'trial' ? { state: 'trial', trailEndsAt: plan.trailEndsAt } : { state: 'active', trailEndsAt: null };
}

/* ---------- links ---------- */

/** Where a hire's page in the app is. */
const hirePagePath = (onboardingId: string, hireId: string) => `/onboarding/${onboardingId}?hire=${hireId}`;
/** The new-hire page (public, tokenised). */
const newHirePath = (token: string) => `/new-hire/${token}`;
const newHireLogoPath = (token: string) => `${API_BASE_PATH}/public/new-hire/${token}/logo`;

/** The organisation a new hire's link belongs to, for its public routes' scope; 404 when none. */
export const newHireLinkOrganisation = (db: Db) => organisationOfToken((hash) => organisationOfHireToken(db, hash), linkNotFound);

/* ---------- entering onboarding ---------- */

/** `start + days` as YYYY-MM-DD. */
function addDays(start: string, days: number): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Who owns a task of this kind on a hire with this manager and buddy. */
function ownerFor(task: Pick<TemplateTask, 'owner' | 'owner_user_id'>, hire: { managerId: string | null; buddyId: string | null }) {
  switch (task.owner) {
    case 'user':
      return task.owner_user_id;
    case 'manager':
      return hire.managerId;
    case 'buddy':
      return hire.buddyId;
    default:
      return null;
  }
}

type EnterInput = {
  organisationId: string;
  actor: Actor | { kind: 'system'; name?: string };
  candidate: { id: string; name: string };
  role: { id: string; name: string };
  startDate: string | null;
  managerId: string | null;
  buddyId: string | null;
  /** undefined: the onboarding's own template. */
  templateId?: string | null | undefined;
  applicationId?: string | null;
  offerId?: string | null;
  recruitmentId?: string | null;
};

/**
 * Puts the candidate into the role's onboarding (created when needed) in the first stage, at the
 * end of its column (lib/board-order.ts), with the template's tasks (due relative to the start
 * date, owners resolved) and documents copied; notifies the manager, the buddy and the task
 * owners; records it on the candidate's timeline. Runs in the caller's transaction. 409 when the
 * candidate is already in the onboarding.
 */
async function enterOnboarding(tx: Db, input: EnterInput): Promise<HireRow> {
  const { organisationId } = input;
  const stages = await ensureOnboardingStages(tx, organisationId);
  const first = stages[0]!;
  const onboarding = await onboardingOfRole(tx, organisationId, input.role.id);
  if (await findHireOf(tx, onboarding.id, input.candidate.id)) {
    throw new AppError('conflict', ONBOARDING_TEXTS.alreadyHired, { candidate_id: [ONBOARDING_TEXTS.alreadyHired] });
  }
  const templateId = input.templateId === undefined ? onboarding.templateId : input.templateId;
  const template = templateId ? await findTemplate(tx, organisationId, templateId) : undefined;
  const hire = await insertHire(tx, {
    organisationId,
    onboardingId: onboarding.id,
    candidateId: input.candidate.id,
    applicationId: input.applicationId ?? null,
    offerId: input.offerId ?? null,
    stageId: first.id,
    boardPosition: positionAtEnd(await lastPositionOf(tx, onboarding.id, first.id)),
    startDate: input.startDate,
    managerId: input.managerId,
    buddyId: input.buddyId,
    templateId: template?.id ?? null,
    firstDayInfo: template?.firstDayInfo ?? '',
    createdById: userIdOrNull(input.actor),
  });
  const tasks: TemplateTask[] = template?.tasks ?? [];
  const documents: TemplateDocument[] = template?.documents ?? [];
  const inserted = await insertTasks(
    tx,
    tasks.map((t, i) => ({
      organisationId,
      hireId: hire.id,
      title: t.title,
      ownerKind: t.owner,
      ownerId: ownerFor(t, hire),
      dueDays: t.due_days,
      dueDate: hire.startDate ? addDays(hire.startDate, t.due_days) : null,
      position: i + 1,
    })),
  );
  await insertDocuments(
    tx,
    documents.map((d, i) => ({ organisationId, hireId: hire.id, name: d.name, description: d.description, position: i + 1 })),
  );

  // Manager, buddy and task owners hear of it once each, never the one who added the hire.
  const actorId = userIdOrNull(input.actor);
  const told = new Set<string>();
  for (const userId of [hire.managerId, hire.buddyId, ...inserted.map((t) => t.ownerId)]) {
    if (!userId || userId === actorId || told.has(userId)) continue;
    told.add(userId);
    await notify(tx, {
      userId,
      organisationId,
      type: 'onboarding_hire',
      data: {
        title: `${input.candidate.name} starts onboarding as ${input.role.name}`,
        body: hire.startDate ? `Start date: ${hire.startDate}` : 'No start date yet',
        url: hirePagePath(onboarding.id, hire.id),
        hire_id: hire.id,
        onboarding_id: onboarding.id,
      },
      candidateId: input.candidate.id,
    });
  }
  await recordActivity(tx, {
    organisationId,
    actor: input.actor,
    type: 'onboarding.started',
    candidateId: input.candidate.id,
    applicationId: input.applicationId ?? null,
    recruitmentId: input.recruitmentId ?? null,
    data: { hire_id: hire.id, onboarding_id: onboarding.id, role: input.role.name, start_date: hire.startDate },
  });
  return hire;
}

/**
 * Issues a fresh new-hire link (only its sha256 is kept, so the old link stops working) and
 * e-mails it to the hire, in the caller's transaction. Returns the link.
 */
async function issueNewHireLink(
  tx: Db,
  hire: { id: string; organisationId: string; candidateId: string },
  to: { name: string; email: string; organisationName: string; roleName: string; startDate: string | null },
  appUrl: string,
  now = new Date(),
): Promise<string> {
  const token = randomToken();
  await updateHire(tx, hire.organisationId, hire.id, { tokenHash: sha256(token), tokenIssuedAt: now });
  const url = `${appUrl.replace(/\/+$/, '')}${newHirePath(token)}`;
  const start = to.startDate ? ` on ${to.startDate}` : '';
  await enqueueMail(
    tx,
    {
      to: to.email,
      subject: `Welcome to ${to.organisationName}`,
      text: [
        `Dear ${to.name},`,
        '',
        `Welcome to ${to.organisationName}! We are looking forward to you starting as ${to.roleName}${start}.`,
        '',
        `Your new-hire page has your first-day information and the documents we need from you: ${url}`,
        '',
        'The link is personal: please do not share it.',
      ].join('\n'),
      html: `<p>Dear ${escapeHtml(to.name)},</p><p>Welcome to ${escapeHtml(to.organisationName)}! We are looking forward to you starting as ${escapeHtml(to.roleName)}${escapeHtml(start)}.</p><p><a href="${escapeHtml(url)}">Open your new-hire page</a> for your first-day information and the documents we need from you.</p><p>The link is personal: please do not share it.</p>`,
    },
    { candidateId: hire.candidateId },
  );
  return url;
}

/** An accepted offer, as the offers feature hands it over. */
type AcceptedOfferFacts = {
  id: string;
  organisationId: string;
  applicationId: string;
  recruitmentId: string;
  candidateId: string;
  startDate: string;
};

/**
 * The offer's person enters the onboarding of the recruitment's role (created when needed) in the
 * first stage with the template's checklist (due dates from the offer's start date), managed by the
 * recruitment's hiring manager (else its owner), linked to the offer. Runs in the caller's
 * transaction. Already in that onboarding, an erased candidate, or no role: null, nothing changes.
 */
async function enterFromAcceptedOffer(
  tx: Db,
  offer: AcceptedOfferFacts,
  actor: Actor | { kind: 'system'; name?: string },
): Promise<{ hire: HireRow; candidate: { name: string; email: string | null }; roleName: string } | null> {
  const roleId = await roleIdOfRecruitment(tx, offer.organisationId, offer.recruitmentId);
  if (!roleId) return null;
  const role = await findRole(tx, offer.organisationId, roleId);
  const candidate = await candidateById(tx, offer.organisationId, offer.candidateId);
  if (!role || !candidate || candidate.erasedAt) return null;
  const onboarding = await onboardingOfRole(tx, offer.organisationId, role.id);
  if (await findHireOf(tx, onboarding.id, candidate.id)) return null;
  const hire = await enterOnboarding(tx, {
    organisationId: offer.organisationId,
    actor: actor.kind === 'system' ? { kind: 'system', name: actor.name ?? candidate.name } : actor,
    candidate,
    role,
    startDate: offer.startDate,
    managerId: await hiringManagerOf(tx, offer.recruitmentId),
    buddyId: null,
    applicationId: offer.applicationId,
    offerId: offer.id,
    recruitmentId: offer.recruitmentId,
  });
  return { hire, candidate, roleName: role.name };
}

/**
 * Called inside the offer's acceptance transaction (features/offers/service.ts): when the
 * organisation has the Onboarding product, the candidate enters the role's onboarding
 * (enterFromAcceptedOffer), gets the new-hire link by e-mail, and the manager, buddy and task
 * owners are notified. Already in it: nothing happens. Returns the hire's id, or null.
 */
export async function enterOnboardingOnOfferAccepted(tx: Db, offer: AcceptedOfferFacts, deps: { appUrl: string }): Promise<string | null> {
  const organisation = await findOrganisation(tx, offer.organisationId);
  if (!organisation || !subscribedToOnboarding(organisation)) return null;
  const entered = await enterFromAcceptedOffer(tx, offer, { kind: 'system' });
  if (!entered) return null;
  const { hire, candidate, roleName } = entered;
  if (candidate.email) {
    await issueNewHireLink(
      tx,
      hire,
      { name: candidate.name, email: candidate.email, organisationName: organisation.name, roleName, startDate: hire.startDate },
      deps.appUrl,
    );
  }
  return hire.id;
}

/* ---------- the board ---------- */

/**
 * Where a card goes in a column: just before `beforeId`, just after `afterId`, or at the end. The
 * column is renumbered 1…n first when the neighbours are too close (or tied): lib/board-order.ts.
 */
async function positionIn(tx: Db, hire: HireRow, stageId: string, beforeId: string | null, afterId: string | null): Promise<number> {
  const atEnd = async () => positionAtEnd((await columnOf(tx, hire.onboardingId, stageId, hire.id)).at(-1)?.position);
  if (!beforeId && !afterId) return atEnd();
  for (let attempt = 0; attempt < 2; attempt++) {
    const column = await columnOf(tx, hire.onboardingId, stageId, hire.id);
    const at = column.findIndex((c) => c.id === (beforeId ?? afterId));
    if (at < 0) break;
    const [lower, upper] = beforeId ? [column[at - 1], column[at]] : [column[at], column[at + 1]];
    const position = positionBetween(lower?.position ?? null, upper?.position ?? null);
    if (position !== 'renumber') return position;
    await setPositions(tx, renumbered(column));
  }
  // A neighbour that left the column meanwhile: the end.
  return atEnd();
}

/* ---------- checklists ---------- */

/** Ticks off (by `doneById`; null: the hire or an API key) or reopens a task; nothing when it already is so. */
function doneChanges(task: TaskRow, done: boolean, doneById: string | null): Partial<TaskRow> {
  if (done === (task.doneAt !== null)) return {};
  return { doneAt: done ? new Date() : null, doneById: done ? doneById : null };
}

/**
 * The hire ticks off or reopens one of their own tasks from the new-hire page (done by nobody:
 * `done_by` stays null). Any other task, of theirs or another hire's, is 404 `taskNotFound`.
 */
async function setTaskDoneByHire(db: Db, organisationId: string, hireId: string, id: string, done: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const hire = await lockedHire(tx, organisationId, hireId);
    const task = await lockedTask(tx, organisationId, hire.id, id);
    if (task.ownerKind !== 'new_hire') throw taskNotFound();
    const changes = doneChanges(task, done, null);
    if (Object.keys(changes).length > 0) await updateTask(tx, id, changes);
  });
}

const DUE_TASK_BATCH = 100;

/**
 * Tells each owner of an open task that is due (today or earlier) once ('onboarding_task_due'):
 * the task is marked in the transaction that stores the notification, so a second pass — or a
 * second process — never tells them again. Returns how many were told. Run by jobs/onboarding-task-due.ts.
 */
export async function notifyDueOnboardingTasks(db: Db, now = new Date()): Promise<number> {
  const today = todayUtc(now);
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const tasks = await claimDueTasks(tx, today, DUE_TASK_BATCH);
      for (const t of tasks) {
        if (!t.ownerId) continue;
        await notify(tx, {
          userId: t.ownerId,
          organisationId: t.organisationId,
          type: 'onboarding_task_due',
          data: {
            title: `Onboarding task due: ${t.title}`,
            body: `${t.candidateName}${t.dueDate ? ` — due ${t.dueDate}` : ''}`,
            url: hirePagePath(t.onboardingId, t.hireId),
            task_id: t.id,
            hire_id: t.hireId,
          },
          candidateId: t.candidateId,
        });
      }
      return tasks.length;
    });
    total += n;
    if (n < DUE_TASK_BATCH) return total;
  }
}

/* ---------- documents' files ---------- */

export type HireFileType = { contentType: string; extension: 'pdf' | 'doc' | 'docx' | 'png' | 'jpg' };
/** A file read from the request and checked by its bytes (document-files.ts). */
export type HireFileUpload = { bytes: Buffer; filename: string; type: HireFileType };

/**
 * Stores an uploaded file as the document's file (replacing any earlier one). The bytes are
 * written first and the row (the files feature's) committed with the document's change; a failure
 * removes the bytes, a replaced file's bytes go after the commit.
 */
async function attachHireFile(
  db: Db,
  files: FileService,
  target: { organisationId: string; hireId: string; documentId: string },
  upload: HireFileUpload,
  uploadedById: string | null,
): Promise<void> {
  const { organisationId, hireId, documentId } = target;
  const storedId = randomUUID();
  const key = `onboarding/${organisationId}/${hireId}/${documentId}/${storedId}.${upload.type.extension}`;
  await files.storage.put(key, upload.bytes, upload.type.contentType);
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      await lockedHire(tx, organisationId, hireId);
      const existing = await findDocument(tx, organisationId, hireId, documentId);
      if (!existing) throw documentNotFound();
      await storeFileRow(tx, {
        id: storedId,
        organisationId,
        key,
        filename: upload.filename,
        contentType: upload.type.contentType,
        size: upload.bytes.length,
      });
      await updateDocument(tx, documentId, { storedFileId: storedId, uploadedAt: new Date(), uploadedById });
      return existing.document.storedFileId ? removeFileRows(tx, organisationId, [existing.document.storedFileId]) : [];
    });
  } catch (error) {
    await files.removeNow([key]);
    throw error;
  }
  await files.discard(replaced);
}

/* ---------- the Onboarding Dashboard ---------- */

/** The role's onboardings with their figures: hires, hires per stage (every stage present), overdue tasks, next start. */
async function summaries(db: Db, organisationId: string, stages: StageRow[], ids?: string[]) {
  const today = todayUtc();
  const headers = await onboardingHeaders(db, organisationId, ids);
  const onboardingIds = headers.map((h) => h.id);
  const [counts, figures] = await Promise.all([
    stageCountsOf(db, organisationId, onboardingIds),
    onboardingFigures(db, organisationId, onboardingIds, today),
  ]);
  return headers.map((h) =>
    presentOnboardingSummary(
      h,
      stages.map((s) => ({ stage_id: s.id, count: counts.find((c) => c.onboardingId === h.id && c.stageId === s.id)?.n ?? 0 })),
      figures.find((x) => x.onboardingId === h.id),
    ),
  );
}

/**
 * The Onboarding Dashboard: subscription state, the stages, and every role's onboarding holding
 * hires. Not subscribed: the state alone (the web offers the product from it), nothing of the
 * hires kept from an earlier subscription, and no default stages created. Answers every
 * organisation, subscribed or not (the rest of Onboarding is behind product-gate.ts).
 */
export async function onboardingDashboard(db: Db, organisationId: string): Promise<OnboardingDashboard> {
  const org = await findOrganisation(db, organisationId);
  if (!org) throw new AppError('not_found', ONBOARDING_TEXTS.onboardingNotFound);
  const { state, trailEndsAt } = onboardingProductState(org);
  const base = { product_state: state, trail_ends_at: trailEndsAt?.toISOString() ?? null };
  if (state === 'not_subscribed') return { ...base, stages: [], onboardings: [] };
  const stages = await db.transaction((tx) => ensureOnboardingStages(tx, organisationId));
  const list = await summaries(db, organisationId, stages);
  return {
    ...base,
    stages: stages.map(presentStage),
    onboardings: list.map(({ created_at: _c, updated_at: _u, ...rest }) => rest),
  };
}

/* ---------- the service ---------- */

export type HireListOptions = { page: number; perPage: number; sort: HireSort; stageIds: string[]; search: string | undefined };
type CreateDocumentInput = z.output<typeof createHireDocumentBody>;

/**
 * A role's onboarding, accepted offers to bring in, hires (table, board, moves, the new-hire link),
 * their checklists and documents. For an organisation subscribed to Onboarding (routes.ts).
 */
export function createOnboardingService(db: Db, deps: { appUrl: string; files: FileService }) {
  const { files } = deps;

  async function onboardingOf(organisationId: string, id: string) {
    const onboarding = isUuid(id) ? await findOnboarding(db, organisationId, id) : undefined;
    if (!onboarding) throw onboardingNotFound();
    return onboarding;
  }

  async function onboarding(organisationId: string, id: string): Promise<OnboardingDetail> {
    if (!isUuid(id)) throw onboardingNotFound();
    const stages = await db.transaction((tx) => ensureOnboardingStages(tx, organisationId));
    const [s] = await summaries(db, organisationId, stages, [id]);
    if (!s) throw onboardingNotFound();
    return {
      id: s.id,
      role: s.role,
      template: s.template,
      stages: stages.map(presentStage),
      stage_counts: s.stage_counts,
      hires: s.hires,
      overdue_tasks: s.overdue_tasks,
      created_at: s.created_at,
      updated_at: s.updated_at,
    };
  }

  async function hire(organisationId: string, id: string): Promise<HireDetail> {
    const today = todayUtc();
    const row = isUuid(id) ? await findHireJoined(db, organisationId, id, today) : undefined;
    if (!row) throw hireNotFound();
    const [tasks, documents] = await Promise.all([tasksOf(db, [id]), documentsOf(db, [id])]);
    return presentHireDetail(row, tasks, documents, today);
  }

  async function hireListItem(organisationId: string, id: string): Promise<HireListItem> {
    const row = await findHireJoined(db, organisationId, id, todayUtc());
    if (!row) throw hireNotFound();
    return presentHireListItem(row);
  }

  async function task(hireId: string, id: string): Promise<HireTask> {
    const row = (await tasksOf(db, [hireId])).find((t) => t.task.id === id);
    if (!row) throw taskNotFound();
    return presentTask(row, todayUtc());
  }

  async function document(organisationId: string, hireId: string, id: string): Promise<HireDocument> {
    const row = (await documentsOf(db, [hireId])).find((d) => d.document.id === id && d.document.organisationId === organisationId);
    if (!row) throw documentNotFound();
    return presentDocument(row);
  }

  async function importAcceptedOffersOnce(organisationId: string, actor: Actor, ids: string[]): Promise<ImportAcceptedOffersResponse> {
    return db.transaction(async (tx) => {
      const rows = await acceptedOffersOf(tx, organisationId, { ids });
      if (rows.length !== ids.length) throw invalid('offer_ids', ONBOARDING_TEXTS.offerUnknown);
      const result: ImportAcceptedOffersResponse = { hires: [], skipped: [] };
      for (const id of ids) {
        const row = rows.find((r) => r.offerId === id)!;
        const entered =
          row.inOnboarding || row.candidateErasedAt
            ? null
            : await enterFromAcceptedOffer(
                tx,
                {
                  id: row.offerId,
                  organisationId,
                  applicationId: row.applicationId,
                  recruitmentId: row.recruitmentId,
                  candidateId: row.candidateId,
                  startDate: row.startDate,
                },
                actor,
              );
        if (entered) result.hires.push({ offer_id: id, hire_id: entered.hire.id, onboarding_id: entered.hire.onboardingId });
        else result.skipped.push(id);
      }
      return result;
    });
  }

  return {
    /* ---------- onboardings ---------- */

    onboarding,

    /** The template new hires of the role get. */
    async updateOnboarding(
      organisationId: string,
      _actor: Actor,
      id: string,
      body: { template_id: string | null },
    ): Promise<OnboardingDetail> {
      await onboardingOf(organisationId, id);
      if (body.template_id && !(await findTemplate(db, organisationId, body.template_id))) {
        throw invalid('template_id', ONBOARDING_TEXTS.templateUnknown);
      }
      await setOnboardingTemplate(db, organisationId, id, body.template_id);
      return onboarding(organisationId, id);
    },

    /* ---------- accepted offers ---------- */

    /**
     * Accepted offers whose person is not in onboarding yet (accepted before the organisation
     * subscribed to Onboarding, or removed since). Newest acceptance first.
     */
    async acceptedOffers(organisationId: string): Promise<AcceptedOffer[]> {
      const rows = await acceptedOffersOf(db, organisationId, { onlyNotInOnboarding: true });
      return rows.map(presentAcceptedOffer);
    },

    /**
     * Each offer's person enters the role's onboarding with the offer's start date; one already in
     * it is skipped (so importing twice makes one hire). All ids must be accepted offers of the
     * organisation, else 422 and nothing changes. No new-hire e-mail: it is sent from the hire.
     */
    async importAcceptedOffers(organisationId: string, actor: Actor, offerIds: string[]): Promise<ImportAcceptedOffersResponse> {
      const ids = [...new Set(offerIds)];
      try {
        return await importAcceptedOffersOnce(organisationId, actor, ids);
      } catch (error) {
        // The same offers brought in by someone else at this moment: once more, they are skipped.
        if (isUniqueViolation(error)) return importAcceptedOffersOnce(organisationId, actor, ids);
        throw error;
      }
    },

    /* ---------- hires ---------- */

    hire,

    async hires(organisationId: string, onboardingId: string, o: HireListOptions) {
      await onboardingOf(organisationId, onboardingId);
      const { rows, total } = await listHires(db, organisationId, onboardingId, {
        ...o,
        stageIds: o.stageIds.filter(isUuid),
        today: todayUtc(),
      });
      return { hires: rows.map(presentHireListItem), total };
    },

    async board(organisationId: string, onboardingId: string): Promise<HireBoardResponse['board']> {
      await onboardingOf(organisationId, onboardingId);
      const stages = await db.transaction((tx) => ensureOnboardingStages(tx, organisationId));
      const rows = await boardHires(db, organisationId, onboardingId, todayUtc());
      return {
        columns: stages.map((s) => ({
          stage: { id: s.id, name: s.name, colour: s.colour, category: s.category as OnboardingStageCategory },
          cards: rows.filter((r) => r.hire.stageId === s.id).map(presentHireCard),
        })),
      };
    },

    /** By hand: into the role's onboarding (created when needed), first stage. 409 when already in it. */
    async createHire(organisationId: string, actor: Actor, body: CreateHireBody): Promise<HireDetail> {
      const candidate = await candidateById(db, organisationId, body.candidate_id);
      if (!candidate) throw invalid('candidate_id', ONBOARDING_TEXTS.candidateUnknown);
      if (candidate.erasedAt) throw invalid('candidate_id', ONBOARDING_TEXTS.candidateErased);
      const role = await findRole(db, organisationId, body.role_id);
      if (!role) throw invalid('role_id', ONBOARDING_TEXTS.roleUnknown);
      await assertMembers(db, organisationId, { manager_id: body.manager_id, buddy_id: body.buddy_id });
      if (body.template_id && !(await findTemplate(db, organisationId, body.template_id))) {
        throw invalid('template_id', ONBOARDING_TEXTS.templateUnknown);
      }
      // From an accepted offer: the hire is linked to it (and to its application and recruitment).
      const [offer] = body.offer_id ? await acceptedOffersOf(db, organisationId, { ids: [body.offer_id] }) : [];
      if (body.offer_id && !offer) throw invalid('offer_id', ONBOARDING_TEXTS.offerUnknown);
      if (offer && offer.candidateId !== candidate.id) throw invalid('offer_id', ONBOARDING_TEXTS.offerOfOtherCandidate);
      const created = await db
        .transaction((tx) =>
          enterOnboarding(tx, {
            organisationId,
            actor,
            candidate,
            role,
            startDate: body.start_date ?? null,
            managerId: body.manager_id ?? null,
            buddyId: body.buddy_id ?? null,
            templateId: body.template_id,
            ...(offer ? { offerId: offer.offerId, applicationId: offer.applicationId, recruitmentId: offer.recruitmentId } : {}),
          }),
        )
        .catch((error: unknown) => {
          // Two requests adding the same person at once: the unique index answers for the second.
          if (isUniqueViolation(error)) {
            throw new AppError('conflict', ONBOARDING_TEXTS.alreadyHired, { candidate_id: [ONBOARDING_TEXTS.alreadyHired] });
          }
          throw error;
        });
      return hire(organisationId, created.id);
    },

    /** Start date (due dates follow), manager and buddy (their tasks follow), first-day information. */
    async updateHire(organisationId: string, _actor: Actor, id: string, body: UpdateHireBody): Promise<HireDetail> {
      await assertMembers(db, organisationId, { manager_id: body.manager_id, buddy_id: body.buddy_id });
      await db.transaction(async (tx) => {
        const before = await lockedHire(tx, organisationId, id);
        const changes: HireChanges = {};
        if (body.start_date !== undefined) changes.startDate = body.start_date;
        if (body.manager_id !== undefined) changes.managerId = body.manager_id;
        if (body.buddy_id !== undefined) changes.buddyId = body.buddy_id;
        if (body.first_day_info !== undefined) changes.firstDayInfo = body.first_day_info;
        if (Object.keys(changes).length === 0) return;
        await updateHire(tx, organisationId, id, changes);
        await refreshTasksOf(tx, {
          id,
          startDate: changes.startDate !== undefined ? changes.startDate : before.startDate,
          managerId: changes.managerId !== undefined ? changes.managerId : before.managerId,
          buddyId: changes.buddyId !== undefined ? changes.buddyId : before.buddyId,
        });
      });
      return hire(organisationId, id);
    },

    /** The hire, its checklist and its documents (their files too). */
    async removeHire(organisationId: string, _actor: Actor, id: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        await lockedHire(tx, organisationId, id);
        const fileIds = await storedFileIdsOfHire(tx, id);
        await deleteHire(tx, organisationId, id);
        return removeFileRows(tx, organisationId, fileIds);
      });
      await files.discard(keys);
    },

    /**
     * Last write wins: the row lock serialises concurrent moves of one card; a caller who saw an
     * older version still moves it and learns of the conflict so its board refreshes.
     * A card already where the move puts it (the same move again: a double click, a retry) is left
     * as it is: no write, no version; and no conflict, as the caller's board shows it there.
     */
    async moveHire(organisationId: string, _actor: Actor, id: string, body: MoveHireBody) {
      const conflict = await db.transaction(async (tx) => {
        const before = await lockedHire(tx, organisationId, id);
        const target = await findStage(tx, organisationId, body.stage_id);
        if (!target) throw invalid('stage_id', ONBOARDING_TEXTS.stageUnknown);
        const boardPosition = await positionIn(tx, before, target.id, body.before_id ?? null, body.after_id ?? null);
        if (target.id === before.stageId && boardPosition === before.boardPosition) return false;
        const changes: HireChanges = { boardPosition };
        if (target.id !== before.stageId) {
          changes.stageId = target.id;
          changes.stageEnteredAt = new Date();
        }
        await updateHire(tx, organisationId, id, changes);
        return body.version !== undefined && body.version !== before.version;
      });
      return { hire: await hireListItem(organisationId, id), conflict };
    },

    /** A fresh link (the old one stops working), e-mailed to the hire. */
    async newHireLink(organisationId: string, _actor: Actor, id: string) {
      const now = new Date();
      const url = await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, id);
        const candidate = await candidateById(tx, organisationId, locked.candidateId);
        if (!candidate?.email || candidate.erasedAt) throw invalid('email', ONBOARDING_TEXTS.noEmail);
        const joined = await findHireJoined(tx, organisationId, id, todayUtc(now));
        const organisation = await findOrganisation(tx, organisationId);
        return issueNewHireLink(
          tx,
          locked,
          {
            name: candidate.name,
            email: candidate.email,
            organisationName: organisation?.name ?? '',
            roleName: joined?.roleName ?? '',
            startDate: locked.startDate,
          },
          deps.appUrl,
          now,
        );
      });
      return { url, sent_at: now.toISOString() };
    },

    /* ---------- a hire's checklist ---------- */

    /** A colleague's task (or nobody's), due on a date of its own. */
    async createTask(organisationId: string, _actor: Actor, hireId: string, body: CreateHireTaskBody): Promise<HireTask> {
      await assertMembers(db, organisationId, { owner_id: body.owner_id });
      const id = await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        const [row] = await insertTasks(tx, [
          {
            organisationId,
            hireId: locked.id,
            title: body.title,
            ownerKind: 'user',
            ownerId: body.owner_id ?? null,
            dueDays: null,
            dueDate: body.due_date ?? null,
            position: await nextTaskPosition(tx, locked.id),
          },
        ]);
        return row!.id;
      });
      return task(hireId, id);
    },

    /**
     * With onboarding.manage anything; otherwise only the task's owner, and only `done` (403).
     * A due date set by hand no longer follows the start date; an owner set by hand makes it a colleague's task.
     */
    async updateTask(organisationId: string, actor: Actor, hireId: string, id: string, body: UpdateHireTaskBody): Promise<HireTask> {
      const manager = mayManage(actor);
      if (manager) await assertMembers(db, organisationId, { owner_id: body.owner_id });
      await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        const before = await lockedTask(tx, organisationId, locked.id, id);
        if (!manager) {
          const own = actor.kind === 'user' && before.ownerId === actor.userId;
          if (!own) throw new AppError('forbidden', ONBOARDING_TEXTS.notTaskOwner);
          if (body.title !== undefined || body.owner_id !== undefined || body.due_date !== undefined) {
            throw new AppError('forbidden', ONBOARDING_TEXTS.onlyDone);
          }
        }
        const changes: Partial<TaskRow> = {};
        if (body.title !== undefined) changes.title = body.title;
        if (body.owner_id !== undefined) {
          changes.ownerId = body.owner_id;
          changes.ownerKind = 'user';
        }
        if (body.due_date !== undefined) {
          changes.dueDate = body.due_date;
          changes.dueDays = null;
          changes.dueNotifiedAt = null;
        }
        if (body.done !== undefined) Object.assign(changes, doneChanges(before, body.done, userIdOrNull(actor)));
        if (Object.keys(changes).length === 0) return;
        await updateTask(tx, id, changes);
      });
      return task(hireId, id);
    },

    async removeTask(organisationId: string, _actor: Actor, hireId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        await lockedTask(tx, organisationId, locked.id, id);
        await deleteTask(tx, id);
      });
    },

    /* ---------- documents to collect from a hire ---------- */

    async createDocument(organisationId: string, _actor: Actor, hireId: string, body: CreateDocumentInput): Promise<HireDocument> {
      const id = await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        const [row] = await insertDocuments(tx, [
          {
            organisationId,
            hireId: locked.id,
            name: body.name,
            description: body.description,
            position: await nextDocumentPosition(tx, locked.id),
          },
        ]);
        return row!.id;
      });
      return document(organisationId, hireId, id);
    },

    /** 404 before the body is read when the hire or the document is not this organisation's. */
    async assertDocument(organisationId: string, hireId: string, id: string): Promise<void> {
      if (!isUuid(hireId) || !isUuid(id) || !(await findDocument(db, organisationId, hireId, id))) throw documentNotFound();
    },

    async uploadDocument(organisationId: string, actor: Actor, hireId: string, id: string, upload: HireFileUpload): Promise<HireDocument> {
      await attachHireFile(db, files, { organisationId, hireId, documentId: id }, upload, userIdOrNull(actor));
      return document(organisationId, hireId, id);
    },

    async documentFile(organisationId: string, hireId: string, id: string): Promise<StoredFile> {
      const row = isUuid(hireId) && isUuid(id) ? await findDocument(db, organisationId, hireId, id) : undefined;
      if (!row) throw documentNotFound();
      if (!row.file) throw new AppError('not_found', ONBOARDING_TEXTS.fileNotUploaded);
      return row.file;
    },

    async removeDocument(organisationId: string, _actor: Actor, hireId: string, id: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        await lockedHire(tx, organisationId, hireId);
        const row = isUuid(id) ? await findDocument(tx, organisationId, hireId, id) : undefined;
        if (!row) throw documentNotFound();
        await deleteDocument(tx, id);
        return row.document.storedFileId ? removeFileRows(tx, organisationId, [row.document.storedFileId]) : [];
      });
      await files.discard(keys);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;

/* ---------- the new hire's side ---------- */

/**
 * The hire's side of onboarding: reachable with the e-mailed link only (its sha256 is all that is stored).
 * Not behind the Onboarding product (product-gate.ts): a person mid-onboarding keeps their first-day
 * information, checklist and document uploads when the organisation unsubscribes (the staff's side is
 * refused until it subscribes again, so the link cannot be replaced or the hire removed meanwhile).
 * Its routes: features/public-new-hire/routes.ts.
 */
export function createPublicNewHireService(db: Db, files: FileService) {
  async function byToken(token: string) {
    if (!isRandomToken(token)) throw linkNotFound();
    const row = await findHireByTokenHash(db, sha256(token));
    if (!row) throw linkNotFound();
    return row;
  }

  async function view(token: string): Promise<PublicNewHire> {
    const row = await byToken(token);
    const [tasks, documents, logo] = await Promise.all([
      tasksOf(db, [row.hire.id]),
      documentsOf(db, [row.hire.id]),
      files.logoOf(row.hire.organisationId),
    ]);
    return presentPublicNewHire(row, logo ? `${newHireLogoPath(token)}?v=${logo.id}` : null, tasks, documents);
  }

  /** 404 before the body is read when the link or the document is not valid. */
  async function assertDocument(token: string, documentId: string) {
    const row = await byToken(token);
    const document = /^[0-9a-f-]{36}$/i.test(documentId)
      ? await findDocument(db, row.hire.organisationId, row.hire.id, documentId)
      : undefined;
    if (!document) throw documentNotFound();
    return row;
  }

  return {
    view,
    assertDocument,

    async upload(token: string, documentId: string, upload: HireFileUpload): Promise<PublicNewHire> {
      const row = await assertDocument(token, documentId);
      await attachHireFile(db, files, { organisationId: row.hire.organisationId, hireId: row.hire.id, documentId }, upload, null);
      return view(token);
    },

    /** Ticks off or reopens one of the hire's own tasks (the same rule as the staff's tick); 404 for any other task. */
    async setTaskDone(token: string, taskId: string, done: boolean): Promise<PublicNewHire> {
      const row = await byToken(token);
      await setTaskDoneByHire(db, row.hire.organisationId, row.hire.id, taskId, done);
      return view(token);
    },

    async logo(token: string) {
      const row = await byToken(token);
      const logo = await files.logoOf(row.hire.organisationId);
      if (!logo) throw new AppError('not_found', 'This organisation has no logo.');
      return logo;
    },
  };
}
