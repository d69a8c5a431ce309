import { z } from 'zod';
import { CANDIDATE_TEXTS } from './candidates.ts';
import { line } from './text.ts';
import { paged } from './pagination.ts';
import { INTERVIEW_MINUTES } from './recruitment-settings.ts';
import { timezoneField } from './timezones.ts';

/*
 * Interviews, interview types (with their kits) and scorecards (docs/product.md §14).
 *
 * Routes (all under `organisation/{id}`):
 *
 *   GET    /interview-types                              → InterviewTypesResponse (ordered by position; filter[name])
 *   POST   /interview-types            InterviewTypeBody → 201 InterviewTypeResponse (appended at the end)
 *   PATCH  /interview-types/reorder    ReorderBody       → InterviewTypesResponse (1-based original/new, as the settings lists)
 *   PATCH  /interview-types/{type}     UpdateInterviewTypeBody → InterviewTypeResponse
 *   DELETE /interview-types/{type}                       → 204 (scheduled interviews keep their title and kit)
 *
 *   GET    /recruitments/{recruitment}/interviews        → InterviewsResponse, paged; InterviewListQuery filters
 *   GET    /applications/{application}/interviews        → { interviews: Interview[] } (all of the application, by start)
 *   POST   /applications/{application}/interviews  ScheduleInterviewBody → 201 InterviewResponse
 *          (`took_place: true` logs a past interview: no invitations, completed, scorecards open at once)
 *   GET    /interviews/conflicts?user_ids=a,b&starts_at=…&ends_at=…[&exclude=id] → ConflictsResponse
 *   GET    /interviews/{interview}                       → InterviewResponse
 *   PATCH  /interviews/{interview}     RescheduleInterviewBody → InterviewResponse (only a scheduled one)
 *   POST   /interviews/{interview}/cancel  CancelInterviewBody (optional reason) → InterviewResponse
 *   POST   /interviews/{interview}/complete              → InterviewResponse
 *   POST   /interviews/{interview}/scorecard  ScorecardBody → 201 ScorecardResponse (interviewers of it only, once)
 *   GET    /interviews/{interview}/scorecards            → ScorecardsResponse (see the visibility rule there)
 *
 * Permissions (contract/permissions.ts): reads need `interviews.view` (everyone); interview types'
 * writes `interview_types.manage` (owner, admin, recruiter); schedule, reschedule, cancel, complete and
 * conflicts `interviews.manage` (owner, admin, recruiter, hiring manager); the scorecard POST
 * `scorecards.submit` (everyone, but only an interviewer of that interview succeeds: 403 otherwise).
 *
 * Visibility: members whose role is `interviewer` see only the interviews they are an interviewer
 * on — lists are filtered to those, and a single interview they are not on answers 404
 * (INTERVIEW_TEXTS.notFound), as if it did not exist. Everyone else sees all of the organisation's.
 *
 * Invitations: each interviewer and the candidate (when they have an e-mail and are not erased)
 * receive an e-mail with an `invite.ics` attachment: METHOD:REQUEST on scheduling, the same UID with
 * a higher SEQUENCE on every reschedule (and METHOD:CANCEL to interviewers removed), METHOD:CANCEL
 * with STATUS:CANCELLED to everyone on cancellation.
 */

/* ---------- constants ---------- */

export const INTERVIEW_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const INTERVIEW_STATUS_LABELS: Record<InterviewStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};

/** Ratings per kit criterion. */
export const RATING_MIN = 1;
export const RATING_MAX = 4;
export const RATING_LABELS: Record<number, string> = { 1: 'Poor', 2: 'Mixed', 3: 'Good', 4: 'Excellent' };

export { INTERVIEW_MINUTES };
export const INTERVIEW_TYPE_NAME_MAX = 60;
export const KIT_ITEMS_MAX = 30;
export const KIT_ITEM_MAX = 300;
export const INTERVIEWERS_MAX = 10;
export const INTERVIEW_LOCATION_MAX = 300;
export const SCORECARD_NOTES_MAX = 10_000;
/** How far ahead an interview may be scheduled. */
export const INTERVIEW_DAYS_AHEAD_MAX = 366;
/** How far back a past interview may be logged. */
export const INTERVIEW_DAYS_BACK_MAX = 366;

