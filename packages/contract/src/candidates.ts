import { z } from 'zod';
import { line, text } from './text.ts';
import { paged } from './pagination.ts';

/* ---------- constants ---------- */

/** Where a candidate or application came from. */
export const CANDIDATE_SOURCES = ['careers_site', 'referral', 'sourced', 'agency', 'job_board', 'imported', 'other'] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];
export const CANDIDATE_SOURCE_LABELS: Record<CandidateSource, string> = {
  careers_site: 'Careers site',
  referral: 'Referral',
  sourced: 'Sourced',
  agency: 'Agency',
  job_board: 'Job board',
  imported: 'Imported',
  other: 'Other',
};

/** How consent to process the candidate's data was obtained. */
export const CONSENT_SOURCES = ['application_form', 'email', 'verbal', 'import', 'legitimate_interest'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  application_form: 'Application form',
  email: 'By e-mail',
  verbal: 'Verbally',
  import: 'With the imported data',
  legitimate_interest: 'Legitimate interest',
};

/** Rejection reasons offered in the reject dialog; free text is allowed too ("Other: …"). */
export const REJECTION_REASONS = [
  'Not qualified',
  'Not enough experience',
  'Salary expectations',
  'Culture add not there',
  'Position filled',
  'Withdrew',
  'Accepted another offer',
  'No response',
  'Other',
] as const;

export const APPLICATION_RATING_MAX = 5;
export const CANDIDATE_NAME_MAX = 160;
export const CANDIDATE_LINKS_MAX = 10;
export const TAG_MAX = 40;
export const TAGS_PER_APPLICATION_MAX = 20;
export const NOTE_MAX = 10_000;
export const BULK_MAX = 1000;
/** Résumés and candidate documents. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const CANDIDATE_FILE_KINDS = ['resume', 'cover_letter', 'other'] as const;
export type CandidateFileKind = (typeof CANDIDATE_FILE_KINDS)[number];
/** CSV import. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** Refused rows reported back (the count is exact; the list is capped). */
export const IMPORT_REFUSED_LIST_MAX = 500;
/** The fields a CSV column can map to; name and email are required. */
export const IMPORT_FIELDS = ['name', 'email', 'phone', 'location', 'links', 'source', 'tags', 'consent'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_STATES = ['pending', 'running', 'done', 'failed'] as const;

export const CANDIDATE_TEXTS = {
  notFound: 'No such candidate.',
  applicationNotFound: 'No such application.',
  noteNotFound: 'No such note.',
  duplicate: 'A candidate with this e-mail already exists in this organisation.',
  alreadyInRecruitment: 'This candidate is already in this recruitment.',
  importMatchesExisting: 'This e-mail is already a candidate of the organisation: the row is added to that candidate.',
  statusUnknown: 'Choose a status of this organisation.',
  recruitmentUnknown: 'Choose a recruitment of this organisation.',
  recruitmentClosed: 'This recruitment is closed; reopen it to change its candidates.',
  alreadyRejected: 'This application is already rejected.',
  notRejected: 'This application is not rejected.',
  erased: 'This candidate’s data was erased.',
  mergeSelf: 'A candidate cannot be merged into itself.',
  noteClientIdTaken: 'This client id belongs to another note.',
  mentionUnknown: 'You can only mention members of this organisation.',
  noteNotYours: 'Only the author or an admin can delete this note.',
  documentMissing: 'Choose a file to upload.',
  documentType: 'The file must be a PDF, DOC or DOCX document.',
  documentTooLarge: 'The file may not be larger than 10 MB.',
  fileNotFound: 'No such file.',
  importMissing: 'Choose a CSV file to import.',
  importTooLarge: 'The CSV file may not be larger than 20 MB.',
  importEncoding: 'The file is not UTF-8 text; save it as "CSV UTF-8" and try again.',
  importEmpty: 'The CSV file has no rows.',
  importTooManyRows: 'A CSV import may have at most 50,000 rows.',
  importColumnMissing: 'The mapped column "{column}" is not in the file.',
  importMappingRequired: 'Map a column to the name and one to the e-mail.',
  importNotFound: 'No such import.',
  concurrentMove: 'Someone else moved this candidate meanwhile; the board was refreshed.',
} as const;

/* ---------- objects ---------- */

const ref = z.object({ id: z.string(), name: z.string() });
const statusRef = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  category: z.enum(['in_progress', 'hired', 'rejected']),
});

