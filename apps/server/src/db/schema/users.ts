import { type AnyPgColumn, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The identity provider and its subject: users are keyed on these, never on email. */
    oidcIssuer: text('oidc_issuer').notNull(),
    oidcSub: text('oidc_sub').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    timezone: text('timezone').notNull().default('UTC'),
    /** Per notification type: whether to also send it by email. Absent types use the default (on). */
    emailPreferences: jsonb('email_preferences').$type<Record<string, boolean>>().notNull().default({}),
    currentOrganisationId: uuid('current_organisation_id').references((): AnyPgColumn => organisations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also, from hand-written migrations: an index on (name, id) (0003), and `search_text`, the name and
  // e-mail lower-cased for the members filter, with its trigram index (0019).
  (t) => [uniqueIndex('users_oidc_identity_idx').on(t.oidcIssuer, t.oidcSub), index('users_email_idx').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 of the cookie's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** A sign-in in progress: the OIDC state, nonce and PKCE verifier, bound to the browser by a cookie. */
export const authFlows = pgTable('auth_flows', {
  idHash: text('id_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Accounts of the local identity provider that stands in for Google outside production. */
export const localIdentities = pgTable('local_identities', {
  sub: text('sub').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