/** The default types every organisation starts with (demo data and new organisations alike). */
export const DEFAULT_INTERVIEW_TYPES = [
  {
    name: 'Phone screen',
    questions: [
      'What draws you to this role?',
      'Walk me through your current role.',
      'What are your salary expectations and notice period?',
    ],
    criteria: ['Motivation', 'Communication', 'Role fit'],
  },
  {
    name: 'Technical',
    questions: ['Describe a hard problem you solved recently.', 'How would you design this system?', 'How do you test your work?'],
    criteria: ['Problem solving', 'Technical depth', 'Code quality'],
  },
  {
    name: 'Onsite',
    questions: ['Tell us about a time you disagreed with a colleague.', 'How do you prioritise competing work?'],
    criteria: ['Collaboration', 'Ownership', 'Communication'],
  },
  {
    name: 'Final',
    questions: ['What would your first 90 days look like?', 'What questions do you have for us?'],
    criteria: ['Values', 'Leadership', 'Overall fit'],
  },
] as const;

export const INTERVIEW_TEXTS = {
  notFound: 'No such interview.',
  typeNotFound: 'No such interview type.',
  typeNameTaken: 'An interview type with this name already exists.',
  typeUnknown: 'Choose an interview type of this organisation.',
  inPast: 'The interview must start in the future. To record an interview that already took place, log it as a past interview.',
  loggedInFuture: 'A past interview must have started already. To plan one, schedule it instead.',
  tooFarBack: `A past interview may be logged at most ${INTERVIEW_DAYS_BACK_MAX} days back.`,
  tooFarAhead: `An interview may be scheduled at most ${INTERVIEW_DAYS_AHEAD_MAX} days ahead.`,
  endBeforeStart: 'The end must be after the start.',
  startsAtInvalid: 'Enter the start as an ISO 8601 date and time with a zone, e.g. 2026-05-04T09:30:00+02:00.',
  durationRange: `An interview lasts from ${INTERVIEW_MINUTES.min} to ${INTERVIEW_MINUTES.max} minutes.`,
  interviewersRequired: 'Choose at least one interviewer.',
  interviewersTooMany: `At most ${INTERVIEWERS_MAX} interviewers.`,
  interviewerUnknown: 'Interviewers must be members of this organisation.',
  locationRequired: 'Give a location or a video link.',
  videoUrlInvalid: 'Enter a video link starting with https:// or http://.',
  notScheduled: 'Only a scheduled interview can be changed.',
  alreadyCancelled: 'This interview is already cancelled.',
  alreadyCompleted: 'This interview is already completed.',
  completeBeforeStart: 'An interview can be completed only after it has started.',
  applicationClosed: 'This application is rejected or its recruitment is closed; interviews cannot be scheduled.',
  candidateErased: 'This candidate’s data was erased; interviews cannot be scheduled.',
  scorecardNotInterviewer: 'Only the interviewers of this interview can submit a scorecard.',
  scorecardTwice: 'You have already submitted your scorecard for this interview.',
  scorecardCancelled: 'A cancelled interview takes no scorecards.',
  scorecardBeforeStart: 'A scorecard can be submitted once the interview has started.',
  ratingRange: `Rate each criterion from ${RATING_MIN} to ${RATING_MAX}.`,
  ratingCriterionUnknown: 'Rate only the criteria of this interview’s kit.',
  ratingMissing: 'Rate every criterion of the kit.',
  recommendationRequired: 'Choose an overall recommendation.',
  conflictQuery: 'Give user_ids, starts_at and ends_at.',
} as const;

