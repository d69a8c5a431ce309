import type { HiringTeamMember, HiringTeamRole, Recruitment, RecruitmentState } from '@hireloop/contract/recruitments';
import type { RecruitmentRow, RecruitmentWithRefs, StageCountRow } from './repository.ts';

export type PipelineStatus = { id: string; name: string; colour: string; category: string; position: number };

/** Counts of one recruitment from the grouped stage counts: every status of the pipeline, in order. */
export function countsOf(pipeline: PipelineStatus[], rows: StageCountRow[]) {
  const active = new Map<string, number>();
  let rejected = 0;
  for (const r of rows) {
    active.set(r.statusId, (active.get(r.statusId) ?? 0) + r.active);
    rejected += r.rejected;
  }
  const hiredStatuses = new Set(pipeline.filter((s) => s.category === 'hired').map((s) => s.id));
  let activeCount = 0;
  let hired = 0;
  for (const [statusId, n] of active) {
    activeCount += n;
    if (hiredStatuses.has(statusId)) hired += n;
  }
  return {
    stage_counts: pipeline.map((s) => ({ status_id: s.id, count: active.get(s.id) ?? 0 })),
    candidates_count: activeCount + rejected,
    active_count: activeCount,
    rejected_count: rejected,
    hired_count: hired,
  };
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function presentRecruitment(r: RecruitmentWithRefs, counts: ReturnType<typeof countsOf>): Recruitment {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    status: r.status as RecruitmentState,
    role: { id: r.roleId, name: r.roleName },
    team: r.teamId && r.teamName !== null ? { id: r.teamId, name: r.teamName } : null,
    owner: r.ownerId && r.ownerName !== null ? { id: r.ownerId, name: r.ownerName } : null,
    openings: r.openings,
    target_date: day(r.targetDate),
    opened_at: r.openedAt.toISOString(),
    closed_at: r.closedAt?.toISOString() ?? null,
    close_reason: r.closeReason,
    ...counts,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const presentHiringTeamMember = (m: {
  userId: string;
  name: string;
  email: string | null;
  avatarUrl: string | null;
  role: string;
}): HiringTeamMember => ({ user_id: m.userId, name: m.name, email: m.email, avatar_url: m.avatarUrl, role: m.role as HiringTeamRole });

/** What the audit log keeps of a recruitment. */
export const auditRecruitment = (r: RecruitmentRow) => ({
  name: r.name,
  role_id: r.roleId,
  status: r.status,
  owner_id: r.ownerId,
  openings: r.openings,
  target_date: day(r.targetDate),
  close_reason: r.closeReason,
  description_length: r.description?.length ?? 0,
});
