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

/**
 * One page of an organisation's members, and the total. Two queries rather than a window count:
 * `count(*) over()` would make the page query visit every match, while the page alone can stop
 * after `per_page` rows walking the name index; the search uses the trigram indexes (0003).
 */
export async function listMembers(db: Db, organisationId: string, o: MemberListOptions) {
  const search = o.name ? or(ilike(users.name, containsPattern(o.name)), ilike(users.email, containsPattern(o.name))) : undefined;
  const where = and(eq(memberships.organisationId, organisationId), search);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(...(SORTS[o.sort ?? 'name'] ?? SORTS.name!))
    .limit(o.perPage)
    .offset(offsetOf(o.page, o.perPage));
  const total =
    o.page === 1 && rows.length < o.perPage ? rows.length : search ? await countMatching(db, where) : await countAll(db, organisationId);
  return { rows, total };
}

async function countMatching(db: Db, where: SQL | undefined) {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  return r?.n ?? 0;
}

/** Without a search the total needs no join: an index-only count of the organisation's memberships. */
async function countAll(db: Db, organisationId: string) {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberships)
    .where(eq(memberships.organisationId, organisationId));
  return r?.n ?? 0;
}