/** An id in a query: the shape of a UUID (as path ids, apps/server/src/lib/ids.ts); anything else names nothing. */
const isId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const isInterviewStatus = (value: string): value is InterviewStatus => (INTERVIEW_STATUSES as readonly string[]).includes(value);
/** `a, b,,c` → `['a', 'b', 'c']`. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/* ---------- objects ---------- */

const ref = z.object({ id: z.string(), name: z.string() });
const person = z.object({ id: z.string(), name: z.string(), email: z.string(), avatar_url: z.string().nullable() });

export const interviewType = z.object({
  id: z.string(),
  name: z.string(),
  /** 1-based, in the organisation's order. */
  position: z.number().int(),
  questions: z.array(z.string()),
  criteria: z.array(z.string()),
});
export type InterviewType = z.infer<typeof interviewType>;
export const interviewTypesResponse = z.object({ interview_types: paged(interviewType) });
export type InterviewTypesResponse = z.infer<typeof interviewTypesResponse>;
export const interviewTypeResponse = z.object({ interview_type: interviewType });
export type InterviewTypeResponse = z.infer<typeof interviewTypeResponse>;

/** Counts of submitted scorecards and their recommendations (recommendations are all 0 for an interviewer of it who has not submitted yet). */
export const scorecardSummary = z.object({
  submitted: z.number().int(),
  expected: z.number().int(),
  recommendations: z.object({ strong_no: z.number().int(), no: z.number().int(), yes: z.number().int(), strong_yes: z.number().int() }),
});
export type ScorecardSummary = z.infer<typeof scorecardSummary>;

export const interviewer = person.extend({ scorecard_submitted: z.boolean() });
export type Interviewer = z.infer<typeof interviewer>;

export const interview = z.object({
  id: z.string(),
  title: z.string(),
  /** Null when the type was deleted later (the title stays). */
  type: ref.nullable(),
  status: z.enum(INTERVIEW_STATUSES),
  /** ISO 8601 in UTC (`…Z`). */
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  /** IANA zone of the organiser; show times in it (and in the viewer's own). */
  timezone: z.string(),
  location: z.string().nullable(),
  video_url: z.string().nullable(),
  questions: z.array(z.string()),
  criteria: z.array(z.string()),
  application_id: z.string(),
  candidate: z.object({ id: z.string(), name: z.string(), erased: z.boolean() }),
  recruitment: ref,
  organiser: ref.nullable(),
  interviewers: z.array(interviewer),
  /** Whether the signed-in user is an interviewer of it and has submitted a scorecard (false when not an interviewer). */
  is_interviewer: z.boolean(),
  my_scorecard_submitted: z.boolean(),
  scorecards: scorecardSummary,
  /** What the caller may do with this interview (policies/interviews.ts): the web shows its controls from these. */
  policies: z.object({ update: z.boolean(), cancel: z.boolean(), submit_scorecard: z.boolean(), view_scorecards: z.boolean() }),
  /** iCalendar SEQUENCE of the last invitation sent. */
  sequence: z.number().int(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Web path of the interviews screen for its recruitment. */
  url: z.string(),
});
export type Interview = z.infer<typeof interview>;
export type InterviewPolicies = Interview['policies'];

export const interviewResponse = z.object({ interview });
export type InterviewResponse = z.infer<typeof interviewResponse>;
/** GET …/recruitments/{recruitment}/interviews → { interviews: { data, meta } }. */
export const interviewsResponse = z.object({ interviews: paged(interview) });
export type InterviewsResponse = z.infer<typeof interviewsResponse>;
/** GET …/applications/{application}/interviews → { interviews: Interview[] } by start time. */
export const applicationInterviewsResponse = z.object({ interviews: z.array(interview) });
export type ApplicationInterviewsResponse = z.infer<typeof applicationInterviewsResponse>;

export const INTERVIEW_WHEN_FILTERS = ['upcoming', 'past', 'all'] as const;
export type InterviewWhenFilter = (typeof INTERVIEW_WHEN_FILTERS)[number];

/**
 * Query of GET …/recruitments/{recruitment}/interviews:
 *   page, per_page (max 100),
 *   filter[interviewer] = user id (`me` for the signed-in user),
 *   filter[status] = scheduled | completed | cancelled (comma-separated for several),
 *   filter[when] = upcoming (ends_at ≥ now, soonest first; the default order) | past (ends before now, latest first) | all,
 *   filter[application] = application id.
 * Order: upcoming → starts_at ascending; past → starts_at descending; all → starts_at ascending.
 * Unknown or malformed filter values → 422 with the field named `filter.<name>`.
 */
export const interviewListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  filter: z
    .object({
      interviewer: z
        .string()
        .max(64)
        .transform((v, ctx) => {
          const id = v.trim() || undefined;
          if (id !== undefined && id !== 'me' && !isId(id)) ctx.addIssue({ code: 'custom', message: INTERVIEW_TEXTS.interviewerUnknown });
          return id;
        })
        .optional(),
      status: z
        .string()
        .max(64)
        .transform((v, ctx) => {
          const statuses = commaList(v);
          if (!statuses.every(isInterviewStatus))
            ctx.addIssue({ code: 'custom', message: 'filter[status] is scheduled, completed or cancelled.' });
          return statuses.filter(isInterviewStatus);
        })
        .optional(),
      when: z.enum(INTERVIEW_WHEN_FILTERS, { error: 'filter[when] is upcoming, past or all.' }).optional(),
      application: z
        .string()
        .max(64)
        .transform((v, ctx) => {
          const id = v.trim() || undefined;
          if (id !== undefined && !isId(id)) ctx.addIssue({ code: 'custom', message: CANDIDATE_TEXTS.applicationNotFound });
          return id;
        })
        .optional(),
    })
    .optional(),
});
export type InterviewListQuery = z.infer<typeof interviewListQuery>;