export const candidate = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  links: z.array(z.string()),
  source: z.enum(CANDIDATE_SOURCES),
  consent_at: z.string().nullable(),
  consent_source: z.enum(CONSENT_SOURCES).nullable(),
  consent_note: z.string().nullable(),
  erased_at: z.string().nullable(),
  last_activity_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Candidate = z.infer<typeof candidate>;

/** A row of the candidates table (one application of a recruitment). */
export const applicationListItem = z.object({
  id: z.string(),
  candidate: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    location: z.string().nullable(),
    erased: z.boolean(),
  }),
  recruitment_id: z.string(),
  status: statusRef,
  rating: z.number().int().nullable(),
  source: z.enum(CANDIDATE_SOURCES),
  tags: z.array(z.string()),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  stage_entered_at: z.string(),
  applied_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type ApplicationListItem = z.infer<typeof applicationListItem>;

/**
 * GET organisation/{id}/recruitments/{recruitment}/applications → { applications: { data, meta } }.
 * filter[status] (status id, or several comma-separated), filter[state] (active (default) | rejected | hired | all),
 * filter[tag], filter[source], filter[rating] (minimum stars), filter[applied_from], filter[applied_to] (YYYY-MM-DD),
 * filter[search] (words of the name or e-mail, by their beginning, ignoring case and accents; typos when nothing matches).
 */
export const applicationsResponse = z.object({ applications: paged(applicationListItem) });
export type ApplicationsResponse = z.infer<typeof applicationsResponse>;
export const APPLICATION_SORTS = [
  'applied_at',
  '-applied_at',
  'name',
  '-name',
  'rating',
  '-rating',
  'stage',
  '-stage',
  'updated_at',
  '-updated_at',
] as const;
export const APPLICATION_STATE_FILTERS = ['active', 'rejected', 'hired', 'all'] as const;

/** A card on the board: as little as the card shows. */
export const boardCard = z.object({
  id: z.string(),
  candidate_id: z.string(),
  name: z.string(),
  rating: z.number().int().nullable(),
  tags: z.array(z.string()),
  source: z.enum(CANDIDATE_SOURCES),
  stage_entered_at: z.string(),
  version: z.number().int(),
});
export type BoardCard = z.infer<typeof boardCard>;

/** GET …/recruitments/{recruitment}/board → { board: { columns } }: every status in pipeline order, active cards in board order. */
export const boardResponse = z.object({
  board: z.object({ columns: z.array(z.object({ status: statusRef, cards: z.array(boardCard) })) }),
});
export type BoardResponse = z.infer<typeof boardResponse>;

export const stageChange = z.object({
  id: z.string(),
  from: ref.nullable(),
  to: ref.nullable(),
  moved_by: ref.nullable(),
  moved_at: z.string(),
});
export type StageChange = z.infer<typeof stageChange>;

export const candidateFile = z.object({
  id: z.string(),
  kind: z.enum(CANDIDATE_FILE_KINDS),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: ref.nullable(),
  created_at: z.string(),
  /** Authorised per request (session or API key of the organisation). `?inline=1` for a PDF preview. */
  url: z.string(),
});
export type CandidateFile = z.infer<typeof candidateFile>;

/** The other recruitments the same person is in. */
export const otherApplication = z.object({
  id: z.string(),
  recruitment: ref,
  status: statusRef,
  rejected_at: z.string().nullable(),
});

/** One answer to a role's own application question, as the question read when the person applied. */
export const careerAnswer = z.object({ question_id: z.string(), label: z.string(), answer: z.string() });

