import { z } from 'zod';
import { MEMBER_ROLES, type MemberRole } from './constants.ts';
import { isDay } from './days.ts';
import { ERROR_TEXTS, OFFER_APPROVAL_TEXTS } from './errors.ts';
import { listQuery, paged } from './pagination.ts';
import { organisationNameField, organisationSlugField, organisationWebsiteField } from './organisations.ts';
import { timezoneField } from './timezones.ts';

// ── offer approval ──────────────────────────────────────────────────────────

/**
 * The roles "Offers need approval from a member with the role …" may name: those that can approve
 * offers (permission `offers.approve`). A role counts with every role above it (MEMBER_ROLES order).
 */
export const OFFER_APPROVAL_ROLES = ['owner', 'admin', 'recruiter', 'hiring_manager'] as const satisfies readonly MemberRole[];
export type OfferApprovalRole = (typeof OFFER_APPROVAL_ROLES)[number];
/** At most this many people can be named (an offer has at most 10 approvers). */
export const OFFER_APPROVAL_PEOPLE_MAX = 5;

/** Whether `role` is `required` or a higher role. */
export const roleAtLeast = (role: string, required: MemberRole) =>
  MEMBER_ROLES.indexOf(role as MemberRole) >= 0 && MEMBER_ROLES.indexOf(role as MemberRole) <= MEMBER_ROLES.indexOf(required);

/**
 * "Offers need approval from …"; null: no approval needed (an offer without approvers is approved
 * when submitted). The server enforces it on submit and on every change of an offer's approvers:
 *  - `role`: at least one approver holds this role or a higher one and is not the person submitting;
 *    otherwise submitting is refused (422, OFFER_APPROVAL_TEXTS.roleRequired).
 *  - `people`: each of them approves, in this order, after any approvers the submitter chose. They are
 *    attached to every new draft and on submit; a PATCH that leaves one out is refused (422,
 *    peopleRequired). A person who left or can no longer approve offers → 422 peopleUnavailable on submit.
 */
export const offerApprovalSetting = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), role: z.enum(OFFER_APPROVAL_ROLES) }),
  z.object({
    kind: z.literal('people'),
    /** In approval order; `can_approve` false: they left the organisation or their role no longer approves offers. */
    people: z.array(z.object({ id: z.string(), name: z.string(), can_approve: z.boolean() })),
  }),
]);
export type OfferApprovalSetting = z.infer<typeof offerApprovalSetting>;

/** PATCH organisation/{id} `offer_approval`: null, a role, or members (user ids, in order) who can approve offers. */
export const offerApprovalBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('role'), role: z.enum(OFFER_APPROVAL_ROLES, OFFER_APPROVAL_TEXTS.settingRole) }),
    z.object({
      kind: z.literal('people'),
      user_ids: z
        .array(z.uuid(OFFER_APPROVAL_TEXTS.settingPersonUnknown), { error: OFFER_APPROVAL_TEXTS.settingPeopleEmpty })
        .min(1, OFFER_APPROVAL_TEXTS.settingPeopleEmpty)
        .max(OFFER_APPROVAL_PEOPLE_MAX, OFFER_APPROVAL_TEXTS.settingPeopleTooMany(OFFER_APPROVAL_PEOPLE_MAX))
        .refine((ids) => new Set(ids).size === ids.length, OFFER_APPROVAL_TEXTS.settingPeopleDuplicate),
    }),
  ],
  { error: OFFER_APPROVAL_TEXTS.settingRole },
);
export type OfferApprovalBody = z.infer<typeof offerApprovalBody>;

/** GET organisation/{id} → { organisation }: what Organisation Settings shows and edits. */
export const organisationSettings = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  website: z.string().nullable(),
  timezone: z.string(),
  /** "Offers need approval from …"; null: no approval needed. */
  offer_approval: offerApprovalSetting.nullable(),
  created_at: z.string(),
});
export type OrganisationSettings = z.infer<typeof organisationSettings>;
export const organisationSettingsResponse = z.object({ organisation: organisationSettings });
export type OrganisationSettingsResponse = z.infer<typeof organisationSettingsResponse>;

