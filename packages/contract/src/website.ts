import { z } from 'zod';
import { line } from './text.ts';
import { isDay } from './days.ts';
import { EMPLOYMENT_TYPES, LOCATION_TYPES, ROLE_STATUSES, SALARY_PERIODS } from './roles.ts';

/**
 * The Website product: the organisation's public careers site at `/careers/{slug}`, its settings,
 * published roles with their application questions, figures and a read-only jobs feed.
 */

/** Subscription state of a product: not subscribed, subscribed while the organisation is on trial, or active. */
export const WEBSITE_PRODUCT_STATES = ['not_subscribed', 'trial', 'active'] as const;
export type WebsiteProductState = (typeof WEBSITE_PRODUCT_STATES)[number];

export const CAREER_QUESTION_KINDS = ['short_text', 'long_text', 'yes_no'] as const;
export type CareerQuestionKind = (typeof CAREER_QUESTION_KINDS)[number];

export const WEBSITE_HEADLINE_MAX = 120;
export const WEBSITE_INTRO_MAX = 2000;
export const CAREER_QUESTIONS_MAX = 20;
export const CAREER_QUESTION_LABEL_MAX = 200;
export const WEBSITE_DEFAULT_BRAND_COLOUR = '#1c7ed6';
/** Stats: the default window (days, ending today) and the longest one asked for. */
export const WEBSITE_STATS_DEFAULT_DAYS = 30;
export const WEBSITE_STATS_MAX_DAYS = 366;

/** The public careers site's path; prefix it with the app URL for an absolute link. */
export const careersPath = (slug: string) => `/careers/${encodeURIComponent(slug)}`;
/** A role's page on the careers site. */
export const careersRolePath = (slug: string, roleId: string) => `${careersPath(slug)}/jobs/${encodeURIComponent(roleId)}`;
/** Where a role's application form posts to (multipart POST). */
export const careersApplyPath = (slug: string, roleId: string) => `${careersRolePath(slug, roleId)}/apply`;
/** The id of the application form on the role page; the jobs feed's `apply_url` links to `#apply`. */
export const CAREERS_APPLY_ANCHOR = 'apply';
/** What a person opens to apply: the role page at its form. */
export const careersApplyFormPath = (slug: string, roleId: string) => `${careersRolePath(slug, roleId)}#${CAREERS_APPLY_ANCHOR}`;
/** The default headline of a new careers site. */
export const defaultWebsiteHeadline = (organisationName: string) => `Careers at ${organisationName}`;

export const WEBSITE_TEXTS = {
  notSubscribed: 'This organisation is not subscribed to the Website product. Subscribe to it to publish a careers site and a jobs feed.',
  noLogo: 'The careers site has no logo.',
  roleNotFound: 'No such job role.',
  brandColour: 'The brand colour must be a hex colour such as #1c7ed6.',
  headlineRequired: 'Enter a headline.',
  headlineMax: `The headline may not be longer than ${WEBSITE_HEADLINE_MAX} characters.`,
  introMax: `The intro may not be longer than ${WEBSITE_INTRO_MAX} characters.`,
  questionsMax: `A role may have at most ${CAREER_QUESTIONS_MAX} questions.`,
  questionLabelRequired: 'Enter the question.',
  questionLabelMax: `A question may not be longer than ${CAREER_QUESTION_LABEL_MAX} characters.`,
  questionKind: 'Choose short text, long text or yes/no.',
  questionDuplicateId: 'Each question may appear only once.',
  statsDate: 'Give the date as YYYY-MM-DD.',
  statsOrder: 'The start date may not be after the end date.',
  statsRange: `Ask for at most ${WEBSITE_STATS_MAX_DAYS} days at a time.`,
  statsRole: 'Choose a job role from the list.',
  /** Why a published role is not on the site (shown next to it on the dashboard). */
  notLive: {
    notSubscribed: 'Not live: the organisation is not subscribed to the Website product.',
    notPublished: 'Not published.',
    roleNotOpen: 'Not live: the role is not open.',
    noOpenRecruitment: 'Not live: the role has no open recruitment to receive applications.',
  },
} as const;

const ref = z.object({ id: z.string(), name: z.string() });

/** A role's own question on its application form. */
export const careerQuestion = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(CAREER_QUESTION_KINDS),
  required: z.boolean(),
});
export type CareerQuestion = z.infer<typeof careerQuestion>;

/** A role as the Website dashboard lists it. */
export const websiteRole = z.object({
  id: z.string(),
  name: z.string(),
  team: ref.nullable(),
  status: z.enum(ROLE_STATUSES),
  published: z.boolean(),
  location: z.string().nullable(),
  location_type: z.enum(LOCATION_TYPES),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  questions: z.array(careerQuestion),
  /** The role's open recruitment (the newest when several), where applications land; null when none. */
  open_recruitment: ref.nullable(),
  /** On the careers site now: published, role open, an open recruitment, organisation subscribed. */
  live: z.boolean(),
  /** Why it is not live (one of WEBSITE_TEXTS.notLive), null when live. */
  not_live_reason: z.string().nullable(),
});
export type WebsiteRole = z.infer<typeof websiteRole>;

/** GET organisation/{id}/website → { website } */
export const website = z.object({
  product_state: z.enum(WEBSITE_PRODUCT_STATES),
  /** The organisation's trial end while on trial, else null. */
  trail_ends_at: z.string().nullable(),
  /** Absolute URL of the public careers site. */
  url: z.string(),
  slug: z.string(),
  headline: z.string(),
  intro: z.string(),
  brand_colour: z.string(),
  /** The logo (served through the API, per request authorised), or null. */
  logo_url: z.string().nullable(),
  roles: z.array(websiteRole),
});
export type Website = z.infer<typeof website>;
export const websiteResponse = z.object({ website });
export type WebsiteResponse = z.infer<typeof websiteResponse>;

