import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * "Offers need approval from …" (Organisation Settings); null: no approval needed. `role`: one
 * approver holding that role or a higher one, not the submitter; `people`: each of them, in order.
 */
export type OfferApprovalPolicy = { kind: 'role'; role: string } | { kind: 'people'; user_ids: string[] };

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    website: text('website'),
    size: text('size'),
    logoUrl: text('logo_url'),
    plan: text('plan').notNull().default('trial'),
    billingInterval: text('billing_interval').notNull().default('monthly'),
    /** Subscribed products: 'website', 'onboarding'. */
    products: text('products').array().notNull().default([]),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Recruitment defaults (settings → recruitment). */
    defaultInterviewMinutes: integer('default_interview_minutes').notNull().default(45),
    candidateRetentionMonths: integer('candidate_retention_months').notNull().default(24),
    offerApprovalPolicy: jsonb('offer_approval_policy').$type<OfferApprovalPolicy>(),
    /** Spelled as docs/product.md §6 spells it; null when not on trial. */
    trailEndsAt: timestamp('trail_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisations_slug_idx').on(t.slug)],
);

export const memberships = pgTable(
  'memberships',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'admin', 'recruiter', 'hiring_manager', 'interviewer')`),
  ],
);