/* ---------- inputs ---------- */

const kitItem = z
  .string()
  .trim()
  .min(1, 'A kit entry may not be empty.')
  .max(KIT_ITEM_MAX, `A kit entry may not be longer than ${KIT_ITEM_MAX} characters.`);
const kitList = z.array(kitItem).max(KIT_ITEMS_MAX, `At most ${KIT_ITEMS_MAX} entries.`);

export const interviewTypeBody = z.object({
  name: line({ error: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(INTERVIEW_TYPE_NAME_MAX, `The name may not be longer than ${INTERVIEW_TYPE_NAME_MAX} characters.`),
  questions: kitList.default([]),
  criteria: kitList.default([]),
});
export type InterviewTypeBody = z.input<typeof interviewTypeBody>;
export const updateInterviewTypeBody = z.object({
  name: interviewTypeBody.shape.name.optional(),
  questions: kitList.optional(),
  criteria: kitList.optional(),
});
export type UpdateInterviewTypeBody = z.infer<typeof updateInterviewTypeBody>;

/** ISO 8601 with a time and a zone (Z or ±hh:mm); seconds and fractions optional. */
export const ISO_DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const startsAt = z
  .string({ error: INTERVIEW_TEXTS.startsAtInvalid })
  .regex(ISO_DATE_TIME_WITH_ZONE, INTERVIEW_TEXTS.startsAtInvalid)
  .refine((v) => !Number.isNaN(Date.parse(v)), INTERVIEW_TEXTS.startsAtInvalid);
const duration = z
  .number({ error: INTERVIEW_TEXTS.durationRange })
  .int(INTERVIEW_TEXTS.durationRange)
  .min(INTERVIEW_MINUTES.min, INTERVIEW_TEXTS.durationRange)
  .max(INTERVIEW_MINUTES.max, INTERVIEW_TEXTS.durationRange);
const location = line()
  .trim()
  .max(INTERVIEW_LOCATION_MAX, `The location may not be longer than ${INTERVIEW_LOCATION_MAX} characters.`)
  .nullish()
  .transform((v) => (v ? v : null));
const videoUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: INTERVIEW_TEXTS.videoUrlInvalid }).max(500, INTERVIEW_TEXTS.videoUrlInvalid)])
  .nullish()
  .transform((v) => (v ? v : null));