const brandColour = z
  .string({ error: WEBSITE_TEXTS.brandColour })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, WEBSITE_TEXTS.brandColour)
  .transform((v) => v.toLowerCase());

/** PATCH organisation/{id}/website: any subset; an absent field stays as it is. */
export const websitePatchBody = z.object({
  headline: line({ error: WEBSITE_TEXTS.headlineRequired })
    .trim()
    .min(1, WEBSITE_TEXTS.headlineRequired)
    .max(WEBSITE_HEADLINE_MAX, WEBSITE_TEXTS.headlineMax)
    .optional(),
  intro: z.string({ error: 'Enter the intro as text.' }).trim().max(WEBSITE_INTRO_MAX, WEBSITE_TEXTS.introMax).optional(),
  brand_colour: brandColour.optional(),
});
export type WebsitePatchBody = z.input<typeof websitePatchBody>;

/**
 * A question as sent. With the id of one of the role's questions it keeps that id (answers stay
 * matched); without one (or with any other id) it is new and the server gives it an id.
 */
export const careerQuestionInput = z.object({
  id: z.string().trim().min(1).max(64).optional(),
  label: line({ error: WEBSITE_TEXTS.questionLabelRequired })
    .trim()
    .min(1, WEBSITE_TEXTS.questionLabelRequired)
    .max(CAREER_QUESTION_LABEL_MAX, WEBSITE_TEXTS.questionLabelMax),
  kind: z.enum(CAREER_QUESTION_KINDS, { error: WEBSITE_TEXTS.questionKind }),
  required: z.boolean({ error: 'Say whether the question must be answered.' }).default(false),
});
export type CareerQuestionInput = z.input<typeof careerQuestionInput>;

/** PATCH organisation/{id}/website/roles/{role}: `questions` replaces the whole list, in order. */
export const websiteRolePatchBody = z.object({
  published: z.boolean({ error: 'Say whether the role is published.' }).optional(),
  questions: z
    .array(careerQuestionInput, { error: 'Give a list of questions.' })
    .max(CAREER_QUESTIONS_MAX, WEBSITE_TEXTS.questionsMax)
    .refine((qs) => {
      const ids = qs.map((q) => q.id).filter((id): id is string => id !== undefined);
      return new Set(ids).size === ids.length;
    }, WEBSITE_TEXTS.questionDuplicateId)
    .optional(),
});
export type WebsiteRolePatchBody = z.input<typeof websiteRolePatchBody>;
export const websiteRoleResponse = z.object({ role: websiteRole });
export type WebsiteRoleResponse = z.infer<typeof websiteRoleResponse>;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: WEBSITE_TEXTS.statsDate, abort: true })
  .refine(isDay, WEBSITE_TEXTS.statsDate);

/**
 * GET organisation/{id}/website/stats?from&to&filter[role] (UTC days, inclusive; default the last 30
 * days). With `filter[role]` (a role id of the organisation; another's or an unknown one → 404
 * WEBSITE_TEXTS.roleNotFound) `days` and `totals` count only that role's page views and
 * applications; `roles` is the per-role list for the range either way.
 */
export const websiteStatsQuery = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    filter: z.object({ role: z.uuid(WEBSITE_TEXTS.statsRole).optional() }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: WEBSITE_TEXTS.statsOrder, path: ['from'] });
export type WebsiteStatsQuery = z.infer<typeof websiteStatsQuery>;

export const websiteStats = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * conversion = applications / visits (0 when no visits), a fraction 0..1 (may exceed 1).
   * The whole site's, or only the filtered role's with `filter[role]`.
   */
  totals: z.object({ visits: z.number().int(), applications: z.number().int(), conversion: z.number() }),
  /** Every day in the range, oldest first; visits count the front page and role pages (only the role's page with `filter[role]`). */
  days: z.array(z.object({ day: z.string(), visits: z.number().int(), applications: z.number().int() })),
  /** Roles with visits or applications in the range, or published; visits are the role page's. */
  roles: z.array(
    z.object({
      role_id: z.string(),
      name: z.string(),
      visits: z.number().int(),
      applications: z.number().int(),
      conversion: z.number(),
    }),
  ),
});
export type WebsiteStats = z.infer<typeof websiteStats>;
export const websiteStatsResponse = z.object({ stats: websiteStats });
export type WebsiteStatsResponse = z.infer<typeof websiteStatsResponse>;

/** A job in the feed (only live roles). */
export const websiteJob = z.object({
  id: z.string(),
  title: z.string(),
  team: ref.nullable(),
  location: z.string().nullable(),
  location_type: z.enum(LOCATION_TYPES),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  salary: z
    .object({
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
      currency: z.string().nullable(),
      period: z.enum(SALARY_PERIODS),
    })
    .nullable(),
  /** Sanitised on the server; safe to render as HTML. */
  description_html: z.string(),
  /** Absolute URL of the role page on the careers site. */
  url: z.string(),
  /** Absolute URL of the application form (the role page's form, anchored). */
  apply_url: z.string(),
  published: z.literal(true),
});
export type WebsiteJob = z.infer<typeof websiteJob>;

/** GET organisation/{id}/website/jobs → the read-only jobs feed (API key with read scope works). */
export const websiteJobsResponse = z.object({
  jobs: z.array(websiteJob),
  organisation: z.object({ name: z.string(), careers_url: z.string() }),
});
export type WebsiteJobsResponse = z.infer<typeof websiteJobsResponse>;
