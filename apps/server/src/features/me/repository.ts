import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

export function findUser(db: Db, userId: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]);
}

export async function updateUser(
  db: Db,
  userId: string,
  patch: Partial<Pick<UserRow, 'name' | 'timezone' | 'emailPreferences' | 'avatarUrl'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('user vanished');
  return row;
}

/** The user's sessions still within their absolute and idle expiry, most recently seen first. */
export function listLiveSessions(db: Db, userId: string, idleSince: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(200);
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
