import { z } from 'zod';
import { line } from './text.ts';
import { paged } from './pagination.ts';

/*
 * The Onboarding product (docs/product.md §17): one onboarding per job role with hires in it, moved through the
 * organisation's onboarding stages, each hire with a checklist of tasks and documents to collect
 * (copied from a template), and a public, tokenised new-hire page.
 *
 * Organisation-scoped routes (prefix `/api/v1/organisation/{organisationId}`):
 *   GET    /onboarding                                  → OnboardingDashboardResponse                 onboarding.view
 *   GET    /onboarding-stages                           → OnboardingStagesResponse (defaults created when first needed) onboarding.view
 *   POST   /onboarding-stages                           CreateOnboardingStageBody → 201 OnboardingStageResponse   onboarding_settings.manage
 *   PATCH  /onboarding-stages/reorder                   ReorderBody ({ original, new }, 1-based) → OnboardingStagesResponse onboarding_settings.manage
 *   PATCH  /onboarding-stages/{stage}                   UpdateOnboardingStageBody → OnboardingStageResponse     onboarding_settings.manage
 *   DELETE /onboarding-stages/{stage}                   → 204; 422 `stageInUse` while it holds hires; 422 `lastStage` for the last one
 *   GET    /onboarding-templates                        → OnboardingTemplatesResponse                  onboarding.view
 *   POST   /onboarding-templates                        OnboardingTemplateBody → 201 OnboardingTemplateResponse   onboarding_settings.manage
 *   GET    /onboarding-templates/{template}             → OnboardingTemplateResponse                   onboarding.view
 *   PATCH  /onboarding-templates/{template}             UpdateOnboardingTemplateBody → OnboardingTemplateResponse onboarding_settings.manage
 *   DELETE /onboarding-templates/{template}             → 204 (hires keep their copied tasks)          onboarding_settings.manage
 *   GET    /onboardings/{onboarding}                    → OnboardingResponse                           onboarding.view
 *   PATCH  /onboardings/{onboarding}                    UpdateOnboardingBody → OnboardingResponse     onboarding.manage
 *   GET    /onboardings/{onboarding}/hires              → HiresResponse (page, per_page, sort (HIRE_SORTS), filter[stage], q) onboarding.view
 *   GET    /onboardings/{onboarding}/board              → HireBoardResponse                            onboarding.view
 *   POST   /hires                                       CreateHireBody → 201 HireResponse (409 `alreadyHired`) onboarding.manage
 *   GET    /onboarding/accepted-offers                  → AcceptedOffersResponse (accepted offers whose person is not in onboarding yet) onboarding.manage
 *   POST   /onboarding/accepted-offers/import           ImportAcceptedOffersBody → ImportAcceptedOffersResponse (idempotent) onboarding.manage
 *   GET    /hires/{hire}                                → HireResponse                                 onboarding.view
 *   PATCH  /hires/{hire}                                UpdateHireBody → HireResponse                  onboarding.manage
 *   DELETE /hires/{hire}                                → 204                                          onboarding.manage
 *   POST   /hires/{hire}/move                           MoveHireBody → MoveHireResponse                onboarding.manage
 *   POST   /hires/{hire}/tasks                          CreateHireTaskBody → 201 HireTaskResponse      onboarding.manage
 *   PATCH  /hires/{hire}/tasks/{task}                   UpdateHireTaskBody → HireTaskResponse          onboarding.tasks
 *          Without onboarding.manage only the task's owner may change it, and only `done` (403 otherwise).
 *   DELETE /hires/{hire}/tasks/{task}                   → 204                                          onboarding.manage
 *   POST   /hires/{hire}/documents                      CreateHireDocumentBody → 201 HireDocumentResponse onboarding.manage
 *   POST   /hires/{hire}/documents/{document}/file      multipart `file` (PDF/PNG/JPEG/DOC/DOCX ≤ 10 MB) → HireDocumentResponse onboarding.manage
 *   GET    /hires/{hire}/documents/{document}/file      → the file, as an attachment               onboarding.view
 *   DELETE /hires/{hire}/documents/{document}           → 204                                          onboarding.manage
 *   POST   /hires/{hire}/new-hire-link                  → NewHireLinkResponse (a fresh link; the old one stops working; e-mailed) onboarding.manage
 *
 * Every route above but GET /onboarding answers 403 `notSubscribed` while the organisation is not
 * subscribed to the Onboarding product (organisations.products); GET /onboarding then answers
 * product_state `not_subscribed` with no stages and no onboardings.
 *
 * Public (no account; rate limited per address; prefix `/api/v1`):
 *   GET    /public/new-hire/{token}                     → PublicNewHireResponse
 *   POST   /public/new-hire/{token}/documents/{document} multipart `file` → PublicNewHireResponse
 *   POST   /public/new-hire/{token}/tasks/{task}        NewHireTaskBody → PublicNewHireResponse (the hire's own tasks only; else 404 `taskNotFound`)
 *   Unknown or tampered token → 404 `linkNotFound`. The page keeps working after the organisation
 *   unsubscribes from Onboarding: a person mid-onboarding keeps their checklist and documents.
 *
 * Dates (start_date, due_date, next_start_date) are `YYYY-MM-DD`; times are ISO 8601.
 */

