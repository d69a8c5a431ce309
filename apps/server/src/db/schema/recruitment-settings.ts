import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/** Ordered per organisation by `position` (1-based, contiguous). */
export const experienceLevels = pgTable(
  'experience_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('experience_levels_organisation_idx').on(t.organisationId, t.position)],
);

/** The pipeline stages every recruitment of the organisation uses, in order. */
export const recruitmentStatuses = pgTable(
  'recruitment_statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colour: text('colour').notNull().default('#228be6'),
    category: text('category').notNull().default('in_progress'),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recruitment_statuses_organisation_idx').on(t.organisationId, t.position),
    check('recruitment_statuses_category_check', sql`${t.category} in ('in_progress', 'hired', 'rejected')`),
  ],
);
