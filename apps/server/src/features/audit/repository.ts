import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit-log.ts';
import { offsetOf } from '../../lib/paging.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAuditEntry(db: Db, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}

export type AuditFilter = {
  action?: string | undefined;
  actorUserId?: string | undefined;
  targetType?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export async function listAuditEntries(db: Db, organisationId: string, page: number, perPage: number, f: AuditFilter) {
  const conditions: Array<SQL | undefined> = [
    eq(auditLog.organisationId, organisationId),
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.actorUserId ? eq(auditLog.actorUserId, f.actorUserId) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lte(auditLog.createdAt, f.to) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
