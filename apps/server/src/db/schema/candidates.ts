import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { storedFiles } from './outbox.ts';
import { recruitmentStatuses } from './recruitment-settings.ts';
import { recruitments } from './recruitments.ts';
import { users } from './users.ts';

/**
 * A person, once per organisation (deduplicated by e-mail). Erasure (GDPR) anonymises the row
 * in place so its applications still count in analytics: `erased_at` set, personal fields null.
 */
export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased and trimmed; unique per organisation. */
    email: text('email'),
    phone: text('phone'),
    location: text('location'),
    /** Profile links (LinkedIn, GitHub, portfolio …). */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** Where the person came from first: see CANDIDATE_SOURCES in the contract. */
    source: text('source').notNull().default('sourced'),
    /** Consent to process their data: when, how (its source) and any note. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentSource: text('consent_source'),
    consentNote: text('consent_note'),
    /** Bumped by every change, note, file or move; the retention job reads it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also, from the hand-written migration 0016_candidate_full_text_search: generated columns
  // search_name, name_vector and search_vector with their btree and GIN indexes (db/candidate-search.ts).
  (t) => [
    uniqueIndex('candidates_organisation_email_idx').on(t.organisationId, t.email),
    index('candidates_organisation_name_idx').on(t.organisationId, t.name, t.id),
    index('candidates_retention_idx').on(t.organisationId, t.lastActivityAt),
  ],
);

/** A candidate in a recruitment: the card on the board, the row in the table. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    recruitmentId: uuid('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    /** A status that holds applications cannot be deleted (no action: checked at the end of the statement, so deleting the organisation still cascades): move them first. */
    statusId: uuid('status_id')
      .notNull()
      .references(() => recruitmentStatuses.id, { onDelete: 'no action' }),
    /** Order within the status column on the board (fractional; renumbered when gaps run out). */
    boardPosition: doublePrecision('board_position').notNull().default(0),
    /** 1–5 stars, or none. */
    rating: smallint('rating'),
    source: text('source').notNull().default('sourced'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    rejectedById: uuid('rejected_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When it entered its current status (time in stage). */
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
    /** Incremented by every change; lets a client notice a concurrent move (last write wins). */
    version: integer('version').notNull().default(1),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also, from the hand-written migration 0016_candidate_full_text_search: copies of the candidate's
  // search_name and search_vector, kept by triggers, with GIN indexes on (recruitment_id, …).
  (t) => [
    uniqueIndex('applications_recruitment_candidate_idx').on(t.recruitmentId, t.candidateId),
    index('applications_board_idx').on(t.recruitmentId, t.statusId, t.boardPosition),
    // These two also INCLUDE organisation_id (migration 0020: counts under row-level security).
    index('applications_recruitment_applied_idx').on(t.recruitmentId, t.appliedAt, t.id),
    // One stage's active applications by date, a page and its total (migration 0018).
    index('applications_active_stage_applied_idx')
      .on(t.recruitmentId, t.statusId, t.appliedAt, t.id)
      .where(sql`${t.rejectedAt} is null`),
    index('applications_candidate_idx').on(t.candidateId),
    index('applications_status_idx').on(t.statusId),
    index('applications_organisation_idx').on(t.organisationId, t.updatedAt),
    check('applications_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/** Every move of an application between statuses: the stage history, funnel and time in stage. */
export const applicationStageChanges = pgTable(
  'application_stage_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    recruitmentId: uuid('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    /** Null for the first entry (the application was created in `to_status_id`). */
    fromStatusId: uuid('from_status_id').references(() => recruitmentStatuses.id, { onDelete: 'set null' }),
    toStatusId: uuid('to_status_id').references(() => recruitmentStatuses.id, { onDelete: 'set null' }),
    movedById: uuid('moved_by_id').references(() => users.id, { onDelete: 'set null' }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_stage_changes_application_idx').on(t.applicationId, t.movedAt),
    index('application_stage_changes_recruitment_idx').on(t.recruitmentId, t.movedAt),
    // Also, from migration 0025: application_stage_changes_moves_idx (recruitment_id, moved_at) INCLUDE
    // (organisation_id) WHERE from_status_id IS NOT NULL, for the dashboard's moves.
  ],
);

/**
 * Applications per recruitment and status, active and rejected apart: kept by statement triggers on
 * `applications` (migration 0025), never written by the app. The screens that count applications
 * read it instead of counting every application under row-level security (decision 017).
 */
export const recruitmentStageCounts = pgTable(
  'recruitment_stage_counts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recruitmentId: uuid('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    statusId: uuid('status_id')
      .notNull()
      .references(() => recruitmentStatuses.id, { onDelete: 'cascade' }),
    active: integer('active').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recruitmentId, t.statusId] }), index('recruitment_stage_counts_status_idx').on(t.statusId)],
);

