import { z } from 'zod';
import { line } from './text.ts';
import { paged } from './pagination.ts';

export const ROLE_STATUSES = ['draft', 'open', 'closed'] as const;
export type RoleStatus = (typeof ROLE_STATUSES)[number];
export const LOCATION_TYPES = ['remote', 'hybrid', 'on_site'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const SALARY_PERIODS = ['year', 'month', 'hour'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export const ROLE_STATUS_LABELS: Record<RoleStatus, string> = { draft: 'Draft', open: 'Open', closed: 'Closed' };
export const LOCATION_TYPE_LABELS: Record<LocationType, string> = { remote: 'Remote', hybrid: 'Hybrid', on_site: 'On-site' };
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
};
export const SALARY_PERIOD_LABELS: Record<SalaryPeriod, string> = { year: 'per year', month: 'per month', hour: 'per hour' };

export const ROLE_NAME_MAX = 160;
export const ROLE_LOCATION_MAX = 160;
/** The description's HTML before sanitising. */
export const ROLE_DESCRIPTION_MAX = 50_000;
export const ROLE_SALARY_MAX = 100_000_000;

export const ROLE_TEXTS = {
  salaryOrder: 'The minimum salary may not be more than the maximum.',
  currencyRequired: 'Choose the currency of the salary.',
  currencyFormat: 'The currency must be a 3-letter ISO 4217 code, such as EUR.',
  teamUnknown: 'Choose a team of this organisation.',
  levelUnknown: 'Choose an experience level of this organisation.',
  notFound: 'No such job role.',
  deleteOpen: 'Close the role before deleting it: only draft and closed roles can be deleted.',
} as const;

const ref = z.object({ id: z.string(), name: z.string() });

/** A job role. Id and name are what selection lists need (docs/product.md §6); the rest is the hiring-core issue's. */
export const jobRole = z.object({
  id: z.string(),
  name: z.string(),
  team: ref.nullable(),
  level: ref.nullable(),
  location_type: z.enum(LOCATION_TYPES),
  location: z.string().nullable(),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  salary_currency: z.string().nullable(),
  salary_period: z.enum(SALARY_PERIODS),
  /** Sanitised on the server (an allow-list of tags); safe to render as HTML. */
  description_html: z.string(),
  status: z.enum(ROLE_STATUSES),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JobRole = z.infer<typeof jobRole>;

/** GET organisation/{id}/role: `filter[name]`, `filter[status]`, `filter[team]`, `filter[location_type]`. */
export const rolesResponse = z.object({ roles: paged(jobRole) });
export type RolesResponse = z.infer<typeof rolesResponse>;

const salary = z
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(0, 'The salary may not be negative.')
  .max(ROLE_SALARY_MAX, 'The salary is too large.')
  .nullable();

const roleFields = {
  name: line({ error: 'Enter a name.' })
    .trim()
    .min(2, 'The name must be at least 2 characters.')
    .max(ROLE_NAME_MAX, `The name may not be longer than ${ROLE_NAME_MAX} characters.`),
  team_id: z.uuid(ROLE_TEXTS.teamUnknown).nullable(),
  experience_level_id: z.uuid(ROLE_TEXTS.levelUnknown).nullable(),
  location_type: z.enum(LOCATION_TYPES, { error: 'Choose remote, hybrid or on-site.' }),
  location: line().trim().max(ROLE_LOCATION_MAX, `The location may not be longer than ${ROLE_LOCATION_MAX} characters.`).nullable(),
  employment_type: z.enum(EMPLOYMENT_TYPES, { error: 'Choose an employment type.' }),
  salary_min: salary,
  salary_max: salary,
  salary_currency: z
    .string()
    .regex(/^[A-Z]{3}$/, ROLE_TEXTS.currencyFormat)
    .nullable(),
  salary_period: z.enum(SALARY_PERIODS, { error: 'Choose year, month or hour.' }),
  description_html: z.string().max(ROLE_DESCRIPTION_MAX, 'The description is too long.'),
  status: z.enum(ROLE_STATUSES, { error: 'Choose draft, open or closed.' }),
};

/** POST organisation/{id}/role: only the name is required; status defaults to draft. */
export const createRoleBody = z.object({
  name: roleFields.name,
  team_id: roleFields.team_id.optional(),
  experience_level_id: roleFields.experience_level_id.optional(),
  location_type: roleFields.location_type.optional(),
  location: roleFields.location.optional(),
  employment_type: roleFields.employment_type.optional(),
  salary_min: roleFields.salary_min.optional(),
  salary_max: roleFields.salary_max.optional(),
  salary_currency: roleFields.salary_currency.optional(),
  salary_period: roleFields.salary_period.optional(),
  description_html: roleFields.description_html.optional(),
  status: roleFields.status.optional(),
});
export type CreateRoleBody = z.infer<typeof createRoleBody>;

/** PATCH organisation/{id}/role/{role}: any subset of the fields. */
export const updateRoleBody = createRoleBody.partial();
export type UpdateRoleBody = z.infer<typeof updateRoleBody>;

export const roleResponse = z.object({ role: jobRole });
export type RoleResponse = z.infer<typeof roleResponse>;

/** Selection-list option (docs/product.md §6): label is the name, value the id. */
export type SelectOption = { label: string; value: string };
