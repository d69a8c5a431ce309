import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { positionAtEnd } from '../../lib/board-order.ts';
import { escapeHtml } from '../../lib/html.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { recordActivity } from '../activities/service.ts';
import { userIdOrNull } from '../actors/service.ts';
import { candidateById } from '../candidates/service.ts';
import { enqueueMail } from '../mail/service.ts';
import { notify } from '../notifications/service.ts';
import { ensureOnboardingStages } from '../onboarding-stages/defaults.ts';
import { findTemplateRow as findTemplate } from '../onboarding-templates/service.ts';
import { hirePagePath, newHirePath } from './links.ts';
import { subscribedToOnboarding } from './product.ts';
import {
  findHireOf,
  findOrganisation,
  findRole,
  hiringManagerOf,
  insertDocuments,
  insertHire,
  insertTasks,
  lastPositionOf,
  onboardingOfRole,
  roleIdOfRecruitment,
  updateHire,
  type HireRow,
  type TemplateDocument,
  type TemplateTask,
} from './repository.ts';

/*
 * Entering onboarding: by hand, from an accepted offer (at its acceptance or brought in later), with
 * the template's checklist copied, and the new-hire link e-mailed.
 */

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

/** An accepted offer, as the offers feature hands it over. */
export type AcceptedOfferFacts = {
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
export async function enterFromAcceptedOffer(
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
