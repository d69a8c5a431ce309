import { schemaResolver, type FormErrors } from '@mantine/form';
import {
  LOCATION_TYPE_LABELS,
  ROLE_TEXTS,
  SALARY_PERIOD_LABELS,
  createRoleBody,
  type CreateRoleBody,
  type EmploymentType,
  type JobRole,
  type LocationType,
  type RoleStatus,
  type SalaryPeriod,
} from '@hireloop/contract/roles';

/** The role form's flat values (docs/product.md §6); empty strings stand for "not given". */
export type RoleFormValues = {
  name: string;
  team_id: string;
  experience_level_id: string;
  location_type: LocationType;
  location: string;
  employment_type: EmploymentType;
  salary_min: number | string;
  salary_max: number | string;
  salary_currency: string;
  salary_period: SalaryPeriod;
  description_html: string;
  status: RoleStatus;
};

export const EMPTY_ROLE: RoleFormValues = {
  name: '',
  team_id: '',
  experience_level_id: '',
  location_type: 'on_site',
  location: '',
  employment_type: 'full_time',
  salary_min: '',
  salary_max: '',
  salary_currency: '',
  salary_period: 'year',
  description_html: '',
  status: 'draft',
};

export const options = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());
const numberOrNull = (n: number | string) => (typeof n === 'number' ? n : n.trim() === '' ? null : Number(n));

export function toRoleBody(v: RoleFormValues): CreateRoleBody {
  return {
    name: v.name.trim(),
    team_id: blankToNull(v.team_id),
    experience_level_id: blankToNull(v.experience_level_id),
    location_type: v.location_type,
    location: blankToNull(v.location),
    employment_type: v.employment_type,
    salary_min: numberOrNull(v.salary_min),
    salary_max: numberOrNull(v.salary_max),
    salary_currency: blankToNull(v.salary_currency.toUpperCase()),
    salary_period: v.salary_period,
    description_html: v.description_html,
    status: v.status,
  };
}

export function toRoleValues(r: JobRole): RoleFormValues {
  return {
    name: r.name,
    team_id: r.team?.id ?? '',
    experience_level_id: r.level?.id ?? '',
    location_type: r.location_type,
    location: r.location ?? '',
    employment_type: r.employment_type,
    salary_min: r.salary_min ?? '',
    salary_max: r.salary_max ?? '',
    salary_currency: r.salary_currency ?? '',
    salary_period: r.salary_period,
    description_html: r.description_html,
    status: r.status,
  };
}

const resolveSchema = schemaResolver(createRoleBody, { sync: true });

/** The contract's zod schema plus the server's cross-field rules, so the user hears them before sending. */
export function validateRole(values: RoleFormValues): FormErrors {
  const body = toRoleBody(values);
  const errors: FormErrors = { ...resolveSchema(body) };
  const min = body.salary_min ?? null;
  const max = body.salary_max ?? null;
  if (!errors.salary_min && min !== null && max !== null && min > max) errors.salary_min = ROLE_TEXTS.salaryOrder;
  if (!errors.salary_currency && (min !== null || max !== null) && !body.salary_currency)
    errors.salary_currency = ROLE_TEXTS.currencyRequired;
  return errors;
}

/** "€70,000–€90,000 per year", or "—" without a salary. */
export function formatSalary(r: Pick<JobRole, 'salary_min' | 'salary_max' | 'salary_currency' | 'salary_period'>): string {
  if (r.salary_min === null && r.salary_max === null) return '—';
  const currency = r.salary_currency ?? 'EUR';
  let format: (n: number) => string;
  try {
    const f = new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 });
    format = (n) => f.format(n);
  } catch {
    format = (n) => `${n.toLocaleString('en-GB')} ${currency}`;
  }
  const range =
    r.salary_min !== null && r.salary_max !== null
      ? `${format(r.salary_min)}–${format(r.salary_max)}`
      : r.salary_min !== null
        ? `from ${format(r.salary_min)}`
        : `up to ${format(r.salary_max ?? 0)}`;
  return `${range} ${SALARY_PERIOD_LABELS[r.salary_period]}`;
}

export function formatLocation(r: Pick<JobRole, 'location_type' | 'location'>): string {
  const type = LOCATION_TYPE_LABELS[r.location_type];
  return r.location ? `${type} · ${r.location}` : type;
}
