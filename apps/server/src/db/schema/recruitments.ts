import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobRoles } from './job-roles.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** A hiring campaign for a job role. Its pipeline is the organisation's recruitment statuses. */
export const recruitments = pgTable(
  'recruitments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** A role with recruitments cannot be deleted (no action: checked at the end of the statement, so deleting the organisation still cascades); close the role instead. */
    roleId: uuid('role_id')
      .notNull()
      .references(() => jobRoles.id, { onDelete: 'no action' }),
    name: text('name').notNull(),
    description: text('description'),
    /** open | on_hold | closed */
    status: text('status').notNull().default('open'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** How many people this campaign hires. */
    openings: integer('openings').notNull().default(1),
    /** Optional target date to fill the openings. */
    targetDate: timestamp('target_date', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recruitments_organisation_idx').on(t.organisationId, t.status, t.openedAt),
    index('recruitments_role_idx').on(t.roleId),
    check('recruitments_status_check', sql`${t.status} in ('open', 'on_hold', 'closed')`),
    check('recruitments_openings_check', sql`${t.openings} >= 1`),
  ],
);

/** The recruitment's hiring team and what each member does on it. */
export const recruitmentMembers = pgTable(
  'recruitment_members',
  {
    recruitmentId: uuid('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** recruiter | hiring_manager | interviewer | coordinator */
    role: text('role').notNull().default('interviewer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recruitmentId, t.userId] }),
    index('recruitment_members_user_idx').on(t.userId),
    check('recruitment_members_role_check', sql`${t.role} in ('recruiter', 'hiring_manager', 'interviewer', 'coordinator')`),
  ],
);
