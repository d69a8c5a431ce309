import { z } from 'zod';

export const INTERVIEW_MINUTES = { min: 15, max: 480 } as const;
export const RETENTION_MONTHS = { min: 1, max: 120 } as const;

/** The organisation's recruitment defaults (settings → recruitment). */
export const recruitmentSettings = z.object({
  default_interview_minutes: z.number().int(),
  candidate_retention_months: z.number().int(),
});
export type RecruitmentSettings = z.infer<typeof recruitmentSettings>;

/** GET|PATCH organisation/{id}/recruitment-settings → { recruitment_settings }. */
export const recruitmentSettingsResponse = z.object({ recruitment_settings: recruitmentSettings });
export type RecruitmentSettingsResponse = z.infer<typeof recruitmentSettingsResponse>;

const minutes = z
  .number({ error: 'Enter a length in minutes.' })
  .int('Enter a whole number of minutes.')
  .min(INTERVIEW_MINUTES.min, `An interview lasts at least ${INTERVIEW_MINUTES.min} minutes.`)
  .max(INTERVIEW_MINUTES.max, `An interview lasts at most ${INTERVIEW_MINUTES.max} minutes (8 hours).`);
const months = z
  .number({ error: 'Enter a number of months.' })
  .int('Enter a whole number of months.')
  .min(RETENTION_MONTHS.min, `Candidate data is kept at least ${RETENTION_MONTHS.min} month.`)
  .max(RETENTION_MONTHS.max, `Candidate data is kept at most ${RETENTION_MONTHS.max} months (10 years).`);

export const updateRecruitmentSettingsBody = z
  .object({ default_interview_minutes: minutes.optional(), candidate_retention_months: months.optional() })
  .refine((b) => b.default_interview_minutes !== undefined || b.candidate_retention_months !== undefined, {
    message: 'Send default_interview_minutes or candidate_retention_months.',
  });
export type UpdateRecruitmentSettingsBody = z.infer<typeof updateRecruitmentSettingsBody>;
