import { z } from 'zod';
import { paged } from './pagination.ts';
import { isDay } from './days.ts';

/*
 * Offers (docs/product.md §15): an offer for an application, approved by its approvers in order, sent to the
 * candidate as a letter with a public, tokenised link where they accept or decline.
 *
 * Organisation-scoped routes (prefix `/api/v1/organisation/{organisationId}`):
 *   GET    /recruitments/{recruitment}/offers        → OffersResponse (paged, newest first; `filter[status]`)   offers.view
 *   GET    /applications/{application}/offers       → ApplicationOffersResponse (every offer of the application, newest first) offers.view
 *   POST   /applications/{application}/offers       CreateOfferBody → 201 OfferResponse (status draft)       offers.manage
 *   GET    /offers/{offer}                           → OfferResponse                                           offers.view
 *   PATCH  /offers/{offer}                           UpdateOfferBody → OfferResponse                           offers.manage
 *          Only draft, pending_approval and approved offers can be edited (409 `notEditable` otherwise).
 *          Every edit bumps `version`. When the offer was pending_approval or approved, every approval is
 *          reset to pending and the offer goes back to pending_approval (the first approver is notified
 *          again); when it has no approvers left it goes back to draft. A draft stays draft and keeps its
 *          approvals (a rejection's comment stays readable) unless approver_ids changes them.
 *          `version` in the body (optional) must match the stored one, else 409 `stale`.
 *   POST   /offers/{offer}/submit                    → OfferResponse (draft → pending_approval; the first approver
 *                                                       gets an `offer_approval` notification; with no approvers
 *                                                       the offer is approved at once)                       offers.manage
 *          The organisation's "Offers need approval from …" setting (organisation-settings.ts, offerApprovalSetting)
 *          binds create, PATCH and submit: named people are attached last, in order, and a PATCH that leaves
 *          one out is 422; under the role rule submit is 422 unless an approver other than the submitter
 *          holds that role or a higher one (texts: OFFER_APPROVAL_TEXTS in errors.ts). Without the setting an
 *          offer without approvers is approved at once. Either way an `offer.approved` audit entry records
 *          { by, how: 'no_approval_required' | 'approvers', approver_ids, policy }.
 *   POST   /offers/{offer}/approve                   ApproveOfferBody → OfferResponse                         offers.approve
 *   POST   /offers/{offer}/reject                    RejectOfferBody → OfferResponse                          offers.approve
 *          Only the current approver (the first pending one in order) may decide; anyone else → 403
 *          `notYourTurn` (an approver whose turn has not come) or `notApprover`; 409 `alreadyApproved`. The last approval
 *          → approved; a rejection → back to draft, the comment kept on the approval (a later
 *          submit resets all approvals to pending). The next approver is notified (`offer_approval`).
 *   POST   /offers/{offer}/send                      → OfferResponse (approved → sent: the letter is rendered from the
 *                                                       template and kept as sent, a single-purpose link is made
 *                                                       and e-mailed to the candidate: `${APP_URL}/offer/{token}`;
 *                                                       409 `notApproved` unless approved; 422 `candidateNoEmail`)   offers.manage
 *   POST   /offers/{offer}/withdraw                  → OfferResponse (draft, pending_approval, approved or sent →
 *                                                       withdrawn; the link stops working)                    offers.manage
 *   GET    /offers/{offer}/letter.pdf                → application/pdf, inline (the letter as sent, else a preview
 *                                                       rendered from the current template)                   offers.view
 *   GET    /offer-letter-template                    → OfferLetterTemplateResponse (the default when none saved)  offers.view
 *   PUT    /offer-letter-template                    OfferLetterTemplateBody → OfferLetterTemplateResponse      offers.manage
 *
 * Public routes (no account; rate limited per address; prefix `/api/v1`):
 *   GET    /public/offers/{token}                    → PublicOfferResponse
 *   POST   /public/offers/{token}/accept             (empty body or {}) → PublicOfferResponse
 *   POST   /public/offers/{token}/decline            DeclineOfferBody → PublicOfferResponse
 *   GET    /public/offers/{token}/letter.pdf         → application/pdf, inline
 *   Unknown or tampered token → 404 `linkNotFound`; expired or withdrawn offer → 410 `linkExpired` /
 *   `linkWithdrawn`; accepting or declining an offer already decided → 409 `alreadyDecided`.
 *   Accepting moves the application to the organisation's first status of category `hired`,
 *   and notifies the offer's creator and the recruitment's hiring team (`offer_decision`).
 *
 * Every status change is an activity on the candidate's timeline: offer.created, offer.submitted,
 * offer.approved (data.final true on the last approval), offer.rejected, offer.sent, offer.accepted,
 * offer.declined, offer.withdrawn, offer.expired. Activity `data`: { offer_id, status, comment?, reason? }.
 * A job marks sent offers past their expiry as expired.
 */

