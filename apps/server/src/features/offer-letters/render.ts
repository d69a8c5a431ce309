import {
  OFFER_LETTER_PLACEHOLDERS,
  OFFER_SALARY_PERIOD_LABELS,
  salaryFractionDigits,
  type OfferLetterPlaceholder,
  type OfferSalaryPeriod,
} from '@hireloop/contract/offers';

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** The names used in a template that are not placeholders. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(OFFER_LETTER_PLACEHOLDERS);
  const unknown = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER)) if (!known.has(m[1]!)) unknown.add(m[1]!);
  return [...unknown];
}

export type LetterFacts = {
  candidateName: string;
  role: string;
  organisation: string;
  salary: number;
  currency: string;
  salaryPeriod: OfferSalaryPeriod;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  expiresOn: string;
};

const longDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "85,000 EUR per year", "15.50 GBP per hour": pence shown when there are any, always two of them. */
export const formatSalary = (salary: number, currency: string, period: OfferSalaryPeriod) => {
  const digits = salaryFractionDigits(salary);
  const amount = salary.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${amount} ${currency} ${OFFER_SALARY_PERIOD_LABELS[period]}`;
};

/** The template with every placeholder replaced; unknown ones are left as written. */
export function renderLetter(template: string, facts: LetterFacts): string {
  const values: Record<OfferLetterPlaceholder, string> = {
    candidate_name: facts.candidateName,
    role: facts.role,
    salary: formatSalary(facts.salary, facts.currency, facts.salaryPeriod),
    currency: facts.currency,
    start_date: longDate(facts.startDate),
    expires_at: longDate(facts.expiresOn),
    organisation: facts.organisation,
  };
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as OfferLetterPlaceholder] : whole,
  );
}