/**
 * Per recruitment and UTC day: applications applied that day and moves between stages made that day,
 * kept up to date by statement triggers on applications and application_stage_changes (migration 0028;
 * nothing in the app writes it). The dashboard's weekly figures read it (decision 017).
 */
export const recruitmentDayFigures = pgTable(
  'recruitment_day_figures',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recruitmentId: uuid('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    applied: integer('applied').notNull().default(0),
    moved: integer('moved').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.recruitmentId, t.day] })],
);

/** Notes on a candidate (optionally about one application), with @mentions of colleagues. */
export const candidateNotes = pgTable(
  'candidate_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Plain text; a mention is written `@[Name](user-id)` and rendered as a chip. */
    body: text('body').notNull(),
    mentionedUserIds: uuid('mentioned_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The client's key for the create (optional): a repeated create with it returns this note. */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_notes_candidate_idx').on(t.candidateId, t.createdAt),
    uniqueIndex('candidate_notes_client_id_idx').on(t.organisationId, t.clientId),
  ],
);

/** Files of a candidate (résumé, cover letter, other): the bytes and metadata are a stored file. */
export const candidateFiles = pgTable(
  'candidate_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    /** resume | cover_letter | other */
    kind: text('kind').notNull().default('resume'),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_files_candidate_idx').on(t.candidateId, t.createdAt),
    check('candidate_files_kind_check', sql`${t.kind} in ('resume', 'cover_letter', 'other')`),
  ],
);

/**
 * The activity timeline: everything that happened to a candidate, by whom. Also feeds the
 * dashboard's recent activity. `data` holds what the line needs to read right later
 * (names at the time), never personal data beyond the candidate's name (erasure scrubs it).
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    candidateId: uuid('candidate_id').references(() => candidates.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    recruitmentId: uuid('recruitment_id').references(() => recruitments.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** `noun.verb`: see ACTIVITY_TYPES in the contract. */
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_candidate_idx').on(t.candidateId, t.createdAt),
    index('activities_recruitment_idx').on(t.recruitmentId, t.createdAt),
    index('activities_organisation_idx').on(t.organisationId, t.createdAt, t.id),
  ],
);

/** A CSV import into a recruitment: its progress and the report of refused rows. */
export const candidateImports = pgTable(
  'candidate_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recruitmentId: uuid('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    /** pending | running | done | failed */
    status: text('status').notNull().default('pending'),
    /** CSV column header per field: { name: 'Full name', email: 'E-mail', … }. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    /** Rows whose e-mail matched an existing candidate, added to the recruitment instead. */
    matchedCount: integer('matched_count').notNull().default(0),
    /** [{ row, reason }] — the refused rows and why (capped). */
    refused: jsonb('refused').$type<{ row: number; reason: string }[]>().notNull().default([]),
    refusedCount: integer('refused_count').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The node processing the import (random per process); null when no node holds it. */
    lockedBy: text('locked_by'),
    /** Renewed by the node holding the import; older than the lease, another node may take it over. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** The upload in the file store, kept until the import ends (null: the import cannot be resumed). */
    fileKey: text('file_key'),
    /** Who started the import, as the timeline names them. */
    actorName: text('actor_name'),
  },
  (t) => [
    index('candidate_imports_recruitment_idx').on(t.recruitmentId, t.createdAt),
    index('candidate_imports_unfinished_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    check('candidate_imports_status_check', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);
