import { and, desc, eq, gt, sql } from 'drizzle-orm';
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