/* ---------- constants ---------- */

export const OFFER_STATUSES = ['draft', 'pending_approval', 'approved', 'sent', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};
/** Statuses in which the offer can still be edited. */
export const OFFER_EDITABLE_STATUSES = ['draft', 'pending_approval', 'approved'] as const satisfies readonly OfferStatus[];
/** Statuses from which the offer can be withdrawn. */
export const OFFER_WITHDRAWABLE_STATUSES = ['draft', 'pending_approval', 'approved', 'sent'] as const satisfies readonly OfferStatus[];

export const OFFER_CONTRACT_TYPES = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
export type OfferContractType = (typeof OFFER_CONTRACT_TYPES)[number];
export const OFFER_CONTRACT_TYPE_LABELS: Record<OfferContractType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
};
export const OFFER_SALARY_PERIODS = ['year', 'month', 'hour'] as const;
export type OfferSalaryPeriod = (typeof OFFER_SALARY_PERIODS)[number];
export const OFFER_SALARY_PERIOD_LABELS: Record<OfferSalaryPeriod, string> = { year: 'per year', month: 'per month', hour: 'per hour' };

export const APPROVAL_DECISIONS = ['pending', 'approved', 'rejected'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const OFFER_SALARY_MAX = 100_000_000;

/** A salary is in currency units with at most two decimals (an hourly rate of 15.50); stored as numeric(12,2). */
export function hasAtMostCents(salary: number): boolean {
  return Math.abs(salary * 100 - Math.round(salary * 100)) < 1e-6;
}

/** Digits after the decimal point a salary is written with: none for a whole amount, else two (15.50, not 15.5). */
export function salaryFractionDigits(salary: number): 0 | 2 {
  return Number.isInteger(salary) ? 0 : 2;
}

/** "€85,000 per year", "£15.50 per hour" (the app and the candidate's offer page); "85,000 XBT per year" for a code Intl does not know. */
export function formatOfferPay(offer: { salary: number; currency: string; salary_period: OfferSalaryPeriod }): string {
  const digits = salaryFractionDigits(offer.salary);
  let amount: string;
  try {
    amount = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: offer.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(offer.salary);
  } catch {
    amount = `${offer.salary.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${offer.currency}`;
  }
  return `${amount} ${OFFER_SALARY_PERIOD_LABELS[offer.salary_period]}`;
}
export const OFFER_NOTE_MAX = 2000;
export const OFFER_COMMENT_MAX = 2000;
export const OFFER_APPROVERS_MAX = 10;
export const OFFER_TEMPLATE_MAX = 20_000;

/** Placeholders of the letter template, replaced when the letter is rendered. */
export const OFFER_LETTER_PLACEHOLDERS = [
  'candidate_name',
  'role',
  'salary',
  'currency',
  'start_date',
  'expires_at',
  'organisation',
] as const;
export type OfferLetterPlaceholder = (typeof OFFER_LETTER_PLACEHOLDERS)[number];
export const OFFER_LETTER_PLACEHOLDER_LABELS: Record<OfferLetterPlaceholder, string> = {
  candidate_name: "The candidate's name",
  role: 'The job role of the recruitment',
  salary: 'The salary with its currency and period, e.g. "85,000 EUR per year"',
  currency: 'The currency code, e.g. EUR',
  start_date: 'The start date, e.g. 1 March 2027',
  expires_at: 'The date the offer expires',
  organisation: "The organisation's name",
};
/** Used while the organisation has saved no template of its own. */
export const DEFAULT_OFFER_LETTER_TEMPLATE = `Dear {{candidate_name}},

We are delighted to offer you the position of {{role}} at {{organisation}}.

Your salary will be {{salary}}, and your start date is {{start_date}}.

This offer is valid until {{expires_at}}. Please let us know your decision by accepting or declining it using the link you received.

We look forward to welcoming you to the team.

Kind regards,
{{organisation}}`;

export const OFFER_TEXTS = {
  notFound: 'No such offer.',
  applicationNotFound: 'No such application.',
  recruitmentNotFound: 'No such recruitment.',
  statusFilterInvalid: 'Choose one of the offer statuses.',
  salaryRequired: 'Enter the salary.',
  salaryCents: 'Enter the salary with at most two decimals, e.g. 15.50.',
  salaryNegative: 'The salary may not be negative.',
  salaryTooLarge: 'The salary is too large.',
  currencyFormat: 'The currency must be a 3-letter ISO 4217 code, such as EUR.',
  currencyUnknown: 'This is not a known ISO 4217 currency code.',
  currencyRequired: "Choose the currency of the salary; the job role's salary range names none.",
  periodInvalid: 'Choose year, month or hour.',
  contractTypeInvalid: 'Choose a contract type.',
  startDateRequired: 'Enter the start date.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  expiryRequired: 'Enter the expiry date.',
  expiryPast: 'The expiry date may not be before today.',
  noteTooLong: `The note may not be longer than ${OFFER_NOTE_MAX} characters.`,
  approverUnknown: 'Approvers must be members of this organisation who can see offers.',
  approverDuplicate: 'Each approver may be listed only once.',
  approversTooMany: `An offer may have at most ${OFFER_APPROVERS_MAX} approvers.`,
  commentRequired: 'Say why you reject the offer.',
  commentTooLong: `The comment may not be longer than ${OFFER_COMMENT_MAX} characters.`,
  reasonTooLong: `The reason may not be longer than ${OFFER_COMMENT_MAX} characters.`,
  applicationRejected: 'This application is rejected; restore it before making an offer.',
  notEditable: 'Only draft, pending and approved offers can be changed.',
  stale: 'Someone else changed this offer meanwhile; reload it and try again.',
  notDraft: 'Only a draft offer can be submitted for approval.',
  notPendingApproval: 'This offer is not waiting for approval.',
  notApprover: 'Only the approvers of this offer can approve or reject it.',
  notYourTurn: 'An earlier approver has to decide first.',
  alreadyApproved: 'You have already approved this offer.',
  notApproved: 'The offer can only be sent once every approver has approved it.',
  candidateNoEmail: 'The candidate has no e-mail address to send the offer to.',
  notWithdrawable: 'This offer can no longer be withdrawn.',
  templateRequired: 'Enter the letter text.',
  templateTooLong: `The letter may not be longer than ${OFFER_TEMPLATE_MAX.toLocaleString('en-GB')} characters.`,
  templateUnknownPlaceholder: 'Unknown placeholder {{{name}}}; use one of the listed placeholders.',
  linkNotFound: 'This offer link is not valid. Check that you copied the whole link from the e-mail.',
  linkExpired: 'This offer has expired. Please contact the organisation if you are still interested.',
  linkWithdrawn: 'This offer has been withdrawn by the organisation.',
  alreadyDecided: 'You have already responded to this offer.',
} as const;

/* ---------- objects ---------- */

const ref = z.object({ id: z.string(), name: z.string() });

/** The job role of an offer, with its salary range as the role states it (fields null when not set). */
export const offerRole = ref.extend({
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  salary_currency: z.string().nullable(),
  salary_period: z.enum(OFFER_SALARY_PERIODS),
});
export type OfferRole = z.infer<typeof offerRole>;

/**
 * How an offer's salary compares with its role's range: below the minimum, above the maximum,
 * within it, or not comparable (the offer is in another currency or for another period). Null:
 * the role states no range. A warning for people, never a refusal: an offer outside the range
 * can still be approved and sent.
 */
export const SALARY_RANGE_CHECKS = ['within', 'below', 'above', 'not_comparable'] as const;
export type SalaryRangeCheck = (typeof SALARY_RANGE_CHECKS)[number];

type RangeOf = Pick<OfferRole, 'salary_min' | 'salary_max' | 'salary_currency' | 'salary_period'>;
type TermsOf = { salary: number; currency: string; salary_period: OfferSalaryPeriod };

export function salaryRangeCheck(terms: TermsOf, role: RangeOf): SalaryRangeCheck | null {
  if (role.salary_min === null && role.salary_max === null) return null;
  if (role.salary_currency !== terms.currency || role.salary_period !== terms.salary_period) return 'not_comparable';
  if (role.salary_min !== null && terms.salary < role.salary_min) return 'below';
  if (role.salary_max !== null && terms.salary > role.salary_max) return 'above';
  return 'within';
}

const amount = (value: number, currency: string | null) => {
  if (!currency) return value.toLocaleString('en');
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  } catch {
    return `${value.toLocaleString('en')} ${currency}`;
  }
};

