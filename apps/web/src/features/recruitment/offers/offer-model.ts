import {
  OFFER_APPROVERS_MAX,
  OFFER_NOTE_MAX,
  OFFER_SALARY_MAX,
  OFFER_TEXTS,
  formatOfferPay,
  hasAtMostCents,
  type CreateOfferBody,
  type Offer,
  type OfferContractType,
  type OfferRole,
  type OfferSalaryPeriod,
} from '@hireloop/contract/offers';

/** The offer form's flat values (docs/product.md §6: the steps' fields in one object). */
export type OfferFormValues = {
  application_id: string;
  salary: number | string;
  currency: string;
  salary_period: OfferSalaryPeriod;
  bonus_note: string;
  start_date: string | null;
  expires_on: string | null;
  contract_type: OfferContractType;
  approver_ids: string[];
};

export type OfferFormErrors = Partial<Record<keyof OfferFormValues, string>>;

/** Today as `YYYY-MM-DD` in the user's own calendar. */
export function isoToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return date.toISOString().slice(0, 10);
}

/** A new offer's values; the currency and period are the job role's (EUR and per year when it names none). */
export function emptyOfferValues(applicationId = '', role?: Pick<OfferRole, 'salary_currency' | 'salary_period'> | null): OfferFormValues {
  return {
    application_id: applicationId,
    salary: '',
    currency: role?.salary_currency ?? 'EUR',
    salary_period: role?.salary_period ?? 'year',
    bonus_note: '',
    start_date: null,
    expires_on: null,
    contract_type: 'full_time',
    approver_ids: [],
  };
}

export function offerToValues(offer: Offer): OfferFormValues {
  return {
    application_id: offer.application_id,
    salary: offer.salary,
    currency: offer.currency,
    salary_period: offer.salary_period,
    bonus_note: offer.bonus_note ?? '',
    start_date: offer.start_date,
    expires_on: offer.expires_on,
    contract_type: offer.contract_type,
    approver_ids: offer.approvals
      .slice()
      .sort((a, b) => a.position - b.position)
      .map((a) => a.approver.id),
  };
}

/**
 * The form's rules, with the contract's texts: a non-negative salary with at most two decimals; a 3-letter currency;
 * a start after today; an expiry not before today (and not after the start).
 */
export function validateOffer(values: OfferFormValues, today: string = isoToday()): OfferFormErrors {
  const errors: OfferFormErrors = {};
  if (values.application_id === '') errors.application_id = 'Choose the candidate to make the offer to.';
  const salary = typeof values.salary === 'number' ? values.salary : values.salary.trim() === '' ? NaN : Number(values.salary);
  if (values.salary === '' || Number.isNaN(salary)) errors.salary = OFFER_TEXTS.salaryRequired;
  else if (!hasAtMostCents(salary)) errors.salary = OFFER_TEXTS.salaryCents;
  else if (salary < 0) errors.salary = OFFER_TEXTS.salaryNegative;
  else if (salary > OFFER_SALARY_MAX) errors.salary = OFFER_TEXTS.salaryTooLarge;
  if (!/^[A-Z]{3}$/.test(values.currency.trim())) errors.currency = OFFER_TEXTS.currencyFormat;
  if (values.bonus_note.length > OFFER_NOTE_MAX) errors.bonus_note = OFFER_TEXTS.noteTooLong;
  if (!values.start_date) errors.start_date = OFFER_TEXTS.startDateRequired;
  else if (values.start_date <= today) errors.start_date = 'The start date must be after today.';
  if (!values.expires_on) errors.expires_on = OFFER_TEXTS.expiryRequired;
  else if (values.expires_on < today) errors.expires_on = OFFER_TEXTS.expiryPast;
  else if (values.start_date && values.expires_on > values.start_date) errors.expires_on = 'The offer must expire before the start date.';
  if (values.approver_ids.length > OFFER_APPROVERS_MAX) errors.approver_ids = OFFER_TEXTS.approversTooMany;
  else if (new Set(values.approver_ids).size !== values.approver_ids.length) errors.approver_ids = OFFER_TEXTS.approverDuplicate;
  return errors;
}

export function toOfferBody(values: OfferFormValues): CreateOfferBody {
  const note = values.bonus_note.trim();
  return {
    salary: Number(values.salary),
    currency: values.currency.trim().toUpperCase(),
    salary_period: values.salary_period,
    bonus_note: note === '' ? null : note,
    start_date: values.start_date ?? '',
    contract_type: values.contract_type,
    expires_on: values.expires_on ?? '',
    approver_ids: values.approver_ids,
  };
}

/** "€85,000 per year", "£15.50 per hour" (the contract's, as on the candidate's offer page). */
export const formatSalary = formatOfferPay;

/** "1 of 2 approved". */
export function approvalProgress(offer: Pick<Offer, 'approvals'>): string {
  if (offer.approvals.length === 0) return 'No approvers';
  const approved = offer.approvals.filter((a) => a.decision === 'approved').length;
  return `${approved} of ${offer.approvals.length} approved`;
}

/** The salary of the form as a number, or null while it is not a non-negative amount with at most two decimals. */
export function salaryOf(values: Pick<OfferFormValues, 'salary'>): number | null {
  const n = typeof values.salary === 'number' ? values.salary : values.salary.trim() === '' ? NaN : Number(values.salary);
  return Number.isFinite(n) && n >= 0 && hasAtMostCents(n) ? n : null;
}