const interviewerIds = z
  .array(z.uuid(INTERVIEW_TEXTS.interviewerUnknown), { error: INTERVIEW_TEXTS.interviewersRequired })
  .min(1, INTERVIEW_TEXTS.interviewersRequired)
  .max(INTERVIEWERS_MAX, INTERVIEW_TEXTS.interviewersTooMany);

/**
 * POST …/applications/{application}/interviews. `duration_minutes` defaults to the organisation's
 * default_interview_minutes; `questions`/`criteria` default to the type's kit; `timezone` to the
 * organisation's. Either `ends_at` or `duration_minutes` may be given (ends_at wins; it must be after
 * starts_at and give a duration within 15–480 minutes). One of location / video_url is required.
 * Errors (422, nothing changed): starts_at in the past (`starts_at`: inPast), ends_at ≤ starts_at
 * (`ends_at`: endBeforeStart), an interviewer who is not a member (`interviewer_ids`: interviewerUnknown),
 * duration out of range (`duration_minutes`), unknown type (`type_id`), no location (`location`).
 *
 * `took_place: true` logs an interview that already happened instead: starts_at must then be in the
 * past (`starts_at`: loggedInFuture), at most INTERVIEW_DAYS_BACK_MAX days back (`starts_at`: tooFarBack).
 * Nobody is invited (no e-mail, no .ics to the candidate or the interviewers); the interview is
 * `completed` at once and its interviewers can submit their scorecards straight away.
 */
export const scheduleInterviewBody = z.object({
  type_id: z.uuid(INTERVIEW_TEXTS.typeUnknown),
  /** Defaults to the type's name. */
  title: line()
    .trim()
    .min(1)
    .max(INTERVIEW_TYPE_NAME_MAX + 40)
    .optional(),
  starts_at: startsAt,
  ends_at: startsAt.optional(),
  duration_minutes: duration.optional(),
  timezone: timezoneField.optional(),
  location,
  video_url: videoUrl,
  interviewer_ids: interviewerIds,
  questions: kitList.optional(),
  criteria: kitList.optional(),
  /** A record of an interview that already took place (see above). */
  took_place: z.boolean({ error: 'took_place is true or false.' }).optional(),
});
export type ScheduleInterviewBody = z.input<typeof scheduleInterviewBody>;

/**
 * PATCH …/interviews/{interview}: reschedule and/or change place, interviewers or kit. Any change
 * of time, place or interviewers sends updated invitations (SEQUENCE + 1) to everyone, and
 * METHOD:CANCEL to removed interviewers; added interviewers are notified ('assigned').
 * Changing starts_at keeps the duration unless duration_minutes/ends_at is given.
 * The same rules as scheduling apply (a new start must be in the future).
 */
export const rescheduleInterviewBody = z.object({
  starts_at: startsAt.optional(),
  ends_at: startsAt.optional(),
  duration_minutes: duration.optional(),
  timezone: timezoneField.optional(),
  location: line().trim().max(INTERVIEW_LOCATION_MAX).nullable().optional(),
  video_url: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: INTERVIEW_TEXTS.videoUrlInvalid }).max(500)])
    .nullable()
    .optional(),
  interviewer_ids: interviewerIds.optional(),
  title: line()
    .trim()
    .min(1)
    .max(INTERVIEW_TYPE_NAME_MAX + 40)
    .optional(),
  questions: kitList.optional(),
  criteria: kitList.optional(),
});
export type RescheduleInterviewBody = z.infer<typeof rescheduleInterviewBody>;

/** POST …/interviews/{interview}/cancel (body optional). */
export const cancelInterviewBody = z
  .object({ reason: z.string().trim().max(500, 'The reason may not be longer than 500 characters.').optional() })
  .nullish();
export type CancelInterviewBody = z.infer<typeof cancelInterviewBody>;

