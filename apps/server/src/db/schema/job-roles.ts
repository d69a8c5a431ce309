import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { experienceLevels } from './recruitment-settings.ts';
import { teams } from './teams.ts';

/** Job roles: what the organisation hires for. Recruitments (hiring campaigns) run for a role. */
export const jobRoles = pgTable(
  'job_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    experienceLevelId: uuid('experience_level_id').references(() => experienceLevels.id, { onDelete: 'set null' }),
    /** remote | hybrid | on_site */
    locationType: text('location_type').notNull().default('on_site'),
    location: text('location'),
    /** full_time | part_time | contract | temporary | internship */
    employmentType: text('employment_type').notNull().default('full_time'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    /** year | month | hour */
    salaryPeriod: text('salary_period').notNull().default('year'),
    /** Sanitised HTML (rich text). */
    descriptionHtml: text('description_html').notNull().default(''),
    /** draft | open | closed */
    status: text('status').notNull().default('draft'),
    /** Shown on the careers site (the Website product). */
    published: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_roles_organisation_idx').on(t.organisationId, t.name),
    index('job_roles_team_idx').on(t.teamId),
    check('job_roles_status_check', sql`${t.status} in ('draft', 'open', 'closed')`),
    check('job_roles_location_type_check', sql`${t.locationType} in ('remote', 'hybrid', 'on_site')`),
    check('job_roles_employment_type_check', sql`${t.employmentType} in ('full_time', 'part_time', 'contract', 'temporary', 'internship')`),
    check('job_roles_salary_check', sql`${t.salaryMin} is null or ${t.salaryMax} is null or ${t.salaryMin} <= ${t.salaryMax}`),
  ],
);
