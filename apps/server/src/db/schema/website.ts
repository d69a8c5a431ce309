import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './candidates.ts';
import { jobRoles } from './job-roles.ts';
import { organisations } from './organisations.ts';
import { storedFiles } from './outbox.ts';

/** The careers site of an organisation (the Website product): what its public pages say and look like. */
export const careersSites = pgTable(
  'careers_sites',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    headline: text('headline').notNull().default(''),
    /** Plain text; paragraphs split on blank lines when rendered. */
    intro: text('intro').notNull().default(''),
    /** #rrggbb */
    brandColour: text('brand_colour').notNull().default('#1c7ed6'),
    logoFileId: uuid('logo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('careers_sites_brand_colour_check', sql`${t.brandColour} ~ '^#[0-9a-f]{6}$'`)],
);

/**
 * A role's own questions on its application form, in order. Kept with the role, answered per
 * application (`career_applications.answers`).
 */
export type CareerQuestion = { id: string; label: string; kind: 'short_text' | 'long_text' | 'yes_no'; required: boolean };

export const careerQuestions = pgTable(
  'career_questions',
  {
    roleId: uuid('role_id')
      .primaryKey()
      .references(() => jobRoles.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<CareerQuestion[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('career_questions_organisation_idx').on(t.organisationId)],
);

/** What an applicant sent through the careers site with their application, beyond the candidate's own fields. */
export const careerApplications = pgTable(
  'career_applications',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => jobRoles.id, { onDelete: 'cascade' }),
    coverNote: text('cover_note'),
    /** [{ question_id, label, answer }] as asked at the time. */
    answers: jsonb('answers').$type<{ question_id: string; label: string; answer: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('career_applications_role_idx').on(t.organisationId, t.roleId, t.createdAt)],
);

/**
 * Page views per day: `page` is 'index' for the site's front page or a role id. Counted in
 * memory and added here in batches, so a visit costs no write.
 */
export const careersPageViews = pgTable(
  'careers_page_views',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.page, t.day] })],
);

/**
 * Applications through the careers site per organisation, role and UTC day, kept up to date by a
 * statement trigger on career_applications (migration 0030; nothing in the app writes it). The
 * website statistics read it (decision 017).
 */
export const careersApplicationDays = pgTable(
  'careers_application_days',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => jobRoles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    applications: integer('applications').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day, t.roleId] }), index('careers_application_days_role_idx').on(t.roleId)],
);
