import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './candidates.ts';
import { organisations } from './organisations.ts';
import { recruitments } from './recruitments.ts';
import { users } from './users.ts';

/** Interview types per organisation (phone screen, technical, onsite, final — editable), with a default kit. */
export const interviewTypes = pgTable(
  'interview_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    /** The default interview kit: questions to ask and criteria to rate (1–4). */
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    criteria: jsonb('criteria').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interview_types_organisation_idx').on(t.organisationId, t.position)],
);

/** An interview of an application: when, where, with whom, with which kit. */
export const interviews = pgTable(
  'interviews',
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
    typeId: uuid('type_id').references(() => interviewTypes.id, { onDelete: 'set null' }),
    /** The type's name at scheduling time (the type may be renamed or deleted later). */
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** IANA zone of the organiser, for display and the invitation. */
    timezone: text('timezone').notNull().default('UTC'),
    location: text('location'),
    videoUrl: text('video_url'),
    /** The kit for this interview (copied from the type, editable). */
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    criteria: jsonb('criteria').$type<string[]>().notNull().default([]),
    /** scheduled | completed | cancelled */
    status: text('status').notNull().default('scheduled'),
    /** iCalendar UID and SEQUENCE: updates carry a higher sequence, cancellation METHOD:CANCEL. */
    icsUid: text('ics_uid').notNull(),
    icsSequence: integer('ics_sequence').notNull().default(0),
    organiserId: uuid('organiser_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interviews_recruitment_idx').on(t.recruitmentId, t.startsAt, t.id),
    index('interviews_application_idx').on(t.applicationId, t.startsAt),
    index('interviews_organisation_idx').on(t.organisationId, t.startsAt),
    index('interviews_ended_idx').on(t.organisationId, t.endsAt),
    check('interviews_status_check', sql`${t.status} in ('scheduled', 'completed', 'cancelled')`),
    check('interviews_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Who interviews. One scorecard each. */
export const interviewInterviewers = pgTable(
  'interview_interviewers',
  {
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * When this interviewer was told their scorecard is due (notifyFeedbackDue in
     * features/interviews/service.ts). Set by a conditional update before the notification is sent,
     * so two app nodes checking at once never both send it.
     */
    feedbackDueNotifiedAt: timestamp('feedback_due_notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.userId] }), index('interview_interviewers_user_idx').on(t.userId)],
);

/** An interviewer's feedback: a 1–4 rating per criterion, an overall recommendation, notes. */
export const scorecards = pgTable(
  'scorecards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    interviewerId: uuid('interviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** [{ criterion, rating 1–4 }] */
    ratings: jsonb('ratings').$type<{ criterion: string; rating: number }[]>().notNull().default([]),
    /** strong_no | no | yes | strong_yes */
    recommendation: text('recommendation').notNull(),
    notes: text('notes').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorecards_interview_interviewer_idx').on(t.interviewId, t.interviewerId),
    check('scorecards_recommendation_check', sql`${t.recommendation} in ('strong_no', 'no', 'yes', 'strong_yes')`),
  ],
);

/** An offer for an application, with its approval chain and the candidate's decision. */
export const offers = pgTable(
  'offers',
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
    /** Whole currency units. */
    /** Currency units with two decimals (an hourly rate of 15.50), read as a number. */
    salary: numeric('salary', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** year | month | hour */
    salaryPeriod: text('salary_period').notNull().default('year'),
    bonusNote: text('bonus_note'),
    /** YYYY-MM-DD. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** full_time | part_time | contract | temporary | internship */
    contractType: text('contract_type').notNull().default('full_time'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** draft | pending_approval | approved | sent | accepted | declined | withdrawn | expired */
    status: text('status').notNull().default('draft'),
    /** The letter as rendered from the organisation's template when sent (kept as sent). */
    letterText: text('letter_text'),
    /** sha256 of the candidate's single-purpose link token; null until sent. */
    tokenHash: text('token_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Incremented by every edit; approvals are of a version (an edit after approval resets them). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_recruitment_idx').on(t.recruitmentId, t.createdAt),
    index('offers_application_idx').on(t.applicationId),
    uniqueIndex('offers_token_idx').on(t.tokenHash),
    check('offers_salary_check', sql`${t.salary} >= 0`),
    check(
      'offers_status_check',
      sql`${t.status} in ('draft', 'pending_approval', 'approved', 'sent', 'accepted', 'declined', 'withdrawn', 'expired')`,
    ),
  ],
);

/** Approvers of an offer, in order; each approves or rejects with a comment. */
export const offerApprovals = pgTable(
  'offer_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** pending | approved | rejected */
    decision: text('decision').notNull().default('pending'),
    comment: text('comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('offer_approvals_offer_approver_idx').on(t.offerId, t.approverId),
    index('offer_approvals_approver_idx').on(t.approverId, t.decision),
    check('offer_approvals_decision_check', sql`${t.decision} in ('pending', 'approved', 'rejected')`),
  ],
);

/** The organisation's offer letter template (one per organisation), with {{placeholders}}. */
export const offerLetterTemplates = pgTable('offer_letter_templates', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