/** What the person sent on the careers site with this application, beside their candidate fields. */
export const careerApplicationSent = z.object({
  cover_note: z.string().nullable(),
  answers: z.array(careerAnswer),
});
export type CareerApplicationSent = z.infer<typeof careerApplicationSent>;

/** GET …/applications/{application} → { application }: everything the slide-over shows. */
export const applicationDetail = applicationListItem.extend({
  candidate: candidate,
  recruitment: ref.extend({ status: z.string() }),
  rejected_by: ref.nullable(),
  hired_at: z.string().nullable(),
  history: z.array(stageChange),
  files: z.array(candidateFile),
  other_applications: z.array(otherApplication),
  /** The cover note and answers of a careers-site application; null when it came another way. */
  career_application: careerApplicationSent.nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;
export const applicationResponse = z.object({ application: applicationDetail });
export type ApplicationResponse = z.infer<typeof applicationResponse>;

export const note = z.object({
  id: z.string(),
  candidate_id: z.string(),
  application_id: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string(), avatar_url: z.string().nullable() }).nullable(),
  /** Plain text; `@[Name](user-id)` marks a mention. */
  body: z.string(),
  mentioned_user_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do to this note (policies/notes.ts): the web shows its controls from these. */
  policies: z.object({ delete: z.boolean() }),
});
export type Note = z.infer<typeof note>;
export type NotePolicies = Note['policies'];
/** GET …/candidates/{candidate}/notes (newest first) → { notes: { data, meta } }. */
export const notesResponse = z.object({ notes: paged(note) });
export const noteResponse = z.object({ note });

