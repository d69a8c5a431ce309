import type {
  AcceptedOffer,
  HireCard,
  HireDetail,
  HireDocument,
  HireListItem,
  HireTask,
  OnboardingStageCategory,
  OnboardingStageCount,
  OnboardingSummary,
  PublicNewHire,
  TaskOwnerKind,
  UserRef,
} from '@hireloop/contract/onboarding';
import type {
  AcceptedOfferRow,
  DocumentJoined,
  HireJoined,
  OnboardingFigures,
  OnboardingHeader,
  TaskJoined,
  TokenHire,
} from './repository.ts';

/** The day in UTC, YYYY-MM-DD: tasks due before it are overdue. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** A role's onboarding on the dashboard (and, with its times, in its own detail). */
export function presentOnboardingSummary(
  h: OnboardingHeader,
  stageCounts: OnboardingStageCount[],
  f: OnboardingFigures | undefined,
): OnboardingSummary & { created_at: string; updated_at: string } {
  return {
    id: h.id,
    role: { id: h.roleId, name: h.roleName, team: h.teamId && h.teamName !== null ? { id: h.teamId, name: h.teamName } : null },
    template: h.templateId && h.templateName !== null ? { id: h.templateId, name: h.templateName } : null,
    hires: stageCounts.reduce((n, c) => n + c.count, 0),
    stage_counts: stageCounts,
    overdue_tasks: f?.overdue ?? 0,
    next_start_date: f?.nextStart ?? null,
    created_at: h.createdAt.toISOString(),
    updated_at: h.updatedAt.toISOString(),
  };
}

export const presentAcceptedOffer = (r: AcceptedOfferRow): AcceptedOffer => ({
  offer_id: r.offerId,
  candidate: { id: r.candidateId, name: r.candidateName, email: r.candidateEmail },
  role: { id: r.roleId, name: r.roleName },
  recruitment: { id: r.recruitmentId, name: r.recruitmentName },
  start_date: r.startDate,
  accepted_at: r.decidedAt?.toISOString() ?? null,
});

const userRef = (id: string | null, name: string | null, email: string | null): UserRef | null =>
  id && name !== null ? { id, name, email } : null;

export function presentHireListItem(r: HireJoined): HireListItem {
  const h = r.hire;
  return {
    id: h.id,
    onboarding_id: h.onboardingId,
    candidate: { id: h.candidateId, name: r.candidateName, email: r.candidateEmail },
    role: { id: r.roleId, name: r.roleName },
    stage: { id: h.stageId, name: r.stageName, colour: r.stageColour, category: r.stageCategory as OnboardingStageCategory },
    start_date: h.startDate,
    manager: userRef(h.managerId, r.managerName, r.managerEmail),
    buddy: userRef(h.buddyId, r.buddyName, r.buddyEmail),
    tasks_done: r.tasksDone,
    tasks_total: r.tasksTotal,
    overdue: r.overdue,
    documents_uploaded: r.documentsUploaded,
    documents_total: r.documentsTotal,
    new_hire_link_sent_at: h.tokenIssuedAt?.toISOString() ?? null,
    stage_entered_at: h.stageEnteredAt.toISOString(),
    version: h.version,
    created_at: h.createdAt.toISOString(),
    updated_at: h.updatedAt.toISOString(),
  };
}

export function presentHireCard(r: HireJoined): HireCard {
  const h = r.hire;
  return {
    id: h.id,
    candidate_id: h.candidateId,
    name: r.candidateName,
    start_date: h.startDate,
    manager: userRef(h.managerId, r.managerName, r.managerEmail),
    buddy: userRef(h.buddyId, r.buddyName, r.buddyEmail),
    tasks_done: r.tasksDone,
    tasks_total: r.tasksTotal,
    overdue: r.overdue,
    stage_entered_at: h.stageEnteredAt.toISOString(),
    version: h.version,
  };
}

export function presentTask(r: TaskJoined, today: string): HireTask {
  const t = r.task;
  return {
    id: t.id,
    hire_id: t.hireId,
    title: t.title,
    owner_kind: t.ownerKind as TaskOwnerKind,
    owner: userRef(t.ownerId, r.ownerName, r.ownerEmail),
    due_days: t.dueDays,
    due_date: t.dueDate,
    done: t.doneAt !== null,
    done_at: t.doneAt?.toISOString() ?? null,
    done_by: t.doneById && r.doneByName !== null ? { id: t.doneById, name: r.doneByName } : null,
    overdue: t.doneAt === null && t.dueDate !== null && t.dueDate < today,
    position: t.position,
  };
}

export function presentDocument(r: DocumentJoined): HireDocument {
  const d = r.document;
  return {
    id: d.id,
    hire_id: d.hireId,
    name: d.name,
    description: d.description,
    position: d.position,
    file: r.file ? { filename: r.file.filename, content_type: r.file.contentType, size: r.file.size } : null,
    uploaded_at: r.file ? (d.uploadedAt?.toISOString() ?? null) : null,
    uploaded_by: d.uploadedById && r.uploaderName ? { id: d.uploadedById, name: r.uploaderName } : null,
  };
}

export function presentHireDetail(r: HireJoined, tasks: TaskJoined[], documents: DocumentJoined[], today: string): HireDetail {
  return {
    ...presentHireListItem(r),
    template: r.hire.templateId && r.templateName !== null ? { id: r.hire.templateId, name: r.templateName } : null,
    first_day_info: r.hire.firstDayInfo,
    application_id: r.hire.applicationId,
    offer_id: r.hire.offerId,
    tasks: tasks.map((t) => presentTask(t, today)),
    documents: documents.map(presentDocument),
  };
}

export function presentPublicNewHire(
  r: TokenHire,
  logoUrl: string | null,
  tasks: TaskJoined[],
  documents: DocumentJoined[],
): PublicNewHire {
  const person = (name: string | null, email: string | null) => (name !== null ? { name, email } : null);
  return {
    name: r.candidateName,
    organisation: { name: r.organisationName, logo_url: logoUrl },
    role: r.roleName,
    start_date: r.hire.startDate,
    first_day_info: r.hire.firstDayInfo,
    manager: r.hire.managerId ? person(r.managerName, r.managerEmail) : null,
    buddy: r.hire.buddyId ? person(r.buddyName, r.buddyEmail) : null,
    documents: documents.map((d) => ({
      id: d.document.id,
      name: d.document.name,
      description: d.document.description,
      uploaded_at: d.file ? (d.document.uploadedAt?.toISOString() ?? null) : null,
      filename: d.file?.filename ?? null,
    })),
    tasks: tasks
      .filter((t) => t.task.ownerKind === 'new_hire')
      .map((t) => ({ id: t.task.id, title: t.task.title, due_date: t.task.dueDate, done: t.task.doneAt !== null })),
  };
}
