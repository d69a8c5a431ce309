import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberships } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';
import { preparedPerDbAndKey } from '../../db/prepared.ts';

export type MemberListOptions = { page: number; perPage: number; name?: string | undefined; sort?: string | undefined };

const SORTS = {
  name: [asc(users.name), asc(users.id)],
  '-name': [desc(users.name), asc(users.id)],
  joined_at: [asc(memberships.createdAt), asc(users.id)],
  '-joined_at': [desc(memberships.createdAt), asc(users.id)],
} satisfies Record<string, SQL[]>;
export const MEMBER_SORTS = Object.keys(SORTS);

type MemberSort = keyof typeof SORTS;

/**
 * The name or the e-mail contains the pattern, ignoring case: `users.search_text` holds both,
 * lower-cased, a newline between them, in the "C" collation (migration 0019): one byte-wise LIKE
 * per row instead of two ILIKEs that lower-case each value again.
 */
const nameOrEmailLike = (pattern: unknown) => sql`${users}."search_text" like lower(${pattern}::text)`;

/**
 * A page of members with the total in the same statement, prepared per sort. Without a search the
 * page walks the name (or join date) index and stops after `per_page` rows, and the total is an
 * uncorrelated subquery (computed once: an index-only count of the organisation's memberships);
 * with one, the trigram indexes (0003) find every match before the sort anyway, so
 * `count(*) over ()` counts them at no extra cost, instead of a second search for the total.
 */
const memberPage = preparedPerDbAndKey((db, key: `${'all' | 'search'}:${MemberSort}`) => {
  const [kind, sort] = key.split(':') as ['all' | 'search', MemberSort];
  const ofOrganisation = eq(memberships.organisationId, sql.placeholder('organisationId'));
  const pattern = sql.placeholder('pattern');
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      total:
        kind === 'search'
          ? sql<number>`count(*) over ()`.mapWith(Number)
          : sql<number>`(select count(*) from ${memberships} m where m.organisation_id = ${sql.placeholder('organisationId')})`.mapWith(
              Number,
            ),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(kind === 'search' ? and(ofOrganisation, nameOrEmailLike(pattern)) : ofOrganisation)
    .orderBy(...SORTS[sort])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`members_page_${kind}_${sort.replace('-', 'desc_')}`);
});

/** One page of an organisation's members, and the total: one prepared statement (two only for a page past the end). */
export async function listMembers(db: Db, organisationId: string, o: MemberListOptions) {
  const sort: MemberSort = o.sort && Object.hasOwn(SORTS, o.sort) ? (o.sort as MemberSort) : 'name';
  // A newline would let a term match across the name and the e-mail in search_text.
  const pattern = o.name ? containsPattern(o.name.replace(/\n/g, ' ')) : undefined;
  const found = await memberPage(db, `${pattern ? 'search' : 'all'}:${sort}`).execute({
    organisationId,
    pattern,
    limit: o.perPage,
    offset: offsetOf(o.page, o.perPage),
  });
  const rows = found.map(({ total: _total, ...row }) => row);
  const total =
    found[0]?.total ??
    (o.page === 1
      ? 0
      : pattern
        ? await countMatching(db, and(eq(memberships.organisationId, organisationId), nameOrEmailLike(pattern)))
        : await countAll(db, organisationId));
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