/** Timeline entry types. `data` carries names at the time (e.g. from/to status names, reason). */
export const ACTIVITY_TYPES = [
  'candidate.created',
  'candidate.updated',
  'candidate.merged',
  'candidate.erased',
  'candidate.exported',
  'application.created',
  'application.moved',
  'application.rejected',
  'application.restored',
  'application.transferred',
  'application.rated',
  'application.tagged',
  'note.added',
  'note.deleted',
  'file.uploaded',
  'file.deleted',
  'interview.scheduled',
  'interview.rescheduled',
  'interview.cancelled',
  'interview.completed',
  'scorecard.submitted',
  'offer.created',
  'offer.submitted',
  'offer.approved',
  'offer.rejected',
  'offer.sent',
  'offer.accepted',
  'offer.declined',
  'offer.withdrawn',
  'offer.expired',
  /** An approver left the organisation: their step passed to another (data: offer_id, status, removed, to, outcome 'reassigned' | 'dropped'). */
  'offer.approver_replaced',
  /** The hire entered a role's onboarding (data: hire_id, onboarding_id, role, start_date). */
  'onboarding.started',
  /** A task's owner left the organisation: the task has no owner now (data: hire_id, onboarding_id, task_id, title, removed). */
  'onboarding.task_unassigned',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activity = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  candidate: ref.nullable(),
  application_id: z.string().nullable(),
  recruitment: ref.nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activity>;
/** GET …/candidates/{candidate}/activities (newest first) → { activities: { data, meta } }. */
export const activitiesResponse = z.object({ activities: paged(activity) });
export type ActivitiesResponse = z.infer<typeof activitiesResponse>;

/* ---------- inputs ---------- */

const email = z.string({ error: 'Enter an e-mail address.' }).trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.'));
const optionalText = (max: number, label: string, single = true) =>
  (single ? line() : text()).trim().max(max, `${label} may not be longer than ${max} characters.`).nullish();
const link = z
  .url({ protocol: /^https?$/, error: 'Enter a link starting with http:// or https://.' })
  .max(500, 'A link may not be longer than 500 characters.');
const tag = line().trim().min(1, 'A tag may not be empty.').max(TAG_MAX, `A tag may not be longer than ${TAG_MAX} characters.`);

export const candidateFields = {
  name: line({ error: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(CANDIDATE_NAME_MAX, `The name may not be longer than ${CANDIDATE_NAME_MAX} characters.`),
  email,
  phone: optionalText(40, 'The phone number'),
  location: optionalText(160, 'The location'),
  links: z.array(link).max(CANDIDATE_LINKS_MAX, `At most ${CANDIDATE_LINKS_MAX} links.`),
  source: z.enum(CANDIDATE_SOURCES, { error: 'Choose a source.' }),
  consent_source: z.enum(CONSENT_SOURCES, { error: 'Choose how consent was given.' }).nullable(),
  consent_note: optionalText(500, 'The consent note', false),
};

/** The person, when adding by hand; consent is recorded when consent_source is set. */
export const candidateInput = z.object({
  name: candidateFields.name,
  email: candidateFields.email,
  phone: candidateFields.phone,
  location: candidateFields.location,
  links: candidateFields.links.optional(),
  consent_source: candidateFields.consent_source.optional(),
  consent_note: candidateFields.consent_note,
});
export type CandidateInput = z.infer<typeof candidateInput>;

/**
 * POST …/recruitments/{recruitment}/applications: a new person (`candidate`) or an existing one
 * (`candidate_id`). A new person whose e-mail exists → 409 with `{ message, code: 'duplicate',
 * duplicate: Candidate }` so the client offers the existing one instead of creating a second.
 * The application starts in `status_id` or the first status of the pipeline.
 */
export const createApplicationBody = z
  .object({
    candidate: candidateInput.optional(),
    candidate_id: z.uuid(CANDIDATE_TEXTS.notFound).optional(),
    status_id: z.uuid(CANDIDATE_TEXTS.statusUnknown).optional(),
    source: candidateFields.source.optional(),
    rating: z.number().int().min(1).max(APPLICATION_RATING_MAX).nullable().optional(),
    tags: z.array(tag).max(TAGS_PER_APPLICATION_MAX).optional(),
  })
  .refine((b) => Boolean(b.candidate) !== Boolean(b.candidate_id), {
    message: 'Give either a new candidate or an existing candidate_id.',
    path: ['candidate'],
  });
export type CreateApplicationBody = z.infer<typeof createApplicationBody>;
export const duplicateCandidateResponse = z.object({ message: z.string(), code: z.literal('duplicate'), duplicate: candidate });
export type DuplicateCandidateResponse = z.infer<typeof duplicateCandidateResponse>;

/** PATCH …/applications/{application}. */
export const updateApplicationBody = z.object({
  rating: z.number().int().min(1, 'Rate from 1 to 5 stars.').max(APPLICATION_RATING_MAX, 'Rate from 1 to 5 stars.').nullable().optional(),
  tags: z.array(tag).max(TAGS_PER_APPLICATION_MAX, `At most ${TAGS_PER_APPLICATION_MAX} tags.`).optional(),
  source: candidateFields.source.optional(),
});
export type UpdateApplicationBody = z.infer<typeof updateApplicationBody>;

/**
 * POST …/applications/{application}/move: to a status, placed before `before_id` (a card of that
 * column) or at the end. `version` is the one the client saw: a different current version still
 * moves (last write wins) and the response says `conflict: true` so the client refreshes its board.
 */
export const moveApplicationBody = z.object({
  status_id: z.uuid(CANDIDATE_TEXTS.statusUnknown),
  before_id: z.uuid().nullable().optional(),
  version: z.number().int().optional(),
});
export type MoveApplicationBody = z.infer<typeof moveApplicationBody>;
export const moveApplicationResponse = z.object({ application: applicationListItem, conflict: z.boolean() });

/** POST …/applications/{application}/reject; POST …/restore takes no body. */
export const rejectApplicationBody = z.object({
  reason: z
    .string({ error: 'Choose a reason.' })
    .trim()
    .min(1, 'Choose a reason.')
    .max(300, 'The reason may not be longer than 300 characters.'),
  note: optionalText(NOTE_MAX, 'The note', false),
});
export type RejectApplicationBody = z.infer<typeof rejectApplicationBody>;

/** POST …/applications/{application}/transfer: to another open recruitment (first status). */
export const transferApplicationBody = z.object({ recruitment_id: z.uuid(CANDIDATE_TEXTS.recruitmentUnknown) });

/** POST …/recruitments/{recruitment}/applications/bulk → { bulk: { updated } }: all or nothing. */
export const bulkApplicationsBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('move'), ids: z.array(z.uuid()).min(1).max(BULK_MAX), status_id: z.uuid(CANDIDATE_TEXTS.statusUnknown) }),
  z.object({ action: z.literal('reject'), ids: z.array(z.uuid()).min(1).max(BULK_MAX), reason: rejectApplicationBody.shape.reason }),
  z.object({
    action: z.literal('tag'),
    ids: z.array(z.uuid()).min(1).max(BULK_MAX),
    tags: z.array(tag).min(1).max(TAGS_PER_APPLICATION_MAX),
  }),
  z.object({
    action: z.literal('untag'),
    ids: z.array(z.uuid()).min(1).max(BULK_MAX),
    tags: z.array(tag).min(1).max(TAGS_PER_APPLICATION_MAX),
  }),
]);
export type BulkApplicationsBody = z.infer<typeof bulkApplicationsBody>;
export const bulkApplicationsResponse = z.object({ bulk: z.object({ updated: z.number().int() }) });