/* ---------- constants ---------- */

export const ONBOARDING_STAGE_CATEGORIES = ['in_progress', 'done'] as const;
export type OnboardingStageCategory = (typeof ONBOARDING_STAGE_CATEGORIES)[number];
export const ONBOARDING_STAGE_CATEGORY_LABELS: Record<OnboardingStageCategory, string> = {
  in_progress: 'In progress',
  done: 'Done',
};

/** Who owns a task: a named user, or whoever fills the part on the hire (the manager, the buddy, the hire). */
export const TASK_OWNER_KINDS = ['user', 'manager', 'buddy', 'new_hire'] as const;
export type TaskOwnerKind = (typeof TASK_OWNER_KINDS)[number];
export const TASK_OWNER_KIND_LABELS: Record<TaskOwnerKind, string> = {
  user: 'A colleague',
  manager: 'The manager',
  buddy: 'The buddy',
  new_hire: 'The new hire',
};

/** not_subscribed | trial (subscribed while the organisation is on trial) | active. */
export const ONBOARDING_PRODUCT_STATES = ['not_subscribed', 'trial', 'active'] as const;
export type OnboardingProductState = (typeof ONBOARDING_PRODUCT_STATES)[number];

export const ONBOARDING_STAGE_NAME_MAX = 60;
export const ONBOARDING_TEMPLATE_NAME_MAX = 120;
export const ONBOARDING_TASK_TITLE_MAX = 200;
export const ONBOARDING_TASKS_MAX = 100;
export const ONBOARDING_DOCUMENTS_MAX = 50;
export const ONBOARDING_DOCUMENT_NAME_MAX = 120;
export const ONBOARDING_DOCUMENT_DESCRIPTION_MAX = 1000;
export const FIRST_DAY_INFO_MAX = 5000;
/** Tasks are due at most this many days before or after the start date. */
export const DUE_DAYS_MAX = 365;
export const DEFAULT_ONBOARDING_STAGE_COLOUR = '#228be6';

/** Documents a hire uploads (checked by their first bytes). */
export const HIRE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const HIRE_DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

export const HIRE_SORTS = ['name', '-name', 'start_date', '-start_date', 'stage', '-stage', 'created_at', '-created_at'] as const;
export type HireSort = (typeof HIRE_SORTS)[number];

