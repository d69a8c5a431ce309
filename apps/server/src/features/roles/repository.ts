import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';

/** Every query takes the organisation first: another organisation's rows never match. */
export async function listRoles(db: Db, organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
  const where = and(eq(jobRoles.organisationId, organisationId), o.name ? ilike(jobRoles.name, containsPattern(o.name)) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(jobRoles)
      .where(where)
      .orderBy(asc(jobRoles.name), asc(jobRoles.id))
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(jobRoles)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function insertRole(db: Db, organisationId: string, name: string) {
  const [row] = await db.insert(jobRoles).values({ organisationId, name }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
