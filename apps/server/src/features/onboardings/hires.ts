import {
  ONBOARDING_TEXTS,
  type CreateHireBody,
  type HireBoardResponse,
  type HireDetail,
  type HireListItem,
  type MoveHireBody,
  type OnboardingStageCategory,
  type UpdateHireBody,
} from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { positionAtEnd, positionBetween, renumbered } from '../../lib/board-order.ts';
import { isUuid } from '../../lib/ids.ts';
import { candidateById } from '../candidates/service.ts';
import { removeFileRows, type FileService } from '../files/service.ts';
import { ensureOnboardingStages } from '../onboarding-stages/defaults.ts';
import { findStageRow as findStage } from '../onboarding-stages/service.ts';
import { findTemplateRow as findTemplate } from '../onboarding-templates/service.ts';
import { assertMembers, hireNotFound, invalid, lockedHire, onboardingOf } from './checks.ts';
import { enterOnboarding, issueNewHireLink } from './entering.ts';
import { presentHireCard, presentHireDetail, presentHireListItem, todayUtc } from './presenter.ts';
import {
  acceptedOffersOf,
  boardHires,
  columnOf,
  deleteHire,
  deleteHires,
  documentsOf,
  findHireJoined,
  findOrganisation,
  findRole,
  listHires,
  lockHiresOfCandidate,
  refreshTasksOf,
  setPositions,
  storedFileIdsOfHires,
  tasksOf,
  updateHire,
  type HireChanges,
  type HireRow,
  type HireSort,
} from './repository.ts';

/* A role's hires: the table, the board and its moves, one hire, adding by hand, changing, removing, the new-hire link. */

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

/**
 * Candidate erasure (features/candidates/owners.ts), in its transaction: the person's hires go,
 * with their checklists, documents and the new-hire link (its page then answers 404, and takes no
 * upload); the documents' file rows go through the files feature. Returns the stored keys, whose
 * bytes the erasure removes once it has committed. The hires are locked first, so an upload
 * through the link either committed before (its file is found here) or finds no hire after.
 */
export async function eraseCandidateOnboarding(tx: Db, organisationId: string, person: { id: string }): Promise<{ fileKeys: string[] }> {
  const hireIds = await lockHiresOfCandidate(tx, organisationId, person.id);
  if (hireIds.length === 0) return { fileKeys: [] };
  const fileIds = await storedFileIdsOfHires(tx, hireIds);
  await deleteHires(tx, organisationId, hireIds);
  return { fileKeys: await removeFileRows(tx, organisationId, fileIds) };
}

export type HireListOptions = { page: number; perPage: number; sort: HireSort; stageIds: string[]; search: string | undefined };

/** The hires of the organisation's onboardings (service.ts). */
export function createHiresService(db: Db, deps: { appUrl: string; files: FileService }) {
  const { files } = deps;

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

  return {
    hire,

    async hires(organisationId: string, onboardingId: string, o: HireListOptions) {
      await onboardingOf(db, organisationId, onboardingId);
      const { rows, total } = await listHires(db, organisationId, onboardingId, {
        ...o,
        stageIds: o.stageIds.filter(isUuid),
        today: todayUtc(),
      });
      return { hires: rows.map(presentHireListItem), total };
    },

    async board(organisationId: string, onboardingId: string): Promise<HireBoardResponse['board']> {
      await onboardingOf(db, organisationId, onboardingId);
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
        const fileIds = await storedFileIdsOfHires(tx, [id]);
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
  };
}
