import { z } from 'zod';
import { line } from './text.ts';
import { paged } from './pagination.ts';

/** A recruitment is a hiring campaign for a job role (docs/product.md §13 /recruitment). */
export const RECRUITMENT_STATES = ['open', 'on_hold', 'closed'] as const;
export type RecruitmentState = (typeof RECRUITMENT_STATES)[number];
/** The states in which a recruitment is active: it counts against the plan's active-recruitment limit. */
export const ACTIVE_RECRUITMENT_STATES = ['open', 'on_hold'] as const satisfies readonly RecruitmentState[];
export const RECRUITMENT_STATE_LABELS: Record<RecruitmentState, string> = { open: 'Open', on_hold: 'On hold', closed: 'Closed' };

/** What a member does on a recruitment's hiring team. */
export const HIRING_TEAM_ROLES = ['recruiter', 'hiring_manager', 'interviewer', 'coordinator'] as const;
export type HiringTeamRole = (typeof HIRING_TEAM_ROLES)[number];
export const HIRING_TEAM_ROLE_LABELS: Record<HiringTeamRole, string> = {
  recruiter: 'Recruiter',
  hiring_manager: 'Hiring manager',
  interviewer: 'Interviewer',
  coordinator: 'Coordinator',
};

export const RECRUITMENT_NAME_MAX = 160;
export const RECRUITMENT_DESCRIPTION_MAX = 5000;
export const RECRUITMENT_OPENINGS_MAX = 500;

export const RECRUITMENT_TEXTS = {
  notFound: 'No such recruitment.',
  roleUnknown: 'Choose a job role of this organisation.',
  roleClosed: 'The job role is closed; reopen it before starting a recruitment for it.',
  ownerUnknown: 'The owner must be a member of this organisation.',
  memberUnknown: 'Every hiring team member must be a member of this organisation.',
  closed: 'This recruitment is closed; reopen it to change its candidates.',
  deleteWithApplications: 'A recruitment with candidates cannot be deleted; close it instead.',
  roleHasRecruitments: 'This job role has recruitments; close the role instead of deleting it.',
} as const;

const ref = z.object({ id: z.string(), name: z.string() });

export const hiringTeamMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role: z.enum(HIRING_TEAM_ROLES),
});
export type HiringTeamMember = z.infer<typeof hiringTeamMember>;

/** Applications per pipeline status (active ones; rejected ones are counted apart). */
export const stageCount = z.object({ status_id: z.string(), count: z.number().int() });
export type StageCount = z.infer<typeof stageCount>;

export const recruitment = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(RECRUITMENT_STATES),
  role: ref,
  team: ref.nullable(),
  owner: ref.nullable(),
  openings: z.number().int(),
  target_date: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  close_reason: z.string().nullable(),
  /** Non-rejected applications per status, every status of the pipeline present (0 when empty). */
  stage_counts: z.array(stageCount),
  /** All applications, the active (not rejected) ones, the rejected ones and the hired ones. */
  candidates_count: z.number().int(),
  active_count: z.number().int(),
  rejected_count: z.number().int(),
  hired_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recruitment = z.infer<typeof recruitment>;

export const recruitmentDetail = recruitment.extend({ hiring_team: z.array(hiringTeamMember) });
export type RecruitmentDetail = z.infer<typeof recruitmentDetail>;

/**
 * GET organisation/{id}/recruitments → { recruitments: { data, meta } }.
 * filter[status] (open|on_hold|closed|active = open+on_hold), filter[role], filter[team], filter[owner], filter[name];
 * sort: name | -name | opened_at | -opened_at (default) | candidates | -candidates.
 */
export const recruitmentsResponse = z.object({ recruitments: paged(recruitment) });
export type RecruitmentsResponse = z.infer<typeof recruitmentsResponse>;
export const RECRUITMENT_SORTS = ['name', '-name', 'opened_at', '-opened_at', 'candidates', '-candidates'] as const;
/** filter[status] of the recruitment list: a state, `active` (open and on hold) or `all`. */
export const RECRUITMENT_STATUS_FILTERS = [...RECRUITMENT_STATES, 'active', 'all'] as const;
export type RecruitmentStatusFilter = (typeof RECRUITMENT_STATUS_FILTERS)[number];

export const recruitmentResponse = z.object({ recruitment: recruitmentDetail });
export type RecruitmentResponse = z.infer<typeof recruitmentResponse>;