/** "CHF 90,000 – CHF 110,000 per year", "from CHF 90,000 per year", "up to CHF 110,000 per year". */
export function formatSalaryRange(role: RangeOf): string {
  const per = OFFER_SALARY_PERIOD_LABELS[role.salary_period];
  const min = role.salary_min === null ? null : amount(role.salary_min, role.salary_currency);
  const max = role.salary_max === null ? null : amount(role.salary_max, role.salary_currency);
  if (min && max) return `${min} – ${max} ${per}`;
  if (min) return `from ${min} ${per}`;
  return `up to ${max ?? ''} ${per}`;
}

/** The warning shown with an offer whose salary is outside (or not comparable with) its role's range; null when there is none. */
export function salaryRangeWarning(check: SalaryRangeCheck | null, role: RangeOf): string | null {
  const range = formatSalaryRange(role);
  if (check === 'below') return `The salary is below the role's range (${range}).`;
  if (check === 'above') return `The salary is above the role's range (${range}).`;
  if (check === 'not_comparable')
    return `The role's range is ${range}; this offer is in another currency or for another period, so it is not compared with it.`;
  return null;
}

export const offerApproval = z.object({
  approver: ref,
  /** 1-based order. */
  position: z.number().int(),
  decision: z.enum(APPROVAL_DECISIONS),
  comment: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type OfferApproval = z.infer<typeof offerApproval>;

export const offer = z.object({
  id: z.string(),
  application_id: z.string(),
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  recruitment: ref,
  /** The job role of the recruitment, with its salary range. */
  role: offerRole,
  /** The salary against the role's range (see salaryRangeCheck); null when the role states no range. */
  salary_range_check: z.enum(SALARY_RANGE_CHECKS).nullable(),
  /** Currency units, at most two decimals. */
  salary: z.number(),
  currency: z.string(),
  salary_period: z.enum(OFFER_SALARY_PERIODS),
  bonus_note: z.string().nullable(),
  /** YYYY-MM-DD. */
  start_date: z.string(),
  contract_type: z.enum(OFFER_CONTRACT_TYPES),
  /** YYYY-MM-DD: the last day the candidate can accept. */
  expires_on: z.string(),
  /** ISO timestamp: the end of `expires_on` (UTC). */
  expires_at: z.string(),
  status: z.enum(OFFER_STATUSES),
  approvals: z.array(offerApproval),
  /** The approver whose decision is awaited (pending_approval only). */
  current_approver_id: z.string().nullable(),
  /** Whether the signed-in user is that approver; the same as `policies.decide` (kept for API clients). */
  can_approve: z.boolean(),
  /** What the caller may do with this offer (policies/offers.ts): the web shows its buttons from these. */
  policies: z.object({ update: z.boolean(), submit: z.boolean(), send: z.boolean(), withdraw: z.boolean(), decide: z.boolean() }),
  version: z.number().int(),
  created_by: ref.nullable(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  /** The letter as sent (null before sending). */
  letter_text: z.string().nullable(),
  /** Staff preview: `/api/v1/organisation/{organisationId}/offers/{offer}/letter.pdf`. */
  letter_preview_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Offer = z.infer<typeof offer>;
export type OfferPolicies = Offer['policies'];

export const offerResponse = z.object({ offer });
export type OfferResponse = z.infer<typeof offerResponse>;
/** GET …/recruitments/{recruitment}/offers: `page`, `per_page`, `filter[status]` (one of OFFER_STATUSES). */
export const offersResponse = z.object({ offers: paged(offer) });
export type OffersResponse = z.infer<typeof offersResponse>;
export const applicationOffersResponse = z.object({ offers: z.array(offer) });
export type ApplicationOffersResponse = z.infer<typeof applicationOffersResponse>;

/* ---------- inputs ---------- */

const isoDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, OFFER_TEXTS.dateInvalid)
    .refine(isDay, OFFER_TEXTS.dateInvalid);

export const offerFields = {
  salary: z
    .number({ error: OFFER_TEXTS.salaryRequired })
    .min(0, OFFER_TEXTS.salaryNegative)
    .max(OFFER_SALARY_MAX, OFFER_TEXTS.salaryTooLarge)
    .refine(hasAtMostCents, OFFER_TEXTS.salaryCents),
  /** Upper-case ISO 4217 code; the server also checks it is a known currency. */
  currency: z
    .string({ error: OFFER_TEXTS.currencyFormat })
    .trim()
    .regex(/^[A-Z]{3}$/, OFFER_TEXTS.currencyFormat),
  salary_period: z.enum(OFFER_SALARY_PERIODS, { error: OFFER_TEXTS.periodInvalid }),
  bonus_note: z.string().trim().max(OFFER_NOTE_MAX, OFFER_TEXTS.noteTooLong).nullable(),
  start_date: isoDate(OFFER_TEXTS.startDateRequired),
  contract_type: z.enum(OFFER_CONTRACT_TYPES, { error: OFFER_TEXTS.contractTypeInvalid }),
  /** YYYY-MM-DD, not before today (UTC); the offer expires at the end of that day. */
  expires_on: isoDate(OFFER_TEXTS.expiryRequired),
  /** User ids, in approval order; members of the organisation whose role can see offers. */
  approver_ids: z
    .array(z.string({ error: OFFER_TEXTS.approverUnknown }), { error: OFFER_TEXTS.approverUnknown })
    .max(OFFER_APPROVERS_MAX, OFFER_TEXTS.approversTooMany)
    .refine((ids) => new Set(ids).size === ids.length, OFFER_TEXTS.approverDuplicate),
};

/**
 * POST …/applications/{application}/offers. currency and salary_period default to the job role's
 * salary currency and period (422 `currencyRequired` when the currency is omitted and the role
 * names none); contract_type defaults to full_time, approver_ids to [].
 */
export const createOfferBody = z.object({
  salary: offerFields.salary,
  currency: offerFields.currency.optional(),
  salary_period: offerFields.salary_period.optional(),
  bonus_note: offerFields.bonus_note.optional(),
  start_date: offerFields.start_date,
  contract_type: offerFields.contract_type.optional(),
  expires_on: offerFields.expires_on,
  approver_ids: offerFields.approver_ids.optional(),
});
export type CreateOfferBody = z.infer<typeof createOfferBody>;

/** PATCH …/offers/{offer}: any subset; `version` (optional) guards against concurrent edits. */
export const updateOfferBody = createOfferBody.partial().extend({ version: z.number().int().optional() });
export type UpdateOfferBody = z.infer<typeof updateOfferBody>;

/** POST …/offers/{offer}/approve: an optional comment (the body may be empty). */
export const approveOfferBody = z
  .object({
    comment: z.string().trim().max(OFFER_COMMENT_MAX, OFFER_TEXTS.commentTooLong).nullish(),
  })
  .nullish();
export type ApproveOfferBody = z.infer<typeof approveOfferBody>;

/** POST …/offers/{offer}/reject: the comment is required. */
export const rejectOfferBody = z.object({
  comment: z
    .string({ error: OFFER_TEXTS.commentRequired })
    .trim()
    .min(1, OFFER_TEXTS.commentRequired)
    .max(OFFER_COMMENT_MAX, OFFER_TEXTS.commentTooLong),
});
export type RejectOfferBody = z.infer<typeof rejectOfferBody>;

/* ---------- letter template ---------- */

export const offerLetterTemplate = z.object({
  body: z.string(),
  /** True while the organisation has saved no template (the body is DEFAULT_OFFER_LETTER_TEMPLATE). */
  is_default: z.boolean(),
  placeholders: z.array(z.enum(OFFER_LETTER_PLACEHOLDERS)),
  updated_at: z.string().nullable(),
});
export type OfferLetterTemplate = z.infer<typeof offerLetterTemplate>;
export const offerLetterTemplateResponse = z.object({ template: offerLetterTemplate });
export type OfferLetterTemplateResponse = z.infer<typeof offerLetterTemplateResponse>;

/** PUT …/offer-letter-template. Unknown {{placeholders}} → 422 on `body` (templateUnknownPlaceholder with the name). */
export const offerLetterTemplateBody = z.object({
  body: z
    .string({ error: OFFER_TEXTS.templateRequired })
    .trim()
    .min(1, OFFER_TEXTS.templateRequired)
    .max(OFFER_TEMPLATE_MAX, OFFER_TEXTS.templateTooLong),
});
export type OfferLetterTemplateBody = z.infer<typeof offerLetterTemplateBody>;

/* ---------- public (candidate) ---------- */

/** What the candidate sees on `/offer/{token}` — nothing else about the organisation or the application. */
export const publicOffer = z.object({
  organisation: z.object({ name: z.string() }),
  candidate_name: z.string(),
  role: z.string(),
  salary: z.number(),
  currency: z.string(),
  salary_period: z.enum(OFFER_SALARY_PERIODS),
  bonus_note: z.string().nullable(),
  start_date: z.string(),
  contract_type: z.enum(OFFER_CONTRACT_TYPES),
  expires_on: z.string(),
  expires_at: z.string(),
  /** sent (awaiting the decision), accepted or declined. */
  status: z.enum(['sent', 'accepted', 'declined']),
  decided_at: z.string().nullable(),
  letter_text: z.string(),
  /** `/api/v1/public/offers/{token}/letter.pdf`. */
  letter_url: z.string(),
});
export type PublicOffer = z.infer<typeof publicOffer>;
export const publicOfferResponse = z.object({ offer: publicOffer });
export type PublicOfferResponse = z.infer<typeof publicOfferResponse>;

/** POST /public/offers/{token}/accept: no fields. */
export const acceptOfferBody = z.object({}).nullish();
/** POST /public/offers/{token}/decline: an optional reason. */
export const declineOfferBody = z
  .object({ reason: z.string().trim().max(OFFER_COMMENT_MAX, OFFER_TEXTS.reasonTooLong).nullish() })
  .nullish();
export type DeclineOfferBody = z.infer<typeof declineOfferBody>;

/** The web's route of the candidate's page. */
export const publicOfferPath = (token: string) => `/offer/${token}`;

/** Where the web shows an offer (the dashboard's approvals link here). */
export const offerPagePath = (recruitmentId: string, offerId: string) => `/recruitment/${recruitmentId}/offers?offer=${offerId}`;