/** PATCH organisation/{id}: any of the fields; an empty website removes it. */
export const updateOrganisationBody = z.object({
  name: organisationNameField.optional(),
  slug: organisationSlugField.optional(),
  website: z.union([organisationWebsiteField, z.null()]).optional(),
  timezone: timezoneField.optional(),
  /** null: no approval needed. Audited with the other fields (`offer_approval`, as stored: role or user_ids). */
  offer_approval: offerApprovalBody.nullable().optional(),
});
export type UpdateOrganisationBody = z.input<typeof updateOrganisationBody>;

export const DELETE_CONFIRM_MISMATCH = 'Type the organisation’s name exactly as shown to confirm.';

/** DELETE organisation/{id}: the caller types the organisation's name to confirm. */
export const deleteOrganisationBody = z.object({
  confirm_name: z.string(DELETE_CONFIRM_MISMATCH).max(200, DELETE_CONFIRM_MISMATCH),
});
export type DeleteOrganisationBody = z.infer<typeof deleteOrganisationBody>;

// ── audit log ───────────────────────────────────────────────────────────────

export const auditEntry = z.object({
  id: z.string(),
  /** `noun.verb`, e.g. `organisation.updated`, `member.role_changed`. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  actor: z.object({
    type: z.enum(['user', 'api_key', 'system']),
    id: z.string().nullable(),
    name: z.string(),
  }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET organisation/{id}/audit-log → { audit_entries: { data, meta } }, newest first. */
export const auditLogResponse = z.object({ audit_entries: paged(auditEntry) });
export type AuditLogResponse = z.infer<typeof auditLogResponse>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A day (`2025-03-01`) or an instant with a zone (`2025-03-01T09:30:00Z`), checked for real dates. */
const isoDateFilter = z
  .string()
  .trim()
  .refine((v) => (ISO_DATE.test(v) || ISO_DATE_TIME.test(v)) && validDate(v), ERROR_TEXTS.invalidIsoDate);

function validDate(v: string): boolean {
  return ISO_DATE.test(v) ? isDay(v) : !Number.isNaN(new Date(v).getTime());
}

export const isIsoDay = (v: string) => ISO_DATE.test(v);

const DAY_MS = 86_400_000;

/** `2025-03-01` → its first instant (from) or its last (to), UTC; an instant stays itself. */
function dayBound(value: string, end: boolean): Date {
  if (!isIsoDay(value)) return new Date(value);
  const start = new Date(`${value}T00:00:00.000Z`);
  return end ? new Date(start.getTime() + DAY_MS - 1) : start;
}

/** A text `filter[…]` of the audit log: trimmed; empty is no filter. */
const auditText = z
  .string()
  .trim()
  .max(100)
  .transform((v) => v || undefined)
  .optional();

export const AUDIT_LOG_TEXTS = { toBeforeFrom: 'The end date must not be before the start date.' } as const;

/**
 * `filter[action]`, `filter[actor]` (a user id), `filter[target_type]`, `filter[from]`, `filter[to]`
 * (a day counts whole: `to=2025-03-01` includes all of March 1st, UTC). `from` and `to` are parsed
 * to the instants they bound; `to` before `from` is refused on `filter.to`.
 */
export const auditLogQuery = listQuery.extend({
  filter: z
    .object({
      action: auditText,
      actor: z.uuid('Choose a person from the list.').optional(),
      target_type: auditText,
      from: isoDateFilter.transform((v) => dayBound(v, false)).optional(),
      to: isoDateFilter.transform((v) => dayBound(v, true)).optional(),
    })
    // Runs after a bad date too (with its text unparsed): only two parsed bounds are compared.
    .refine((f) => !(f.from instanceof Date && f.to instanceof Date && f.from > f.to), {
      path: ['to'],
      error: AUDIT_LOG_TEXTS.toBeforeFrom,
    })
    .optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;
