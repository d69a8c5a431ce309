import {
  CANDIDATE_TEXTS,
  TAGS_PER_APPLICATION_MAX,
  type ApplicationDetail,
  type ApplicationListItem,
  type BoardResponse,
  type BulkApplicationsBody,
  type Candidate,
  type CreateApplicationBody,
  type MoveApplicationBody,
  type RejectApplicationBody,
  type UpdateApplicationBody,
} from '@hireloop/contract/candidates';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { positionAtEnd, positionBetween } from '../../lib/board-order.ts';
import { userIdOrNull } from '../actors/service.ts';
import { placeNewApplication } from './pipeline.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { recordActivities, type ActivityInput } from '../activities/service.ts';
import { careerApplicationSent } from '../careers/sent.ts';
import { addApplicationNote, candidateByEmail, candidateById, createCandidate, markCandidatesActive } from '../candidates/service.ts';
import { notify } from '../notifications/service.ts';
import { firstPipelineStatus, pipelineStatus, pipelineStatuses } from '../recruitment-statuses/service.ts';
import { recruitmentState } from '../recruitments/service.ts';
import { presentCandidate, presentCard, presentDetail, presentListItem, presentStatus } from './presenter.ts';
import {
  allApplications,
  boardRows,
  bulkMove,
  bulkReject,
  bulkTag,
  bulkUntag,
  candidateInRecruitment,
  filesOf,
  findApplicationDetail,
  findApplicationListRow,
  hasNote,
  hiringTeamUserIds,
  insertStageChanges,
  statementClock as clockNow,
  lastPosition,
  listApplications,
  lockApplication,
  lockApplicationsOf,
  moveApplicationsToCandidate,
  otherApplicationsOf,
  positionsAround,
  renumberColumn,
  stageHistory,
  updateApplication,
  type ApplicationChanges,
  type ApplicationFilters,
  type ApplicationRow,
  type ApplicationSort,
  type CandidateRow,
} from './repository.ts';

/** Rows one CSV export may hold. */
export const EXPORT_MAX_ROWS = 50_000;

const applicationNotFound = () => new AppError('not_found', CANDIDATE_TEXTS.applicationNotFound);
const recruitmentNotFound = () => new AppError('not_found', RECRUITMENT_TEXTS.notFound);
const invalid = (field: string, message: string) => validationFailed({ [field]: [message] }, message);
const conflict = (field: string, message: string) => new AppError('conflict', message, { [field]: [message] });

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * Runs a transaction again when PostgreSQL picked it as a deadlock victim: two moves renumbering
 * one column at once can each hold a card the other's renumbering needs. The retry sees the winner's result.
 */
async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } } | undefined;
      const deadlock = e?.code === '40P01' || e?.cause?.code === '40P01';
      if (!deadlock || i >= attempts) throw error;
    }
  }
}

type Recruitment = NonNullable<Awaited<ReturnType<typeof recruitmentState>>>;

function assertOpen(recruitment: Recruitment, field = 'recruitment') {
  if (recruitment.status === 'closed') throw invalid(field, CANDIDATE_TEXTS.recruitmentClosed);
}

/**
 * The timeline of a new application: first, when the person is new, 'candidate.created' (on the
 * candidate only, with where they came from), then 'application.created' with `data`.
 */
export function newApplicationActivities(
  entry: Omit<ActivityInput, 'type' | 'data'>,
  candidate: { isNew: boolean; source: string | null },
  data: Record<string, unknown>,
): ActivityInput[] {
  return [
    ...(candidate.isNew
      ? [
          {
            ...entry,
            applicationId: null,
            recruitmentId: null,
            type: 'candidate.created' as const,
            data: { source: candidate.source },
          },
        ]
      : []),
    { ...entry, type: 'application.created', data },
  ];
}

