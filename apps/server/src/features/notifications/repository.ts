import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { offsetOf } from '../../lib/paging.ts';

export async function listNotifications(db: Db, userId: string, page: number, perPage: number, unreadOnly: boolean) {
  const where = and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(notifications)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function insertNotification(db: Db, n: typeof notifications.$inferInsert) {
  await db.insert(notifications).values(n);
}
