import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberships } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';

export type MemberListOptions = { page: number; perPage: number; name?: string | undefined; sort?: string | undefined };

const SORTS: Record<string, SQL[]> = {
  name: [asc(users.name), asc(users.id)],
  '-name': [desc(users.name), asc(users.id)],
  joined_at: [asc(memberships.createdAt), asc(users.id)],
  '-joined_at': [desc(memberships.createdAt), asc(users.id)],
};
export const MEMBER_SORTS = Object.keys(SORTS);

/** One page of an organisation's members and the total, in one query. */
export async function listMembers(db: Db, organisationId: string, o: MemberListOptions) {
  const where = and(
    eq(memberships.organisationId, organisationId),
    o.name ? or(ilike(users.name, containsPattern(o.name)), ilike(users.email, containsPattern(o.name))) : undefined,
  );
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(...(SORTS[o.sort ?? 'name'] ?? SORTS.name!))
    .limit(o.perPage)
    .offset(offsetOf(o.page, o.perPage));
  return { rows, total: rows[0]?.total ?? (o.page > 1 ? await countMembers(db, where) : 0) };
}

/** Past the last page the window count is absent; count separately so meta stays right. */
async function countMembers(db: Db, where: SQL | undefined) {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  return r?.n ?? 0;
}