/** Every organisation's onboarding stages when it first needs them. */
export const DEFAULT_ONBOARDING_STAGES: ReadonlyArray<{ name: string; colour: string; category: OnboardingStageCategory }> = [
  { name: 'Offer accepted', colour: '#228be6', category: 'in_progress' },
  { name: 'Paperwork', colour: '#7950f2', category: 'in_progress' },
  { name: 'Equipment', colour: '#e67700', category: 'in_progress' },
  { name: 'First day', colour: '#0c8599', category: 'in_progress' },
  { name: 'Done', colour: '#2b8a3e', category: 'done' },
];

export const ONBOARDING_TEXTS = {
  /** 403 from every organisation-scoped onboarding route but the dashboard's GET (which answers `not_subscribed`). */
  notSubscribed:
    'This organisation is not subscribed to Onboarding. The organisation’s owner can subscribe on the Onboarding page or under Settings → Billing.',
  onboardingNotFound: 'No such onboarding.',
  stageNotFound: 'No such onboarding stage.',
  stageNameTaken: 'An onboarding stage with this name already exists.',
  stageInUse: 'Move the hires in this stage to another one before deleting it.',
  lastStage: 'An onboarding needs at least one stage.',
  stageUnknown: 'Choose an onboarding stage of this organisation.',
  templateNotFound: 'No such onboarding template.',
  templateUnknown: 'Choose an onboarding template of this organisation.',
  hireNotFound: 'No such hire.',
  taskNotFound: 'No such task.',
  documentNotFound: 'No such document.',
  candidateUnknown: 'Choose a candidate of this organisation.',
  candidateErased: 'This candidate’s data was erased.',
  roleUnknown: 'Choose a job role of this organisation.',
  userUnknown: 'Choose a member of this organisation.',
  alreadyHired: 'This candidate is already in this role’s onboarding.',
  notTaskOwner: 'Only the task’s owner or someone who manages onboarding can tick off this task.',
  onlyDone: 'You can only tick off or reopen your own task; ask someone who manages onboarding to change it.',
  noEmail: 'The hire has no e-mail address; add one to the candidate first.',
  fileMissing: 'Choose a file to upload.',
  fileType: 'The file must be a PDF, PNG, JPEG, DOC or DOCX file.',
  fileTooLarge: 'The file may not be larger than 10 MB.',
  fileNotUploaded: 'This document has not been uploaded yet.',
  linkNotFound: 'This new-hire link is not valid. Ask your contact for a new one.',
  concurrentMove: 'Someone else moved this hire meanwhile; the board was refreshed.',
  offerUnknown: 'Choose an accepted offer of this organisation.',
  offerOfOtherCandidate: 'This offer was made to someone else.',
  offersRequired: 'Choose at least one accepted offer.',
  offersTooMany: 'Bring in at most 100 offers at a time.',
} as const;

/* ---------- objects ---------- */

const ref = z.object({ id: z.string(), name: z.string() });
export const userRef = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type UserRef = z.infer<typeof userRef>;

/** An onboarding stage: one column of every onboarding of the organisation. */
export const onboardingStage = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  category: z.enum(ONBOARDING_STAGE_CATEGORIES),
  position: z.number().int(),
});
export type OnboardingStage = z.infer<typeof onboardingStage>;

/** GET /onboarding-stages → { stages: { data, meta } }, ordered by position. */
export const onboardingStagesResponse = z.object({ stages: paged(onboardingStage) });
export type OnboardingStagesResponse = z.infer<typeof onboardingStagesResponse>;
export const onboardingStageResponse = z.object({ stage: onboardingStage });
export type OnboardingStageResponse = z.infer<typeof onboardingStageResponse>;

/** A template's task; `due_days` is relative to the start date (negative: before it). */
export const templateTask = z.object({
  id: z.string(),
  title: z.string(),
  owner: z.enum(TASK_OWNER_KINDS),
  /** Only for owner 'user'. */
  owner_user_id: z.string().nullable(),
  due_days: z.number().int(),
});
export type TemplateTaskItem = z.infer<typeof templateTask>;
export const templateDocument = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type TemplateDocumentItem = z.infer<typeof templateDocument>;

