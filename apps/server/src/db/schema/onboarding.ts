import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications, candidates } from './candidates.ts';
import { offers } from './interviews.ts';
import { jobRoles } from './job-roles.ts';
import { organisations } from './organisations.ts';
import { storedFiles } from './outbox.ts';
import { users } from './users.ts';

/** The onboarding stages every onboarding of the organisation uses, in order (offer accepted → … → done). */
export const onboardingStages = pgTable(
  'onboarding_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colour: text('colour').notNull().default('#228be6'),
    /** in_progress | done: a hire in a done stage has finished onboarding. */
    category: text('category').notNull().default('in_progress'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('onboarding_stages_organisation_idx').on(t.organisationId, t.position),
    check('onboarding_stages_category_check', sql`${t.category} in ('in_progress', 'done')`),
  ],
);

/** A task of a template: its owner is a person, or whoever fills a part (the hire's manager or buddy, or the hire). */
export type TemplateTask = {
  id: string;
  title: string;
  /** 'user' (owner_user_id), 'manager', 'buddy' or 'new_hire'. */
  owner: 'user' | 'manager' | 'buddy' | 'new_hire';
  owner_user_id: string | null;
  /** Days relative to the start date (negative: before it). */
  due_days: number;
};
export type TemplateDocument = { id: string; name: string; description: string };

/** Checklist templates: tasks and documents to collect, copied onto each hire. One may be a role's default. */
export const onboardingTemplates = pgTable(
  'onboarding_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tasks: jsonb('tasks').$type<TemplateTask[]>().notNull().default([]),
    documents: jsonb('documents').$type<TemplateDocument[]>().notNull().default([]),
    /** What the new-hire page says about the first day (plain text). */
    firstDayInfo: text('first_day_info').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('onboarding_templates_organisation_idx').on(t.organisationId, t.name)],
);

/** One onboarding per job role: the role's hires. Created when its first hire enters. */
export const onboardings = pgTable(
  'onboardings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => jobRoles.id, { onDelete: 'cascade' }),
    /** The template a new hire of this role gets by default. */
    templateId: uuid('template_id').references(() => onboardingTemplates.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('onboardings_role_idx').on(t.roleId), index('onboardings_organisation_idx').on(t.organisationId)],
);

/** A person being onboarded for a role. */
export const hires = pgTable(
  'hires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** No action: a stage holding hires cannot be deleted (move them first); deleting the organisation still cascades. */
    stageId: uuid('stage_id')
      .notNull()
      .references(() => onboardingStages.id, { onDelete: 'no action' }),
    boardPosition: doublePrecision('board_position').notNull().default(0),
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    startDate: date('start_date', { mode: 'string' }),
    managerId: uuid('manager_id').references(() => users.id, { onDelete: 'set null' }),
    buddyId: uuid('buddy_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: uuid('template_id').references(() => onboardingTemplates.id, { onDelete: 'set null' }),
    /** Copied from the template; editable per hire. */
    firstDayInfo: text('first_day_info').notNull().default(''),
    /** sha256 of the new-hire page's token (the token itself is only e-mailed). */
    tokenHash: text('token_hash'),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hires_onboarding_candidate_idx').on(t.onboardingId, t.candidateId),
    index('hires_organisation_idx').on(t.organisationId, t.onboardingId, t.stageId, t.boardPosition),
    uniqueIndex('hires_token_idx').on(t.tokenHash),
  ],
);

/** A hire's checklist. */
export const hireTasks = pgTable(
  'hire_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    hireId: uuid('hire_id')
      .notNull()
      .references(() => hires.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** user | manager | buddy | new_hire — resolved to owner_id when the hire has that person. */
    ownerKind: text('owner_kind').notNull().default('user'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Relative to the start date, kept so the due date follows a changed start date. */
    dueDays: integer('due_days'),
    dueDate: date('due_date', { mode: 'string' }),
    position: integer('position').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneById: uuid('done_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the owner has been told the task is due (once). */
    dueNotifiedAt: timestamp('due_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hire_tasks_hire_idx').on(t.hireId, t.position),
    index('hire_tasks_due_idx').on(t.organisationId, t.dueDate),
    check('hire_tasks_owner_kind_check', sql`${t.ownerKind} in ('user', 'manager', 'buddy', 'new_hire')`),
  ],
);

/** Documents to collect from a hire; the file arrives from the new-hire page (or a colleague uploads it). */
export const hireDocuments = pgTable(
  'hire_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    hireId: uuid('hire_id')
      .notNull()
      .references(() => hires.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    storedFileId: uuid('stored_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** null: uploaded by the hire from the new-hire page. */
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hire_documents_hire_idx').on(t.hireId, t.position)],
);
