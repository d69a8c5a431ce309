import { and, asc, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { MemberRole } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { memberships, organisations } from '../../db/schema/organisations.ts';
import { authFlows, localIdentities, sessions, users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/** Creates the user for a provider identity, or refreshes its profile. Keyed on (issuer, sub). */
export async function upsertUserByIdentity(
  db: Db,
  identity: { issuer: string; sub: string; email: string | null; name: string; avatarUrl: string | null },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      oidcIssuer: identity.issuer,
      oidcSub: identity.sub,
      email: identity.email,
      name: identity.name,
      avatarUrl: identity.avatarUrl,
    })
    .onConflictDoUpdate({
      target: [users.oidcIssuer, users.oidcSub],
      set: {
        // Keep a known email when the provider no longer vouches for one.
        email: sql`coalesce(excluded.email, ${users.email})`,
        // The name is the user's own once the account exists (My Personal Settings edits it), and
        // so is an avatar they uploaded (served by us under /api/); the provider's picture refreshes otherwise.
        avatarUrl: sql`case when ${users.avatarUrl} like '/api/%' then ${users.avatarUrl} else coalesce(excluded.avatar_url, ${users.avatarUrl}) end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** The user's own profile columns (My Personal Settings, features/me). */
export type UserProfilePatch = Partial<Pick<UserRow, 'name' | 'timezone' | 'emailPreferences' | 'avatarUrl'>>;

export async function updateUser(db: Db, userId: string, patch: UserProfilePatch): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('user vanished');
  return row;
}

/** Persists the user's current organisation. */
export async function setCurrentOrganisation(db: Db, userId: string, organisationId: string | null) {
  await db
    .update(users)
    .set({ currentOrganisationId: organisationId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Clears the user's current organisation if it is this one. */
export async function clearCurrentOrganisation(db: Db, userId: string, organisationId: string): Promise<void> {
  await db
    .update(users)
    .set({ currentOrganisationId: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.currentOrganisationId, organisationId)));
}

/** Whether the user is a member of the organisation. */
export function isMemberOf(db: Db, userId: string, organisationId: string): Promise<boolean> {
  return db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .then((r) => r.length > 0);
}

/** The user's organisations with their role: the current one first, then oldest membership first. */
export function listUserOrganisations(db: Db, userId: string, currentOrganisationId: string | null) {
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      slug: organisations.slug,
      trailEndsAt: organisations.trailEndsAt,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(memberships.userId, userId))
    .orderBy(
      desc(sql`${organisations.id} = ${currentOrganisationId ?? '00000000-0000-0000-0000-000000000000'}`),
      asc(memberships.createdAt),
    );
}

/** The user and their organisations (current first, then oldest membership) in one query: GET /auth runs on every page load. */
export async function findUserWithOrganisations(db: Db, userId: string) {
  const rows = await db
    .select({
      user: users,
      organisation: { id: organisations.id, name: organisations.name, slug: organisations.slug, trailEndsAt: organisations.trailEndsAt },
      role: memberships.role,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(users.id, userId))
    .orderBy(sql`${organisations.id} = ${users.currentOrganisationId} desc nulls last`, asc(memberships.createdAt));
  const first = rows[0];
  if (!first) return undefined;
  const list = rows.flatMap((r) => (r.organisation && r.role ? [{ ...r.organisation, role: r.role }] : []));
  return { user: first.user, organisations: list };
}

// ── sessions ────────────────────────────────────────────────────────────────

export async function insertSession(
  db: Db,
  s: { tokenHash: string; userId: string; expiresAt: Date; userAgent: string | null; ip: string | null },
) {
  await db.insert(sessions).values(s);
}

/** A live session: within its absolute expiry (checked by the database's clock) and its idle expiry (`idleSince`). */
const liveSession = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  gt(sessions.expiresAt, sql`now()`),
  gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
);

/**
 * Who is asking, in one round trip, for every request with a session cookie (http/session.ts):
 * the live session, its user, and the user's role in the organisation of the URL (null when the
 * route has none, or when they are not a member of it). A named prepared statement: PostgreSQL
 * parses and plans it once per connection.
 */
const sessionLookup = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      role: memberships.role,
    })
    .from(sessions)
    .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.organisationId, sql.placeholder('organisationId'))))
    .where(liveSession)
    .prepare('session_lookup'),
);

export async function findLiveSession(db: Db, tokenHash: string, idleSince: Date, organisationId: string | null) {
  const [row] = await sessionLookup(db).execute({ tokenHash, idleSince, organisationId });
  return row && { ...row, role: row.role as MemberRole | null };
}

/**
 * GET /auth's whole answer in one round trip: the live session, its user and the user's
 * organisations with their role (the current one first, then the oldest membership), one row per
 * organisation (one row with null organisation fields when there is none).
 */
const sessionProfileLookup = preparedPerDb((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        avatarUrl: users.avatarUrl,
        currentOrganisationId: users.currentOrganisationId,
      },
      organisation: { id: organisations.id, name: organisations.name, slug: organisations.slug, trailEndsAt: organisations.trailEndsAt },
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, eq(memberships.userId, sessions.userId))
    .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(liveSession)
    .orderBy(sql`${organisations.id} = ${users.currentOrganisationId} desc nulls last`, asc(memberships.createdAt))
    .prepare('session_profile_lookup'),
);

export async function findLiveSessionProfile(db: Db, tokenHash: string, idleSince: Date) {
  const rows = await sessionProfileLookup(db).execute({ tokenHash, idleSince });
  const first = rows[0];
  if (!first) return undefined;
  const organisations = rows.flatMap((r) => (r.organisation && r.role ? [{ ...r.organisation, role: r.role }] : []));
  return { sessionId: first.sessionId, lastSeenAt: first.lastSeenAt, user: first.user, organisations };
}

export async function touchSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSessionByHash(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends one of the user's sessions; another user's id matches nothing. Returns whether it existed. */
export async function deleteUserSession(db: Db, userId: string, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user but `keepSessionId`. Returns how many. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function deleteExpiredSessions(db: Db, idleSince: Date) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= ${idleSince}`);
}

// ── sign-in flows ───────────────────────────────────────────────────────────

export async function insertAuthFlow(db: Db, flow: typeof authFlows.$inferInsert) {
  await db.insert(authFlows).values(flow);
}

export async function deleteExpiredFlows(db: Db) {
  await db.delete(authFlows).where(lt(authFlows.expiresAt, sql`now()`));
}

/** Reads and deletes a flow: each is good for one callback. */
export function takeAuthFlow(db: Db, idHash: string) {
  return db
    .delete(authFlows)
    .where(and(eq(authFlows.idHash, idHash), gt(authFlows.expiresAt, sql`now()`)))
    .returning()
    .then((r) => r[0]);
}

// ── local identity provider accounts ───────────────────────────────────────

export function listLocalIdentities(db: Db) {
  return db.select().from(localIdentities).orderBy(asc(localIdentities.createdAt), asc(localIdentities.email));
}

export function findLocalIdentity(db: Db, sub: string) {
  return db
    .select()
    .from(localIdentities)
    .where(eq(localIdentities.sub, sub))
    .then((r) => r[0]);
}

export async function upsertLocalIdentity(db: Db, identity: { sub: string; email: string; name: string }) {
  await db
    .insert(localIdentities)
    .values(identity)
    .onConflictDoUpdate({ target: localIdentities.sub, set: { email: identity.email, name: identity.name } });
}