/**
 * GET …/recruitments/{recruitment}/applications/export → text/csv attachment, same filters as the
 * list, or `ids` (comma-separated) for a selection. Cells starting with = + - @ (or tab/CR) are
 * prefixed with ' so spreadsheets do not run them.
 */
export const EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Location',
  'Status',
  'Rating',
  'Source',
  'Tags',
  'Applied at',
  'Rejected at',
  'Rejection reason',
] as const;

/** PATCH …/candidates/{candidate}. */
export const updateCandidateBody = z.object({
  name: candidateFields.name.optional(),
  email: candidateFields.email.optional(),
  phone: candidateFields.phone,
  location: candidateFields.location,
  links: candidateFields.links.optional(),
  source: candidateFields.source.optional(),
  consent_source: candidateFields.consent_source.optional(),
  consent_note: candidateFields.consent_note,
});
export type UpdateCandidateBody = z.infer<typeof updateCandidateBody>;
export const candidateResponse = z.object({ candidate });
/**
 * GET …/candidates?filter[search]= → people of the organisation (for "add existing" and duplicates), best
 * matches first; a search's total is counted up to 1,000 (docs/decisions/012-candidate-search.md).
 */
export const candidatesResponse = z.object({ candidates: paged(candidate) });

/** POST …/candidates/{candidate}/merge { source_id }: the source's applications, notes, files and history move to this one; the source is deleted. */
export const mergeCandidateBody = z.object({ source_id: z.uuid(CANDIDATE_TEXTS.notFound) });

/** POST …/candidates/{candidate}/notes. Mentions are parsed from the body's `@[Name](id)` marks. */
export const createNoteBody = z.object({
  body: z
    .string({ error: 'Write a note.' })
    .trim()
    .min(1, 'Write a note.')
    .max(NOTE_MAX, `A note may not be longer than ${NOTE_MAX} characters.`),
  application_id: z.uuid().nullable().optional(),
  /**
   * Chosen by the client, one per composed note: a create repeated with the same key (a double
   * click, a retry) answers 200 with the note already made instead of making a second one.
   */
  client_id: z.uuid('The client id must be a UUID.').optional(),
});
export type CreateNoteBody = z.infer<typeof createNoteBody>;
/** The mention mark inside a note body. */
export const MENTION_PATTERN = /@\[([^\]\n]{1,160})\]\(([0-9a-f-]{36})\)/g;

