import { z } from 'zod';
import { line } from './text.ts';
import { paged } from './pagination.ts';

/** What a pipeline stage means for an application in it. */
export const STATUS_CATEGORIES = ['in_progress', 'hired', 'rejected'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];
export const STATUS_CATEGORY_LABELS: Record<StatusCategory, string> = {
  in_progress: 'In progress',
  hired: 'Hired',
  rejected: 'Rejected',
};

/** A recruitment status: one stage of the pipeline every recruitment of the organisation uses. */
export const recruitmentStatus = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  category: z.enum(STATUS_CATEGORIES),
  position: z.number().int(),
});
export type RecruitmentStatus = z.infer<typeof recruitmentStatus>;

/** GET organisation/{id}/recruitment-status → { statuses: { data, meta } }, ordered by position. */
export const recruitmentStatusesResponse = z.object({ statuses: paged(recruitmentStatus) });
export type RecruitmentStatusesResponse = z.infer<typeof recruitmentStatusesResponse>;

export const recruitmentStatusResponse = z.object({ status: recruitmentStatus });
export type RecruitmentStatusResponse = z.infer<typeof recruitmentStatusResponse>;

export const RECRUITMENT_STATUS_NAME_MAX = 60;
export const DEFAULT_STATUS_COLOUR = '#228be6';

const name = line({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(RECRUITMENT_STATUS_NAME_MAX, `The name may not be longer than ${RECRUITMENT_STATUS_NAME_MAX} characters.`);
const colour = z
  .string({ error: 'Choose a colour.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The colour must be a hex colour like #228be6.')
  .transform((c) => c.toLowerCase());
const category = z.enum(STATUS_CATEGORIES, { error: 'The category must be one of in_progress, hired or rejected.' });

/** POST: appended at the end of the pipeline; colour and category have defaults. */
export const createRecruitmentStatusBody = z.object({
  name,
  colour: colour.optional(),
  category: category.optional(),
});
export type CreateRecruitmentStatusBody = z.input<typeof createRecruitmentStatusBody>;

/** PATCH: rename, recolour and/or recategorise. */
export const updateRecruitmentStatusBody = z
  .object({ name: name.optional(), colour: colour.optional(), category: category.optional() })
  .refine((b) => b.name !== undefined || b.colour !== undefined || b.category !== undefined, {
    message: 'Send a name, colour or category to change.',
  });
export type UpdateRecruitmentStatusBody = z.input<typeof updateRecruitmentStatusBody>;

export const RECRUITMENT_STATUS_NAME_TAKEN = 'A recruitment status with this name already exists.';
/** Deleting a status that still holds applications (of any recruitment). */
export const RECRUITMENT_STATUS_IN_USE = 'Move the candidates in this status to another one before deleting it.';

/** Every new organisation starts with this pipeline. */
export const DEFAULT_RECRUITMENT_STATUSES: ReadonlyArray<{ name: string; colour: string; category: StatusCategory }> = [
  { name: 'Applied', colour: '#228be6', category: 'in_progress' },
  { name: 'Screening', colour: '#7950f2', category: 'in_progress' },
  { name: 'Interview', colour: '#e67700', category: 'in_progress' },
  { name: 'Offer', colour: '#0c8599', category: 'in_progress' },
  { name: 'Hired', colour: '#2b8a3e', category: 'hired' },
  { name: 'Rejected', colour: '#c92a2a', category: 'rejected' },
];