/**
 * GET …/interviews/conflicts?user_ids=<uuid,uuid>&starts_at=<iso>&ends_at=<iso>[&exclude=<interview id>]:
 * the scheduled interviews of those users that overlap [starts_at, ends_at) — shown before saving.
 * Conflicts never block scheduling. Only ids of the organisation's members count.
 */
export const conflictsQuery = z.object({
  user_ids: z
    .string({ error: INTERVIEW_TEXTS.conflictQuery })
    .min(1, INTERVIEW_TEXTS.conflictQuery)
    .max(2000)
    .transform((v, ctx) => {
      const ids = commaList(v);
      if (ids.length === 0 || ids.length > 20 || !ids.every(isId))
        ctx.addIssue({ code: 'custom', message: INTERVIEW_TEXTS.interviewerUnknown });
      return ids;
    }),
  starts_at: startsAt,
  ends_at: startsAt,
  exclude: z
    .string()
    .max(64)
    .transform((v, ctx) => {
      const id = v.trim() || undefined;
      if (id !== undefined && !isId(id)) ctx.addIssue({ code: 'custom', message: INTERVIEW_TEXTS.notFound });
      return id;
    })
    .optional(),
});
export type ConflictsQuery = z.infer<typeof conflictsQuery>;
export const interviewConflict = z.object({
  user: ref,
  interview: z.object({
    id: z.string(),
    title: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    candidate_name: z.string(),
    recruitment: ref,
  }),
});
export type InterviewConflict = z.infer<typeof interviewConflict>;
export const conflictsResponse = z.object({ conflicts: z.array(interviewConflict) });
export type ConflictsResponse = z.infer<typeof conflictsResponse>;

/* ---------- scorecards ---------- */

/**
 * POST …/interviews/{interview}/scorecard: one per interviewer, after the interview started,
 * not on a cancelled one. `ratings` rates each criterion of the interview's kit 1–4 (every one).
 * 403 scorecardNotInterviewer; 409 scorecardTwice; 422 ratingRange (field `ratings`) etc.
 */
export const scorecardBody = z.object({
  ratings: z.array(
    z.object({
      criterion: line().trim().min(1).max(KIT_ITEM_MAX),
      rating: z
        .number({ error: INTERVIEW_TEXTS.ratingRange })
        .int(INTERVIEW_TEXTS.ratingRange)
        .min(RATING_MIN, INTERVIEW_TEXTS.ratingRange)
        .max(RATING_MAX, INTERVIEW_TEXTS.ratingRange),
    }),
  ),
  recommendation: z.enum(RECOMMENDATIONS, { error: INTERVIEW_TEXTS.recommendationRequired }),
  notes: z.string().trim().max(SCORECARD_NOTES_MAX, `The notes may not be longer than ${SCORECARD_NOTES_MAX} characters.`).default(''),
});
export type ScorecardBody = z.input<typeof scorecardBody>;

export const scorecard = z.object({
  id: z.string(),
  interview_id: z.string(),
  interviewer: ref,
  ratings: z.array(z.object({ criterion: z.string(), rating: z.number().int() })),
  recommendation: z.enum(RECOMMENDATIONS),
  notes: z.string(),
  submitted_at: z.string(),
});
export type Scorecard = z.infer<typeof scorecard>;
export const scorecardResponse = z.object({ scorecard });
export type ScorecardResponse = z.infer<typeof scorecardResponse>;

/**
 * GET …/interviews/{interview}/scorecards. Visibility (as Greenhouse): an interviewer of it sees
 * the others' scorecards only after submitting their own (`hidden` = true and `scorecards` holds
 * just their own until then, i.e. empty); owners, admins, recruiters and hiring managers who are
 * not interviewers of it see all. `pending` lists the interviewers who have not submitted.
 */
export const scorecardsResponse = z.object({
  scorecards: z.array(scorecard),
  hidden: z.boolean(),
  pending: z.array(ref),
  summary: scorecardSummary,
});
export type ScorecardsResponse = z.infer<typeof scorecardsResponse>;