/** Tells the recruitment's hiring team (but not `exceptUserId`, who made it) of a new application. */
export async function notifyNewApplication(
  tx: Db,
  application: { id: string; organisationId: string; recruitmentId: string; candidateId: string },
  text: { title: string; body: string },
  exceptUserId: string | null = null,
) {
  for (const userId of await hiringTeamUserIds(tx, application.recruitmentId)) {
    if (userId === exceptUserId) continue;
    await notify(tx, {
      userId,
      organisationId: application.organisationId,
      type: 'new_application',
      data: { ...text, url: `/recruitment/${application.recruitmentId}/candidates?application=${application.id}` },
      candidateId: application.candidateId,
    });
  }
}

/**
 * Merge of two candidates (candidates/service.ts, through features/candidates/owners.ts): the
 * source's applications become the target's; `drop` (the source's in recruitments the target is
 * in, their notes and timeline already moved to the target's) are deleted. Returns how many moved.
 */
export async function moveCandidateApplications(tx: Db, organisationId: string, sourceId: string, targetId: string, drop: string[]) {
  return moveApplicationsToCandidate(tx, organisationId, sourceId, targetId, drop);
}

export type CreateResult = { application: ApplicationDetail } | { duplicate: Candidate };

/** The filters a caller gives: without a state, the table shows the active applications. */
export type ApplicationFilterInput = Omit<ApplicationFilters, 'state' | 'ids'> & { state?: ApplicationFilters['state'] | undefined };
const filtersOf = (f: ApplicationFilterInput): ApplicationFilters => ({ ...f, state: f.state ?? 'active' });