const hiringTeamInput = z
  .array(
    z.object({
      user_id: z.uuid(RECRUITMENT_TEXTS.memberUnknown),
      role: z.enum(HIRING_TEAM_ROLES, { error: 'Choose a hiring team role.' }),
    }),
  )
  .max(50, 'A hiring team may have at most 50 members.');

const recruitmentFields = {
  role_id: z.uuid(RECRUITMENT_TEXTS.roleUnknown),
  name: line({ error: 'Enter a name.' })
    .trim()
    .min(2, 'The name must be at least 2 characters.')
    .max(RECRUITMENT_NAME_MAX, `The name may not be longer than ${RECRUITMENT_NAME_MAX} characters.`),
  description: z.string().trim().max(RECRUITMENT_DESCRIPTION_MAX, 'The description is too long.').nullable(),
  owner_id: z.uuid(RECRUITMENT_TEXTS.ownerUnknown).nullable(),
  openings: z
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(1, 'At least one opening.')
    .max(RECRUITMENT_OPENINGS_MAX, `At most ${RECRUITMENT_OPENINGS_MAX} openings.`),
  /** ISO 8601 date. */
  target_date: z.iso.date('Enter a date as YYYY-MM-DD.').nullable(),
  hiring_team: hiringTeamInput,
};

/**
 * POST organisation/{id}/recruitments (multi-step: role → hiring team → details).
 * The name defaults to the role's name; the owner to the creator.
 */
export const createRecruitmentBody = z.object({
  role_id: recruitmentFields.role_id,
  name: recruitmentFields.name.optional(),
  description: recruitmentFields.description.optional(),
  owner_id: recruitmentFields.owner_id.optional(),
  openings: recruitmentFields.openings.optional(),
  target_date: recruitmentFields.target_date.optional(),
  hiring_team: recruitmentFields.hiring_team.optional(),
});
export type CreateRecruitmentBody = z.infer<typeof createRecruitmentBody>;

/** PATCH organisation/{id}/recruitments/{recruitment}: any subset; `status` closes, holds or reopens it. */
export const updateRecruitmentBody = z.object({
  name: recruitmentFields.name.optional(),
  description: recruitmentFields.description.optional(),
  owner_id: recruitmentFields.owner_id.optional(),
  openings: recruitmentFields.openings.optional(),
  target_date: recruitmentFields.target_date.optional(),
  hiring_team: recruitmentFields.hiring_team.optional(),
  status: z.enum(RECRUITMENT_STATES, { error: 'Choose open, on hold or closed.' }).optional(),
  close_reason: z.string().trim().max(500, 'The reason may not be longer than 500 characters.').nullable().optional(),
});
export type UpdateRecruitmentBody = z.infer<typeof updateRecruitmentBody>;

/* ---------- analytics: GET organisation/{id}/recruitments/{recruitment}/analytics ---------- */

export const funnelStage = z.object({
  status_id: z.string(),
  name: z.string(),
  colour: z.string(),
  category: z.enum(['in_progress', 'hired', 'rejected']),
  /** Applications that ever reached this stage or a later one. */
  reached: z.number().int(),
  /** Applications in it now (not rejected). */
  current: z.number().int(),
  /** reached / reached of the previous stage, 0–1; null for the first stage. */
  conversion: z.number().nullable(),
});
export type FunnelStage = z.infer<typeof funnelStage>;

export const timeInStage = z.object({
  status_id: z.string(),
  name: z.string(),
  /** Days, over the completed stays in the stage; null without any. */
  average_days: z.number().nullable(),
  median_days: z.number().nullable(),
  samples: z.number().int(),
});
export type TimeInStage = z.infer<typeof timeInStage>;

export const recruitmentAnalytics = z.object({
  recruitment_id: z.string(),
  /** Counts include erased candidates anonymously. */
  total_applications: z.number().int(),
  funnel: z.array(funnelStage),
  time_in_stage: z.array(timeInStage),
  /** From application to hire, in days. */
  time_to_hire: z.object({ average_days: z.number().nullable(), median_days: z.number().nullable(), hires: z.number().int() }),
  /** Per ISO week (its Monday, YYYY-MM-DD), from the first application to now, no gaps. */
  applications_over_time: z.array(z.object({ week: z.string(), count: z.number().int() })),
  sources: z.array(z.object({ source: z.string(), count: z.number().int(), hired: z.number().int() })),
  rejection_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type RecruitmentAnalytics = z.infer<typeof recruitmentAnalytics>;
export const recruitmentAnalyticsResponse = z.object({ analytics: recruitmentAnalytics });
export type RecruitmentAnalyticsResponse = z.infer<typeof recruitmentAnalyticsResponse>;