/** GET …/candidates/{candidate}/export → the person's data as JSON (GDPR access), as an attachment. */
export const candidateExport = z.object({
  exported_at: z.string(),
  candidate,
  applications: z.array(
    z.object({
      recruitment: z.string(),
      status: z.string(),
      applied_at: z.string(),
      rejected_at: z.string().nullable(),
      rejection_reason: z.string().nullable(),
      rating: z.number().nullable(),
      tags: z.array(z.string()),
      source: z.string(),
    }),
  ),
  notes: z.array(z.object({ author: z.string().nullable(), body: z.string(), created_at: z.string() })),
  files: z.array(z.object({ filename: z.string(), kind: z.string(), content_type: z.string(), size: z.number(), created_at: z.string() })),
  activities: z.array(z.object({ type: z.string(), actor: z.string(), created_at: z.string() })),
});
export type CandidateExport = z.infer<typeof candidateExport>;

/* ---------- CSV import ---------- */

export const candidateImport = z.object({
  id: z.string(),
  recruitment_id: z.string(),
  filename: z.string(),
  status: z.enum(IMPORT_STATES),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  matched_count: z.number().int(),
  refused_count: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CandidateImport = z.infer<typeof candidateImport>;
export const candidateImportResponse = z.object({ import: candidateImport });

/** How a row of the file would fare: unreadable CSV, invalid, a duplicate (refused), or an existing candidate (matched, imported). */
export const IMPORT_PREVIEW_PROBLEMS = ['unreadable', 'invalid', 'duplicate', 'existing'] as const;
export type ImportPreviewProblem = (typeof IMPORT_PREVIEW_PROBLEMS)[number];
/** POST …/recruitments/{recruitment}/imports/preview (same body as the import): what the import would do, nothing saved. */
export const candidateImportPreview = z.object({
  total_rows: z.number().int(),
  /** Rows that would be imported: new candidates plus existing ones matched by e-mail. */
  importable_rows: z.number().int(),
  new_count: z.number().int(),
  matched_count: z.number().int(),
  refused_count: z.number().int(),
  /** The flagged rows in file order (`row` is the line the row starts on; the header is line 1), the first IMPORT_REFUSED_LIST_MAX. */
  flagged: z.array(
    z.object({
      row: z.number().int(),
      problem: z.enum(IMPORT_PREVIEW_PROBLEMS),
      reason: z.string(),
      /** Whether the row is imported all the same (an existing candidate is matched by e-mail). */
      imported: z.boolean(),
    }),
  ),
  flagged_count: z.number().int(),
});
export type CandidateImportPreview = z.infer<typeof candidateImportPreview>;
export const candidateImportPreviewResponse = z.object({ preview: candidateImportPreview });

/** POST …/recruitments/{recruitment}/imports: multipart `file` (CSV, UTF-8) and `mapping` (JSON: field → column header). */
/** Only the mapped fields are named (name and email required); an empty column name means "not mapped". */
export const importMapping = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200).nullish());
export type ImportMapping = z.infer<typeof importMapping>;

/* ---------- dashboard: GET organisation/{id}/dashboard ---------- */

export const dashboard = z.object({
  /** Open recruitments the user owns or is on the hiring team of (all open ones for admins and recruiters when they are on none). */
  recruitments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: ref,
      active_count: z.number().int(),
      new_this_week: z.number().int(),
      moved_this_week: z.number().int(),
      hired_count: z.number().int(),
      openings: z.number().int(),
    }),
  ),
  recent_activity: z.array(activity),
  /** Filled by the interviews and offers issue; empty lists until then. */
  interviews: z.array(z.object({ id: z.string(), title: z.string(), starts_at: z.string(), url: z.string() })),
  feedback_owed: z.array(z.object({ id: z.string(), title: z.string(), due_at: z.string().nullable(), url: z.string() })),
  approvals: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
  counts: z.object({
    open_recruitments: z.number().int(),
    active_candidates: z.number().int(),
    new_this_week: z.number().int(),
    hired_this_month: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = z.object({ dashboard });
export type DashboardResponse = z.infer<typeof dashboardResponse>;
