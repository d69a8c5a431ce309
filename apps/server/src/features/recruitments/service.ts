import {
  ACTIVE_RECRUITMENT_STATES,
  RECRUITMENT_STATE_LABELS,
  RECRUITMENT_TEXTS,
  type CreateRecruitmentBody,
  type Recruitment,
  type RecruitmentAnalytics,
  type RecruitmentDetail,
  type RecruitmentState,
  type RecruitmentStatusFilter,
  type UpdateRecruitmentBody,
} from '@hireloop/contract/recruitments';
import type { StatusCategory } from '@hireloop/contract/recruitment-statuses';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { assertRecruitmentAvailable } from '../billing/limits.ts';
import { notify } from '../notifications/service.ts';
import { auditRecruitment, countsOf, presentHiringTeamMember, presentRecruitment, type PipelineStatus } from './presenter.ts';
import {
  applicationsPerWeek,
  findRecruitmentState,
  currentByStatus,
  deleteRecruitment,
  findRecruitment,
  furthestPositions,
  hasApplications,
  hireDurations,
  hiringTeamOf,
  hiringTeamRows,
  insertRecruitment,
  listRecruitments,
  lockRecruitment,
  lockRoleForRecruitment,
  organisationMemberIds,
  pipelineOf,
  rejectedStageReach,
  rejectionReasonCounts,
  replaceHiringTeam,
  sourceCounts,
  stageCountsOf,
  stageDurations,
  updateRecruitment,
  type RecruitmentFilters,
  type RecruitmentRow,
  type RecruitmentSort,
  type RecruitmentValues,
} from './repository.ts';

export const recruitmentNotFound = () => new AppError('not_found', RECRUITMENT_TEXTS.notFound);
const NO_REASON = 'No reason given';
const AUDIT_KEYS = {
  name: 'name',
  ownerId: 'owner_id',
  openings: 'openings',
  targetDate: 'target_date',
  description: 'description_length',
} as const;

type HiringTeamInput = NonNullable<CreateRecruitmentBody['hiring_team']>;

/** One entry per person (the first one given wins). */
const dedupe = (team: HiringTeamInput) => {
  const seen = new Set<string>();
  return team.filter((m) => (seen.has(m.user_id) ? false : (seen.add(m.user_id), true)));
};