export function createApplicationService(db: Db) {
  async function recruitmentOf(tx: Db, organisationId: string, id: string) {
    const recruitment = await recruitmentState(tx, organisationId, id);
    if (!recruitment) throw recruitmentNotFound();
    return recruitment;
  }

  async function detail(organisationId: string, id: string): Promise<ApplicationDetail> {
    const d = await findApplicationDetail(db, organisationId, id);
    if (!d) throw applicationNotFound();
    const [history, files, others, sent] = await Promise.all([
      stageHistory(db, id),
      filesOf(db, organisationId, d.candidate.id),
      otherApplicationsOf(db, organisationId, d.candidate.id, id),
      careerApplicationSent(db, organisationId, id),
    ]);
    return presentDetail(organisationId, d, history, files, others, sent);
  }

  async function listItem(organisationId: string, id: string): Promise<ApplicationListItem> {
    const row = await findApplicationListRow(db, organisationId, id);
    if (!row) throw applicationNotFound();
    return presentListItem(row);
  }

  /** Locks the application and checks its recruitment takes changes. */
  async function lockWritable(tx: Db, organisationId: string, id: string) {
    const locked = await lockApplication(tx, organisationId, id);
    if (!locked) throw applicationNotFound();
    assertOpen(locked.recruitment);
    return locked;
  }

  /** Where the card lands: before `beforeId` (a card of the column) or at the end (lib/board-order.ts). */
  async function positionIn(tx: Db, application: ApplicationRow, statusId: string, beforeId: string | null): Promise<number> {
    const { recruitmentId, id } = application;
    if (beforeId === id) {
      if (application.statusId === statusId) return application.boardPosition;
    } else if (beforeId) {
      const between = async () => {
        const around = await positionsAround(tx, recruitmentId, statusId, beforeId, id);
        return around && positionBetween(around.previous, around.before, around.ties > 0);
      };
      let at = await between();
      if (at === 'renumber') {
        await renumberColumn(tx, recruitmentId, statusId, id);
        at = await between();
      }
      // A card that left the column meanwhile: the end, as without before_id.
      if (typeof at === 'number') return at;
    }
    return positionAtEnd(await lastPosition(tx, recruitmentId, statusId, id));
  }

  const base = (organisationId: string, actor: Actor, a: { id: string; candidateId: string; recruitmentId: string }) => ({
    organisationId,
    actor,
    applicationId: a.id,
    candidateId: a.candidateId,
    recruitmentId: a.recruitmentId,
  });

  return {
    detail,

    async list(
      organisationId: string,
      recruitmentId: string,
      o: { page: number; perPage: number; sort: ApplicationSort; filters: ApplicationFilterInput },
    ) {
      const found = await listApplications(db, organisationId, recruitmentId, { ...o, filters: filtersOf(o.filters) });
      if (!found) throw recruitmentNotFound();
      return { applications: found.rows.map(presentListItem), total: found.total };
    },

    async board(organisationId: string, recruitmentId: string): Promise<BoardResponse['board']> {
      const rows = await boardRows(db, organisationId, recruitmentId);
      if (!rows) throw recruitmentNotFound();
      const columns: BoardResponse['board']['columns'] = [];
      for (const { status, card } of rows) {
        if (!status) continue;
        if (columns.at(-1)?.status.id !== status.id) columns.push({ status: presentStatus(status), cards: [] });
        if (card) columns.at(-1)!.cards.push(presentCard(card));
      }
      return { columns };
    },

    /**
     * The rows of a CSV export and the recruitment's name for the file name. A selection (`ids`) is
     * exported whatever its state; the other filters still apply.
     */
    async exportRows(
      organisationId: string,
      recruitmentId: string,
      o: { sort: ApplicationSort; filters: ApplicationFilterInput; ids?: string[] | undefined },
    ) {
      const recruitment = await recruitmentOf(db, organisationId, recruitmentId);
      const filters = o.ids === undefined ? filtersOf(o.filters) : { ...o.filters, ids: o.ids, state: 'all' as const };
      const rows = await allApplications(db, organisationId, recruitmentId, { sort: o.sort, filters, limit: EXPORT_MAX_ROWS });
      return { recruitmentName: recruitment.name, rows };
    },

    async create(organisationId: string, actor: Actor, recruitmentId: string, body: CreateApplicationBody): Promise<CreateResult> {
      const actorUserId = userIdOrNull(actor);
      let result: { id: string } | { duplicate: CandidateRow };
      try {
        result = await db.transaction(async (tx) => {
          const recruitment = await recruitmentOf(tx, organisationId, recruitmentId);
          assertOpen(recruitment);
          const status = body.status_id
            ? await pipelineStatus(tx, organisationId, body.status_id)
            : await firstPipelineStatus(tx, organisationId);
          if (!status) throw invalid('status_id', CANDIDATE_TEXTS.statusUnknown);
          let candidate: CandidateRow;
          const isNew = Boolean(body.candidate);
          if (body.candidate) {
            const c = body.candidate;
            const existing = await candidateByEmail(tx, organisationId, c.email);
            if (existing) return { duplicate: existing };
            candidate = await createCandidate(tx, {
              organisationId,
              name: c.name,
              email: c.email,
              phone: c.phone || null,
              location: c.location || null,
              links: c.links ?? [],
              source: body.source ?? 'sourced',
              consent: c.consent_source ? { source: c.consent_source, note: c.consent_note || null } : null,
              createdById: actorUserId,
            });
          } else {
            const found = body.candidate_id ? await candidateById(tx, organisationId, body.candidate_id) : null;
            if (!found) throw invalid('candidate_id', CANDIDATE_TEXTS.notFound);
            if (found.erasedAt) throw invalid('candidate_id', CANDIDATE_TEXTS.erased);
            if (await candidateInRecruitment(tx, recruitment.id, found.id))
              throw conflict('candidate_id', CANDIDATE_TEXTS.alreadyInRecruitment);
            candidate = found;
          }
          const application = await placeNewApplication(
            tx,
            {
              organisationId,
              candidateId: candidate.id,
              recruitmentId: recruitment.id,
              rating: body.rating ?? null,
              source: body.source ?? candidate.source,
              tags: unique(body.tags ?? []),
            },
            status,
            actorUserId,
          );
          const entry = base(organisationId, actor, application);
          await recordActivities(
            tx,
            newApplicationActivities(entry, { isNew, source: candidate.source }, { recruitment: recruitment.name, status: status.name }),
          );
          await markCandidatesActive(tx, organisationId, [candidate.id]);
          await notifyNewApplication(tx, application, { title: `New candidate in ${recruitment.name}`, body: candidate.name }, actorUserId);
          return { id: application.id };
        });
      } catch (error) {
        // Two requests for the same person at once: the unique indexes decide, with the same answers.
        if (body.candidate && isUniqueViolation(error, 'candidates_organisation_email_idx')) {
          const existing = await candidateByEmail(db, organisationId, body.candidate.email);
          if (existing) return { duplicate: presentCandidate(existing) };
        }
        if (isUniqueViolation(error, 'applications_recruitment_candidate_idx'))
          throw conflict('candidate_id', CANDIDATE_TEXTS.alreadyInRecruitment);
        throw error;
      }
      if ('duplicate' in result) return { duplicate: presentCandidate(result.duplicate) };
      return { application: await detail(organisationId, result.id) };
    },

    async update(organisationId: string, actor: Actor, id: string, body: UpdateApplicationBody): Promise<ApplicationDetail> {
      await db.transaction(async (tx) => {
        const { application: before } = await lockWritable(tx, organisationId, id);
        const changes: ApplicationChanges = {};
        const entries: ActivityInput[] = [];
        const entry = base(organisationId, actor, before);
        if (body.rating !== undefined && body.rating !== before.rating) {
          changes.rating = body.rating;
          entries.push({ ...entry, type: 'application.rated', data: { rating: body.rating, previous: before.rating } });
        }
        if (body.tags !== undefined) {
          const tags = unique(body.tags);
          if (tags.join('\u0000') !== before.tags.join('\u0000')) {
            changes.tags = tags;
            const added = tags.filter((t) => !before.tags.includes(t));
            const removed = before.tags.filter((t) => !tags.includes(t));
            if (added.length > 0 || removed.length > 0) entries.push({ ...entry, type: 'application.tagged', data: { added, removed } });
          }
        }
        if (body.source !== undefined && body.source !== before.source) changes.source = body.source;
        if (Object.keys(changes).length === 0) return;
        await updateApplication(tx, organisationId, id, changes);
        await recordActivities(tx, entries);
        await markCandidatesActive(tx, organisationId, [before.candidateId]);
      });
      return detail(organisationId, id);
    },

    /**
     * Last write wins: the row lock serialises concurrent moves of one card; a caller who saw an
     * older version still moves it and learns of the conflict so its board refreshes.
     * A card already where the move puts it (the same move again: a double click, a retry) is left
     * as it is: no write, no version, no history; and no conflict, as the caller's board shows it there.
     */
    async move(organisationId: string, actor: Actor, id: string, body: MoveApplicationBody) {
      const conflicted = await retryingDeadlocks(() =>
        db.transaction(async (tx) => {
          const { application: before } = await lockWritable(tx, organisationId, id);
          if (before.rejectedAt) throw invalid('status_id', CANDIDATE_TEXTS.alreadyRejected);
          // The target and the card's status in one read of the pipeline (a few rows).
          const statuses = await pipelineStatuses(tx, organisationId);
          const target = statuses.find((s) => s.id === body.status_id);
          if (!target) throw invalid('status_id', CANDIDATE_TEXTS.statusUnknown);
          const boardPosition = await positionIn(tx, before, target.id, body.before_id ?? null);
          if (target.id === before.statusId && boardPosition === before.boardPosition) return false;
          const changes: ApplicationChanges = { boardPosition };
          if (target.id !== before.statusId) {
            const from = statuses.find((s) => s.id === before.statusId);
            changes.statusId = target.id;
            changes.stageEnteredAt = clockNow;
            changes.hiredAt = target.category === 'hired' ? (before.hiredAt ?? clockNow) : null;
            await insertStageChanges(tx, [
              {
                organisationId,
                applicationId: id,
                recruitmentId: before.recruitmentId,
                fromStatusId: before.statusId,
                toStatusId: target.id,
                movedById: userIdOrNull(actor),
                movedAt: clockNow,
              },
            ]);
            await recordActivities(tx, [
              {
                ...base(organisationId, actor, before),
                type: 'application.moved',
                data: { from: from?.name ?? null, to: target.name, from_id: before.statusId, to_id: target.id },
              },
            ]);
            await markCandidatesActive(tx, organisationId, [before.candidateId]);
          }
          await updateApplication(tx, organisationId, id, changes);
          return body.version !== undefined && body.version !== before.version;
        }),
      );
      return { application: await listItem(organisationId, id), conflict: conflicted };
    },

    async reject(organisationId: string, actor: Actor, id: string, body: RejectApplicationBody): Promise<ApplicationDetail> {
      await db.transaction(async (tx) => {
        const { application } = await lockWritable(tx, organisationId, id);
        if (application.rejectedAt) {
          // The same rejection again (a double click, a retry): its reason, and its note when one is
          // given, are already recorded, so it answers with the application as it is. Another reason is refused.
          const repeated =
            application.rejectionReason === body.reason && (!body.note || (await hasNote(tx, id, userIdOrNull(actor), body.note)));
          if (repeated) return;
          throw invalid('reason', CANDIDATE_TEXTS.alreadyRejected);
        }
        await updateApplication(tx, organisationId, id, {
          rejectedAt: clockNow,
          rejectionReason: body.reason,
          rejectedById: userIdOrNull(actor),
        });
        if (body.note) {
          await addApplicationNote(tx, {
            organisationId,
            candidateId: application.candidateId,
            applicationId: id,
            authorId: userIdOrNull(actor),
            body: body.note,
          });
        }
        await recordActivities(tx, [
          { ...base(organisationId, actor, application), type: 'application.rejected', data: { reason: body.reason } },
        ]);
        await markCandidatesActive(tx, organisationId, [application.candidateId]);
      });
      return detail(organisationId, id);
    },

    async restore(organisationId: string, actor: Actor, id: string): Promise<ApplicationDetail> {
      await db.transaction(async (tx) => {
        const { application } = await lockWritable(tx, organisationId, id);
        if (!application.rejectedAt) throw invalid('application', CANDIDATE_TEXTS.notRejected);
        await updateApplication(tx, organisationId, id, {
          rejectedAt: null,
          rejectionReason: null,
          rejectedById: null,
          boardPosition: positionAtEnd(await lastPosition(tx, application.recruitmentId, application.statusId, id)),
        });
        await recordActivities(tx, [{ ...base(organisationId, actor, application), type: 'application.restored' }]);
        await markCandidatesActive(tx, organisationId, [application.candidateId]);
      });
      return detail(organisationId, id);
    },

    /** To another open recruitment, into its first status; the history goes along. */
    async transfer(organisationId: string, actor: Actor, id: string, targetId: string): Promise<ApplicationDetail> {
      try {
        await db.transaction(async (tx) => {
          const { application, recruitment: source } = await lockWritable(tx, organisationId, id);
          const target = await recruitmentState(tx, organisationId, targetId);
          if (!target || target.id === source.id) throw invalid('recruitment_id', CANDIDATE_TEXTS.recruitmentUnknown);
          assertOpen(target, 'recruitment_id');
          if (await candidateInRecruitment(tx, target.id, application.candidateId)) {
            throw conflict('recruitment_id', CANDIDATE_TEXTS.alreadyInRecruitment);
          }
          const [first] = await pipelineStatuses(tx, organisationId);
          if (!first) throw invalid('recruitment_id', CANDIDATE_TEXTS.statusUnknown);
          await updateApplication(tx, organisationId, id, {
            recruitmentId: target.id,
            statusId: first.id,
            boardPosition: positionAtEnd(await lastPosition(tx, target.id, first.id)),
            stageEnteredAt: clockNow,
            hiredAt: first.category === 'hired' ? clockNow : null,
            rejectedAt: null,
            rejectionReason: null,
            rejectedById: null,
          });
          await insertStageChanges(tx, [
            {
              organisationId,
              applicationId: id,
              recruitmentId: target.id,
              fromStatusId: application.statusId,
              toStatusId: first.id,
              movedById: userIdOrNull(actor),
              movedAt: clockNow,
            },
          ]);
          await recordActivities(tx, [
            {
              ...base(organisationId, actor, application),
              recruitmentId: target.id,
              type: 'application.transferred',
              data: { from: source.name, to: target.name, from_id: source.id, to_id: target.id },
            },
          ]);
          await markCandidatesActive(tx, organisationId, [application.candidateId]);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'applications_recruitment_candidate_idx')) {
          throw conflict('recruitment_id', CANDIDATE_TEXTS.alreadyInRecruitment);
        }
        throw error;
      }
      return detail(organisationId, id);
    },

    /** All or nothing: every id must be an application of the recruitment; one transaction, batched statements. */
    async bulk(organisationId: string, actor: Actor, recruitmentId: string, body: BulkApplicationsBody): Promise<{ updated: number }> {
      return db.transaction(async (tx) => {
        const recruitment = await recruitmentOf(tx, organisationId, recruitmentId);
        assertOpen(recruitment);
        const ids = unique(body.ids);
        const rows = await lockApplicationsOf(tx, organisationId, recruitmentId, ids);
        const missing = ids.length - rows.length;
        if (missing > 0) {
          throw invalid(
            'ids',
            `${missing} of the ${ids.length} selected applications ${missing === 1 ? 'is' : 'are'} not in this recruitment; nothing was changed.`,
          );
        }
        const userId = userIdOrNull(actor);
        const entry = (r: (typeof rows)[number]) => base(organisationId, actor, { ...r, recruitmentId });
        let changed: typeof rows;
        let entries: ActivityInput[];
        switch (body.action) {
          case 'move': {
            const target = await pipelineStatus(tx, organisationId, body.status_id);
            if (!target) throw invalid('status_id', CANDIDATE_TEXTS.statusUnknown);
            const names = new Map((await pipelineStatuses(tx, organisationId)).map((s) => [s.id, s.name]));
            changed = rows.filter((r) => !r.rejectedAt && r.statusId !== target.id);
            await bulkMove(
              tx,
              recruitmentId,
              changed.map((r) => r.id),
              target.id,
              target.category === 'hired',
            );
            await insertStageChanges(
              tx,
              changed.map((r) => ({
                organisationId,
                applicationId: r.id,
                recruitmentId,
                fromStatusId: r.statusId,
                toStatusId: target.id,
                movedById: userId,
                movedAt: clockNow,
              })),
            );
            entries = changed.map((r) => ({
              ...entry(r),
              type: 'application.moved' as const,
              data: { from: names.get(r.statusId) ?? null, to: target.name, from_id: r.statusId, to_id: target.id },
            }));
            break;
          }
          case 'reject':
            changed = rows.filter((r) => !r.rejectedAt);
            await bulkReject(
              tx,
              changed.map((r) => r.id),
              body.reason,
              userId,
            );
            entries = changed.map((r) => ({ ...entry(r), type: 'application.rejected' as const, data: { reason: body.reason } }));
            break;
          case 'tag': {
            const tags = unique(body.tags);
            changed = rows.filter((r) => tags.some((t) => !r.tags.includes(t)));
            const over = changed.filter((r) => unique([...r.tags, ...tags]).length > TAGS_PER_APPLICATION_MAX).length;
            if (over > 0)
              throw invalid('tags', `${over} of the selected applications would have more than ${TAGS_PER_APPLICATION_MAX} tags.`);
            await bulkTag(
              tx,
              changed.map((r) => r.id),
              tags,
            );
            entries = changed.map((r) => ({
              ...entry(r),
              type: 'application.tagged' as const,
              data: { added: tags.filter((t) => !r.tags.includes(t)), removed: [] },
            }));
            break;
          }
          case 'untag': {
            const tags = unique(body.tags);
            changed = rows.filter((r) => tags.some((t) => r.tags.includes(t)));
            await bulkUntag(
              tx,
              changed.map((r) => r.id),
              tags,
            );
            entries = changed.map((r) => ({
              ...entry(r),
              type: 'application.tagged' as const,
              data: { added: [], removed: tags.filter((t) => r.tags.includes(t)) },
            }));
            break;
          }
        }
        await recordActivities(tx, entries);
        await markCandidatesActive(
          tx,
          organisationId,
          changed.map((r) => r.candidateId),
        );
        return { updated: changed.length };
      });
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
