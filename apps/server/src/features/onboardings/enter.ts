import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { positionAtEnd } from '../../lib/board-order.ts';
import { escapeHtml } from '../../lib/html.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { recordActivity } from '../activities/service.ts';
import { userIdOrNull } from '../actors/service.ts';
import { enqueueMail } from '../mail/service.ts';
import { notify } from '../notifications/service.ts';
import { ensureOnboardingStages } from '../onboarding-stages/defaults.ts';
import { findTemplateRow as findTemplate } from '../onboarding-templates/service.ts';
import {
  findHireOf,
  type TemplateDocument,
  type TemplateTask,
  insertDocuments,
  insertHire,
  insertTasks,
  lastPositionOf,
  onboardingOfRole,
  updateHire,
  type HireRow,
} from './repository.ts';

/** Where a hire's page in the app is. */
export const hirePagePath = (onboardingId: string, hireId: string) => `/onboarding/${onboardingId}?hire=${hireId}`;
/** The new-hire page (public, tokenised). */
export const newHirePath = (token: string) => `/new-hire/${token}`;

/** `start + days` as YYYY-MM-DD. */
export function addDays(start: string, days: number): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Who owns a task of this kind on a hire with this manager and buddy. */
export function ownerFor(task: Pick<TemplateTask, 'owner' | 'owner_user_id'>, hire: { managerId: string | null; buddyId: string | null }) {
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

export type EnterInput = {
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
 * Puts the candidate into the role's onboarding (created when needed) in the first stage, with
 * the template's tasks (due relative to the start date, owners resolved) and documents copied;
 * notifies the manager, the buddy and the task owners; records it on the candidate's timeline.
 * Runs in the caller's transaction. 409 when the candidate is already in the onboarding.
 */
export async function enterOnboarding(tx: Db, input: EnterInput): Promise<HireRow> {
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
export async function issueNewHireLink(
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