const dateOf = (d: string | null) => (d === null ? null : new Date(`${d}T00:00:00.000Z`));
const days = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/** Owner and hiring team must be members of the organisation. */
async function assertPeople(tx: Db, organisationId: string, ownerId: string | null | undefined, team: HiringTeamInput | undefined) {
  const ids = [...(ownerId ? [ownerId] : []), ...(team ?? []).map((m) => m.user_id)];
  const members = new Set(await organisationMemberIds(tx, organisationId, [...new Set(ids)]));
  const errors: Record<string, string[]> = {};
  if (ownerId && !members.has(ownerId)) errors.owner_id = [RECRUITMENT_TEXTS.ownerUnknown];
  if (team?.some((m) => !members.has(m.user_id))) errors.hiring_team = [RECRUITMENT_TEXTS.memberUnknown];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** The Monday (UTC) of the ISO week of `d`, as YYYY-MM-DD. */
function mondayOf(d: Date): string {
  const utc = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  utc.setUTCDate(utc.getUTCDate() - ((utc.getUTCDay() + 6) % 7));
  return utc.toISOString().slice(0, 10);
}

/** Every week from the first one with an application to the current one, zero where none. */
function weeksWithoutGaps(rows: { week: string; n: number }[], now: Date) {
  if (rows.length === 0) return [];
  const counts = new Map(rows.map((r) => [r.week, r.n]));
  const out: { week: string; count: number }[] = [];
  const last = mondayOf(now);
  const cursor = new Date(`${rows[0]!.week}T00:00:00.000Z`);
  const end = rows.at(-1)!.week > last ? rows.at(-1)!.week : last;
  for (let i = 0; i < 1000; i++) {
    const week = cursor.toISOString().slice(0, 10);
    if (week > end) break;
    out.push({ week, count: counts.get(week) ?? 0 });
    cursor.setUTCDate(cursor.getUTCDate() + 7);
  }
  return out;
}

/** The recruitment's id, name and status, or null (applications, imports, offers and interviews check it exists or is open). */
export const recruitmentState = (db: Db, organisationId: string, id: string) => findRecruitmentState(db, organisationId, id);

export function createRecruitmentService(db: Db) {
  /** A malformed id can name no recruitment: 404, as for another organisation's. */
  async function detail(organisationId: string, id: string): Promise<RecruitmentDetail> {
    const row = isUuid(id) ? await findRecruitment(db, organisationId, id) : undefined;
    if (!row) throw recruitmentNotFound();
    const [pipeline, counts, team] = await Promise.all([
      pipelineOf(db, organisationId),
      stageCountsOf(db, [id]),
      hiringTeamOf(db, organisationId, id),
    ]);
    return { ...presentRecruitment(row, countsOf(pipeline, counts)), hiring_team: team.map(presentHiringTeamMember) };
  }

  /** Tells the people newly put on the recruitment (not the one who did it). */
  async function notifyAssigned(tx: Db, organisationId: string, actor: Actor, r: RecruitmentRow, userIds: Iterable<string>) {
    const actorId = userIdOrNull(actor);
    for (const userId of new Set(userIds)) {
      if (userId === actorId) continue;
      await notify(tx, {
        userId,
        organisationId,
        type: 'assigned',
        data: {
          title: userId === r.ownerId ? `You own the recruitment “${r.name}”` : `You are on the hiring team of “${r.name}”`,
          url: `/recruitment/${r.id}`,
          recruitment_id: r.id,
        },
      });
    }
  }

  return {
    /** filter[status] `active` is open and on hold; `all` (or none) every state. */
    async list(
      organisationId: string,
      o: { page: number; perPage: number; sort: RecruitmentSort; status: RecruitmentStatusFilter | undefined } & Omit<
        RecruitmentFilters,
        'statuses'
      >,
    ) {
      const { status, ...rest } = o;
      const statuses =
        status === 'active' ? [...ACTIVE_RECRUITMENT_STATES] : status === 'all' || status === undefined ? undefined : [status];
      const { rows, total } = await listRecruitments(db, organisationId, { ...rest, statuses });
      const [pipeline, counts] = await Promise.all([
        pipelineOf(db, organisationId),
        stageCountsOf(
          db,
          rows.map((r) => r.id),
        ),
      ]);
      const recruitments: Recruitment[] = rows.map((r) =>
        presentRecruitment(
          r,
          countsOf(
            pipeline,
            counts.filter((c) => c.recruitmentId === r.id),
          ),
        ),
      );
      return { recruitments, total };
    },

    get: detail,

    async create(organisationId: string, actor: Actor, body: CreateRecruitmentBody): Promise<RecruitmentDetail> {
      const team = dedupe(body.hiring_team ?? []);
      const id = await db.transaction(async (tx) => {
        const role = await lockRoleForRecruitment(tx, organisationId, body.role_id);
        if (!role) throw validationFailed({ role_id: [RECRUITMENT_TEXTS.roleUnknown] });
        if (role.status === 'closed') throw validationFailed({ role_id: [RECRUITMENT_TEXTS.roleClosed] });
        // A new recruitment is open: it takes one of the plan's active recruitments (locks the organisation).
        await assertRecruitmentAvailable(tx, organisationId);
        const ownerId = body.owner_id !== undefined ? body.owner_id : userIdOrNull(actor);
        await assertPeople(tx, organisationId, ownerId, team);
        const row = await insertRecruitment(tx, organisationId, {
          roleId: role.id,
          name: body.name ?? role.name,
          description: body.description || null,
          ownerId,
          openings: body.openings ?? 1,
          targetDate: dateOf(body.target_date ?? null),
        });
        await replaceHiringTeam(
          tx,
          row.id,
          team.map((m) => ({ userId: m.user_id, role: m.role })),
        );
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'recruitment.created',
          targetType: 'recruitment',
          targetId: row.id,
          after: { ...auditRecruitment(row), hiring_team: team.map((m) => ({ user_id: m.user_id, role: m.role })) },
        });
        await notifyAssigned(tx, organisationId, actor, row, [...(ownerId ? [ownerId] : []), ...team.map((m) => m.user_id)]);
        return row.id;
      });
      return detail(organisationId, id);
    },

    async update(organisationId: string, actor: Actor, id: string, body: UpdateRecruitmentBody): Promise<RecruitmentDetail> {
      if (!isUuid(id)) throw recruitmentNotFound();
      await db.transaction(async (tx) => {
        const before = await lockRecruitment(tx, organisationId, id);
        if (!before) throw recruitmentNotFound();
        const team = body.hiring_team === undefined ? undefined : dedupe(body.hiring_team);
        await assertPeople(tx, organisationId, body.owner_id, team);

        const v: RecruitmentValues = {};
        if (body.name !== undefined) v.name = body.name;
        if (body.description !== undefined) v.description = body.description || null;
        if (body.owner_id !== undefined) v.ownerId = body.owner_id;
        if (body.openings !== undefined) v.openings = body.openings;
        if (body.target_date !== undefined) v.targetDate = dateOf(body.target_date);
        // The state it is already in (holding a held one, reopening an open one: a double click, a retry)
        // is no transition: nothing is written or recorded, and the answer is the recruitment as it is.
        const status = body.status ?? before.status;
        if (status !== before.status) v.status = status;
        // Reopening (to open or on hold) makes it active again: one of the plan's active recruitments.
        if (before.status === 'closed' && status !== 'closed') await assertRecruitmentAvailable(tx, organisationId);
        if (status === 'closed') {
          // Closing again with the reason it was closed with (a double click, a retry) changes nothing,
          // so it answers with the recruitment as it is; another reason replaces the recorded one.
          const reason = body.close_reason || null;
          if (before.status !== 'closed') v.closedAt = new Date();
          if (before.status !== 'closed' || (body.close_reason !== undefined && reason !== before.closeReason)) v.closeReason = reason;
        } else if (before.status === 'closed') {
          v.closedAt = null;
          v.closeReason = null;
        }
        const after = Object.keys(v).length > 0 ? await updateRecruitment(tx, organisationId, id, v) : before;
        if (!after) throw recruitmentNotFound();

        const actorName = await actorNameOf(tx, actor);
        const audit = (action: string, b: Record<string, unknown>, a: Record<string, unknown>) =>
          recordAudit(tx, { organisationId, actor, actorName, action, targetType: 'recruitment', targetId: id, before: b, after: a });
        if (v.status !== undefined) {
          const action =
            status === 'closed' ? 'recruitment.closed' : before.status === 'closed' ? 'recruitment.reopened' : 'recruitment.status_changed';
          await audit(
            action,
            { name: before.name, status: before.status },
            {
              name: after.name,
              status: after.status,
              status_label: RECRUITMENT_STATE_LABELS[status as RecruitmentState],
              ...(status === 'closed' ? { close_reason: after.closeReason } : {}),
            },
          );
        }
        const changed = (['name', 'ownerId', 'openings', 'targetDate', 'description'] as const).filter((k) => v[k] !== undefined);
        if (changed.length > 0 || team) {
          const keys = changed.map((k) => AUDIT_KEYS[k]);
          const pick = (r: RecruitmentRow) => {
            const all = auditRecruitment(r) as Record<string, unknown>;
            return Object.fromEntries(keys.map((k) => [k, all[k] ?? null]));
          };
          const beforeTeam = team ? await hiringTeamRows(tx, id) : [];
          await audit(
            'recruitment.updated',
            { ...pick(before), ...(team ? { hiring_team: beforeTeam.map((m) => ({ user_id: m.userId, role: m.role })) } : {}) },
            { ...pick(after), ...(team ? { hiring_team: team.map((m) => ({ user_id: m.user_id, role: m.role })) } : {}) },
          );
          const newcomers: string[] = [];
          if (team) {
            const was = new Set(beforeTeam.map((m) => m.userId));
            await replaceHiringTeam(
              tx,
              id,
              team.map((m) => ({ userId: m.user_id, role: m.role })),
            );
            newcomers.push(...team.map((m) => m.user_id).filter((u) => !was.has(u)));
          }
          if (v.ownerId && v.ownerId !== before.ownerId) newcomers.push(v.ownerId);
          await notifyAssigned(tx, organisationId, actor, after, newcomers);
        }
      });
      return detail(organisationId, id);
    },

    /** Only without applications; one with candidates is closed instead. */
    async remove(organisationId: string, actor: Actor, id: string): Promise<void> {
      if (!isUuid(id)) throw recruitmentNotFound();
      await db.transaction(async (tx) => {
        const before = await lockRecruitment(tx, organisationId, id);
        if (!before) throw recruitmentNotFound();
        if (await hasApplications(tx, id)) {
          throw validationFailed({ recruitment: [RECRUITMENT_TEXTS.deleteWithApplications] }, RECRUITMENT_TEXTS.deleteWithApplications);
        }
        await deleteRecruitment(tx, organisationId, id);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'recruitment.deleted',
          targetType: 'recruitment',
          targetId: id,
          before: auditRecruitment(before),
        });
      });
    },

    async analytics(organisationId: string, id: string, now = new Date()): Promise<RecruitmentAnalytics> {
      const row = isUuid(id) ? await findRecruitment(db, organisationId, id) : undefined;
      if (!row) throw recruitmentNotFound();
      const [pipeline, furthest, rejectedReach, current, durations, hire, weeks, sources, reasons] = await Promise.all([
        pipelineOf(db, organisationId),
        furthestPositions(db, id),
        rejectedStageReach(db, id),
        currentByStatus(db, id),
        stageDurations(db, id),
        hireDurations(db, id),
        applicationsPerWeek(db, id),
        sourceCounts(db, id),
        rejectionReasonCounts(db, id, NO_REASON),
      ]);
      return {
        recruitment_id: id,
        total_applications: current.reduce((n, r) => n + r.total, 0),
        funnel: funnelOf(pipeline, furthest, rejectedReach, current),
        time_in_stage: pipeline.map((s) => {
          const d = durations.find((x) => x.status_id === s.id);
          return {
            status_id: s.id,
            name: s.name,
            average_days: d ? days(d.average) : null,
            median_days: d ? days(d.median) : null,
            samples: d?.samples ?? 0,
          };
        }),
        time_to_hire: { average_days: days(hire.average), median_days: days(hire.median), hires: hire.hires },
        applications_over_time: weeksWithoutGaps(weeks, now),
        sources: sources.map((s) => ({ source: s.source, count: s.n, hired: s.hired })),
        rejection_reasons: reasons.map((r) => ({ reason: r.reason, count: r.n })),
      };
    },
  };
}

/**
 * The funnel. A non-rejected stage is reached by every application whose history got to it or to a
 * later non-rejected stage (by pipeline position); its conversion is against the previous such stage.
 * A rejected-category stage is not a step forward: reached counts who was ever in it, without a conversion.
 */
function funnelOf(
  pipeline: PipelineStatus[],
  furthest: { position: number | null; n: number }[],
  rejectedReach: { status_id: string; n: number }[],
  current: { status_id: string; active: number }[],
): RecruitmentAnalytics['funnel'] {
  let previous: number | null = null;
  return pipeline.map((s) => {
    const category = s.category as StatusCategory;
    const now = current.find((c) => c.status_id === s.id)?.active ?? 0;
    if (category === 'rejected') {
      const reached = rejectedReach.find((r) => r.status_id === s.id)?.n ?? 0;
      return { status_id: s.id, name: s.name, colour: s.colour, category, reached, current: now, conversion: null };
    }
    const reached = furthest.reduce((n, f) => (f.position !== null && f.position >= s.position ? n + f.n : n), 0);
    const conversion: number | null = previous === null ? null : previous === 0 ? 0 : reached / previous;
    previous = reached;
    return { status_id: s.id, name: s.name, colour: s.colour, category, reached, current: now, conversion };
  });
}
