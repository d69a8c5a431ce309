import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Durable jobs (mail now; notifications and webhooks later): written in the same transaction as
 * the change that causes them, delivered by the outbox worker with retries and back-off. Delivered
 * and failed jobs are purged after OUTBOX_RETENTION_DAYS.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /**
     * The candidate the job is about (mail to them, or naming them to colleagues): erasing the
     * candidate deletes the job, sent or not. No foreign key: candidates are anonymised, not deleted.
     */
    candidateId: uuid('candidate_id'),
    /**
     * The organisation the job belongs to (null: none, e.g. mail about an account): row-level
     * security shows a scoped request its own organisation's jobs only (migration 0027). Set from
     * the organisation transaction, else from the candidate, when the insert does not name it.
     */
    organisationId: uuid('organisation_id'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_candidate_idx').on(t.candidateId),
    index('outbox_organisation_idx').on(t.organisationId),
    index('outbox_done_idx').on(t.status, t.doneAt),
  ],
);

/** The development mailbox (/dev/mailbox): mail delivered here when SMTP_URL is not set. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Attachments as { filename, contentType, content (base64) }. */
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string; content: string }>>().notNull().default([]),
    /** The candidate the mail is about, copied from its outbox job: erasure deletes the mail here too. */
    candidateId: uuid('candidate_id'),
    /** The organisation of its outbox job (migration 0027): under row-level security like the job. */
    organisationId: uuid('organisation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dev_mailbox_created_idx').on(t.createdAt),
    index('dev_mailbox_candidate_idx').on(t.candidateId),
    index('dev_mailbox_organisation_idx').on(t.organisationId),
  ],
);

/** Uploaded files (avatars, logos; résumés later) when stored locally: metadata here, bytes in DATA_DIR. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id'),
    key: text('key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_organisation_idx').on(t.organisationId)],
);