export const onboardingTemplate = z.object({
  id: z.string(),
  name: z.string(),
  first_day_info: z.string(),
  tasks: z.array(templateTask),
  documents: z.array(templateDocument),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OnboardingTemplate = z.infer<typeof onboardingTemplate>;

/** GET /onboarding-templates → { templates: { data, meta } }, by name. */
export const onboardingTemplatesResponse = z.object({ templates: paged(onboardingTemplate) });
export type OnboardingTemplatesResponse = z.infer<typeof onboardingTemplatesResponse>;
export const onboardingTemplateResponse = z.object({ template: onboardingTemplate });
export type OnboardingTemplateResponse = z.infer<typeof onboardingTemplateResponse>;

/** Hires per stage, every stage present (0 when empty). */
export const onboardingStageCount = z.object({ stage_id: z.string(), count: z.number().int() });
export type OnboardingStageCount = z.infer<typeof onboardingStageCount>;

const roleRef = z.object({ id: z.string(), name: z.string(), team: ref.nullable() });

/** One line of the dashboard: a role's onboarding. */
export const onboardingSummary = z.object({
  id: z.string(),
  role: roleRef,
  template: ref.nullable(),
  /** Hires in it (all stages). */
  hires: z.number().int(),
  stage_counts: z.array(onboardingStageCount),
  /** Open tasks past their due date. */
  overdue_tasks: z.number().int(),
  /** The earliest start date today or later among its hires; null without one. */
  next_start_date: z.string().nullable(),
});
export type OnboardingSummary = z.infer<typeof onboardingSummary>;

/** GET /onboarding → the Onboarding Dashboard: subscription state, stages, one onboarding per role with hires (not subscribed: neither). */
export const onboardingDashboard = z.object({
  product_state: z.enum(ONBOARDING_PRODUCT_STATES),
  trail_ends_at: z.string().nullable(),
  stages: z.array(onboardingStage),
  onboardings: z.array(onboardingSummary),
});
export type OnboardingDashboard = z.infer<typeof onboardingDashboard>;
export const onboardingDashboardResponse = z.object({ onboarding: onboardingDashboard });
export type OnboardingDashboardResponse = z.infer<typeof onboardingDashboardResponse>;

/** GET /onboardings/{onboarding}: the role's onboarding (header of the detail page). */
export const onboardingDetail = z.object({
  id: z.string(),
  role: roleRef,
  template: ref.nullable(),
  stages: z.array(onboardingStage),
  stage_counts: z.array(onboardingStageCount),
  /** Hires in it (all stages). */
  hires: z.number().int(),
  overdue_tasks: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OnboardingDetail = z.infer<typeof onboardingDetail>;
export const onboardingResponse = z.object({ onboarding: onboardingDetail });
export type OnboardingResponse = z.infer<typeof onboardingResponse>;

const stageRef = z.object({ id: z.string(), name: z.string(), colour: z.string(), category: z.enum(ONBOARDING_STAGE_CATEGORIES) });

/** A checklist item of a hire. */
export const hireTask = z.object({
  id: z.string(),
  hire_id: z.string(),
  title: z.string(),
  owner_kind: z.enum(TASK_OWNER_KINDS),
  /** The person owning it (null for the new hire's own tasks, or when the manager/buddy is not set). */
  owner: userRef.nullable(),
  due_days: z.number().int().nullable(),
  due_date: z.string().nullable(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  done_by: ref.nullable(),
  /** Not done and due before today. */
  overdue: z.boolean(),
  position: z.number().int(),
});
export type HireTask = z.infer<typeof hireTask>;
export const hireTaskResponse = z.object({ task: hireTask });
export type HireTaskResponse = z.infer<typeof hireTaskResponse>;

/** A document to collect from a hire; `file` is null until uploaded. */
export const hireDocument = z.object({
  id: z.string(),
  hire_id: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  file: z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() }).nullable(),
  uploaded_at: z.string().nullable(),
  /** null with `uploaded_at` set: uploaded by the hire from the new-hire page. */
  uploaded_by: ref.nullable(),
});
export type HireDocument = z.infer<typeof hireDocument>;
export const hireDocumentResponse = z.object({ document: hireDocument });
export type HireDocumentResponse = z.infer<typeof hireDocumentResponse>;

/** A row of the hires table. */
export const hireListItem = z.object({
  id: z.string(),
  onboarding_id: z.string(),
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  role: ref,
  stage: stageRef,
  start_date: z.string().nullable(),
  manager: userRef.nullable(),
  buddy: userRef.nullable(),
  tasks_done: z.number().int(),
  tasks_total: z.number().int(),
  /** Open tasks past their due date. */
  overdue: z.number().int(),
  documents_uploaded: z.number().int(),
  documents_total: z.number().int(),
  /** When the new-hire link was last issued (and e-mailed); null: never. */
  new_hire_link_sent_at: z.string().nullable(),
  stage_entered_at: z.string(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HireListItem = z.infer<typeof hireListItem>;

/** GET /hires/{hire}: the slide-over. */
export const hireDetail = hireListItem.extend({
  template: ref.nullable(),
  first_day_info: z.string(),
  application_id: z.string().nullable(),
  offer_id: z.string().nullable(),
  tasks: z.array(hireTask),
  documents: z.array(hireDocument),
});
export type HireDetail = z.infer<typeof hireDetail>;
export const hireResponse = z.object({ hire: hireDetail });
export type HireResponse = z.infer<typeof hireResponse>;

/** GET /onboardings/{onboarding}/hires → { hires: { data, meta } }; filter[stage] (stage id, or several comma-separated), q (name or e-mail). */
export const hiresResponse = z.object({ hires: paged(hireListItem) });
export type HiresResponse = z.infer<typeof hiresResponse>;

/** A card on the onboarding board. */
export const hireCard = z.object({
  id: z.string(),
  candidate_id: z.string(),
  name: z.string(),
  start_date: z.string().nullable(),
  manager: userRef.nullable(),
  buddy: userRef.nullable(),
  tasks_done: z.number().int(),
  tasks_total: z.number().int(),
  overdue: z.number().int(),
  stage_entered_at: z.string(),
  version: z.number().int(),
});
export type HireCard = z.infer<typeof hireCard>;

/** GET /onboardings/{onboarding}/board → every stage in order, its hires in board order. */
export const hireBoardResponse = z.object({
  board: z.object({ columns: z.array(z.object({ stage: stageRef, cards: z.array(hireCard) })) }),
});
export type HireBoardResponse = z.infer<typeof hireBoardResponse>;

/* ---------- bodies ---------- */

const uuidOf = (message: string) => z.uuid(message);
const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');
const stageName = line({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(ONBOARDING_STAGE_NAME_MAX, `The name may not be longer than ${ONBOARDING_STAGE_NAME_MAX} characters.`);
const colour = z
  .string({ error: 'Choose a colour.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The colour must be a hex colour like #228be6.')
  .transform((c) => c.toLowerCase());
const stageCategory = z.enum(ONBOARDING_STAGE_CATEGORIES, { error: 'The category must be in_progress or done.' });

export const createOnboardingStageBody = z.object({ name: stageName, colour: colour.optional(), category: stageCategory.optional() });
export type CreateOnboardingStageBody = z.input<typeof createOnboardingStageBody>;
export const updateOnboardingStageBody = z
  .object({ name: stageName.optional(), colour: colour.optional(), category: stageCategory.optional() })
  .refine((b) => b.name !== undefined || b.colour !== undefined || b.category !== undefined, {
    message: 'Send a name, colour or category to change.',
  });
export type UpdateOnboardingStageBody = z.input<typeof updateOnboardingStageBody>;

const dueDays = z
  .number({ error: 'Enter the days relative to the start date as a whole number.' })
  .int('Enter the days relative to the start date as a whole number.')
  .min(-DUE_DAYS_MAX, `A task may be due at most ${DUE_DAYS_MAX} days before the start date.`)
  .max(DUE_DAYS_MAX, `A task may be due at most ${DUE_DAYS_MAX} days after the start date.`);
const taskTitle = line({ error: 'Enter a title.' })
  .trim()
  .min(1, 'Enter a title.')
  .max(ONBOARDING_TASK_TITLE_MAX, `The title may not be longer than ${ONBOARDING_TASK_TITLE_MAX} characters.`);
const documentName = line({ error: 'Enter a name for the document.' })
  .trim()
  .min(1, 'Enter a name for the document.')
  .max(ONBOARDING_DOCUMENT_NAME_MAX, `The name may not be longer than ${ONBOARDING_DOCUMENT_NAME_MAX} characters.`);
const documentDescription = z
  .string()
  .trim()
  .max(ONBOARDING_DOCUMENT_DESCRIPTION_MAX, `The description may not be longer than ${ONBOARDING_DOCUMENT_DESCRIPTION_MAX} characters.`);
const firstDayInfo = z
  .string()
  .trim()
  .max(FIRST_DAY_INFO_MAX, `The first-day information may not be longer than ${FIRST_DAY_INFO_MAX} characters.`);

/** A template task as sent: keep `id` to keep it (new ones get one). owner 'user' needs owner_user_id. */
export const templateTaskInput = z
  .object({
    id: z.string().max(64).optional(),
    title: taskTitle,
    owner: z.enum(TASK_OWNER_KINDS, { error: 'Choose who owns the task: a colleague, the manager, the buddy or the new hire.' }),
    owner_user_id: uuidOf(ONBOARDING_TEXTS.userUnknown).nullable().optional(),
    due_days: dueDays.default(0),
  })
  .refine((t) => t.owner !== 'user' || !!t.owner_user_id, { message: 'Choose the colleague who owns the task.', path: ['owner_user_id'] });
export type TemplateTaskInput = z.input<typeof templateTaskInput>;
export const templateDocumentInput = z.object({
  id: z.string().max(64).optional(),
  name: documentName,
  description: documentDescription.default(''),
});
export type TemplateDocumentInput = z.input<typeof templateDocumentInput>;

const templateName = line({ error: 'Enter a name.' })
  .trim()
  .min(1, 'Enter a name.')
  .max(ONBOARDING_TEMPLATE_NAME_MAX, `The name may not be longer than ${ONBOARDING_TEMPLATE_NAME_MAX} characters.`);
const templateTasks = z.array(templateTaskInput).max(ONBOARDING_TASKS_MAX, `A template may have at most ${ONBOARDING_TASKS_MAX} tasks.`);
const templateDocuments = z
  .array(templateDocumentInput)
  .max(ONBOARDING_DOCUMENTS_MAX, `A template may ask for at most ${ONBOARDING_DOCUMENTS_MAX} documents.`);

/** POST /onboarding-templates. */
export const onboardingTemplateBody = z.object({
  name: templateName,
  first_day_info: firstDayInfo.default(''),
  tasks: templateTasks.default([]),
  documents: templateDocuments.default([]),
});
export type OnboardingTemplateBody = z.input<typeof onboardingTemplateBody>;
/** PATCH /onboarding-templates/{template}: any subset; tasks/documents replace the lists. */
export const updateOnboardingTemplateBody = z.object({
  name: templateName.optional(),
  first_day_info: firstDayInfo.optional(),
  tasks: templateTasks.optional(),
  documents: templateDocuments.optional(),
});
export type UpdateOnboardingTemplateBody = z.input<typeof updateOnboardingTemplateBody>;

/** PATCH /onboardings/{onboarding}: the template new hires of the role get (null: none). */
export const updateOnboardingBody = z.object({ template_id: uuidOf(ONBOARDING_TEXTS.templateUnknown).nullable() });
export type UpdateOnboardingBody = z.input<typeof updateOnboardingBody>;

/**
 * POST /hires: by hand. Creates the role's onboarding when it has none; the template defaults to
 * the onboarding's; the hire goes into the first stage. 409 `alreadyHired` when already in it.
 */
export const createHireBody = z.object({
  candidate_id: uuidOf(ONBOARDING_TEXTS.candidateUnknown),
  /** The candidate's accepted offer this hire comes from (links the hire to it; see AcceptedOffer). */
  offer_id: uuidOf(ONBOARDING_TEXTS.offerUnknown).nullable().optional(),
  role_id: uuidOf(ONBOARDING_TEXTS.roleUnknown),
  start_date: isoDate.nullable().optional(),
  manager_id: uuidOf(ONBOARDING_TEXTS.userUnknown).nullable().optional(),
  buddy_id: uuidOf(ONBOARDING_TEXTS.userUnknown).nullable().optional(),
  template_id: uuidOf(ONBOARDING_TEXTS.templateUnknown).nullable().optional(),
});
export type CreateHireBody = z.input<typeof createHireBody>;

/** PATCH /hires/{hire}: a changed start date moves the due dates of tasks that are relative to it. */
export const updateHireBody = z.object({
  start_date: isoDate.nullable().optional(),
  manager_id: uuidOf(ONBOARDING_TEXTS.userUnknown).nullable().optional(),
  buddy_id: uuidOf(ONBOARDING_TEXTS.userUnknown).nullable().optional(),
  first_day_info: firstDayInfo.optional(),
});
export type UpdateHireBody = z.input<typeof updateHireBody>;

/**
 * POST /hires/{hire}/move: to a stage, placed between `after_id` and `before_id` (cards of that
 * column) or at the end. `version` is the one the client saw: a different current version still
 * moves (last write wins) and the response says `conflict: true` so the client refreshes its board.
 */
export const moveHireBody = z.object({
  stage_id: uuidOf(ONBOARDING_TEXTS.stageUnknown),
  before_id: z.uuid().nullable().optional(),
  after_id: z.uuid().nullable().optional(),
  version: z.number().int().optional(),
});
export type MoveHireBody = z.input<typeof moveHireBody>;
export const moveHireResponse = z.object({ hire: hireListItem, conflict: z.boolean() });
export type MoveHireResponse = z.infer<typeof moveHireResponse>;

/** POST /hires/{hire}/tasks: owned by a colleague (or nobody). */
export const createHireTaskBody = z.object({
  title: taskTitle,
  owner_id: uuidOf(ONBOARDING_TEXTS.userUnknown).nullable().optional(),
  due_date: isoDate.nullable().optional(),
});
export type CreateHireTaskBody = z.input<typeof createHireTaskBody>;

/** PATCH /hires/{hire}/tasks/{task}: `done` ticks or reopens it; setting owner_id makes it a colleague's task. */
export const updateHireTaskBody = z
  .object({
    title: taskTitle.optional(),
    owner_id: uuidOf(ONBOARDING_TEXTS.userUnknown).nullable().optional(),
    due_date: isoDate.nullable().optional(),
    done: z.boolean({ error: 'done must be true or false.' }).optional(),
  })
  .refine((b) => b.title !== undefined || b.owner_id !== undefined || b.due_date !== undefined || b.done !== undefined, {
    message: 'Send a title, owner, due date or done to change.',
  });
export type UpdateHireTaskBody = z.input<typeof updateHireTaskBody>;

/** POST /hires/{hire}/documents: a document to collect. */
export const createHireDocumentBody = z.object({ name: documentName, description: documentDescription.default('') });
export type CreateHireDocumentBody = z.input<typeof createHireDocumentBody>;

/** POST /hires/{hire}/new-hire-link → the new link (also e-mailed to the hire). */
export const newHireLinkResponse = z.object({ url: z.string(), sent_at: z.string() });
export type NewHireLinkResponse = z.infer<typeof newHireLinkResponse>;

/* ---------- public new-hire page ---------- */

const personRef = z.object({ name: z.string(), email: z.string().nullable() });

export const publicNewHire = z.object({
  name: z.string(),
  organisation: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  role: z.string(),
  start_date: z.string().nullable(),
  first_day_info: z.string(),
  manager: personRef.nullable(),
  buddy: personRef.nullable(),
  documents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      uploaded_at: z.string().nullable(),
      filename: z.string().nullable(),
    }),
  ),
  /** The tasks owned by the new hire. */
  tasks: z.array(z.object({ id: z.string(), title: z.string(), due_date: z.string().nullable(), done: z.boolean() })),
});
export type PublicNewHire = z.infer<typeof publicNewHire>;
export const publicNewHireResponse = z.object({ hire: publicNewHire });
export type PublicNewHireResponse = z.infer<typeof publicNewHireResponse>;

/** POST /public/new-hire/{token}/tasks/{task}: the hire ticks off or reopens one of their own tasks → PublicNewHireResponse. */
export const newHireTaskBody = z.object({ done: z.boolean({ error: 'done must be true or false.' }) });
export type NewHireTaskBody = z.input<typeof newHireTaskBody>;
/** The answer to ticking: the hire's page as GET /public/new-hire/{token} returns it. */
export const newHireTaskResponse = publicNewHireResponse;
export type NewHireTaskResponse = PublicNewHireResponse;

/* ---------- accepted offers not in onboarding yet ---------- */

/**
 * An accepted offer whose person is not in the onboarding of the offer's role yet: hires accepted
 * before the organisation subscribed to Onboarding (the offer hook only acts while subscribed), or
 * removed from onboarding since. Its role and start date are the hire's.
 */
export const acceptedOffer = z.object({
  offer_id: z.string(),
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  role: ref,
  recruitment: ref,
  start_date: z.string(),
  accepted_at: z.string().nullable(),
});
export type AcceptedOffer = z.infer<typeof acceptedOffer>;

/** GET /onboarding/accepted-offers: newest acceptance first. */
export const acceptedOffersResponse = z.object({ accepted_offers: z.array(acceptedOffer) });
export type AcceptedOffersResponse = z.infer<typeof acceptedOffersResponse>;

export const ACCEPTED_OFFERS_IMPORT_MAX = 100;

/**
 * POST /onboarding/accepted-offers/import: each offer's person enters the role's onboarding with the
 * offer's start date (as if the offer had been accepted while subscribed, but without e-mailing the
 * new-hire link: send it from the hire when wanted). Idempotent: an offer whose person is already
 * in that onboarding is reported in `skipped` and changes nothing. An id that is not an accepted
 * offer of this organisation: 422 `offer_ids` (offerUnknown), nothing imported.
 */
export const importAcceptedOffersBody = z.object({
  offer_ids: z
    .array(uuidOf(ONBOARDING_TEXTS.offerUnknown), { error: ONBOARDING_TEXTS.offersRequired })
    .min(1, ONBOARDING_TEXTS.offersRequired)
    .max(ACCEPTED_OFFERS_IMPORT_MAX, ONBOARDING_TEXTS.offersTooMany),
});
export type ImportAcceptedOffersBody = z.input<typeof importAcceptedOffersBody>;
export const importAcceptedOffersResponse = z.object({
  hires: z.array(z.object({ offer_id: z.string(), hire_id: z.string(), onboarding_id: z.string() })),
  skipped: z.array(z.string()),
});
export type ImportAcceptedOffersResponse = z.infer<typeof importAcceptedOffersResponse>;
