import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { memberships } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { offsetOf } from '../../lib/paging.ts';
import { preparedPerDb } from '../../db/prepared.ts';

/** The live key with this hash, and its creator's role in its organisation now (null once they have left). */
const activeKeyByHash = preparedPerDb((db) =>
  db
    .select({
      id: apiKeys.id,
      organisationId: apiKeys.organisationId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      createdBy: apiKeys.createdBy,
      creatorRole: memberships.role,
    })
    .from(apiKeys)
    .leftJoin(memberships, and(eq(memberships.organisationId, apiKeys.organisationId), eq(memberships.userId, apiKeys.createdBy)))
    .where(and(eq(apiKeys.tokenHash, sql.placeholder('tokenHash')), isNull(apiKeys.revokedAt)))
    .prepare('api_key_lookup'),
);

/** One prepared statement on every call with a key (organisation-scope.ts). */
export function findActiveKeyByHash(db: Db, tokenHash: string) {
  return activeKeyByHash(db)
    .execute({ tokenHash })
    .then((r) => r[0]);
}

export async function touchKey(db: Db, id: string) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiKeys.id, id));
}

export async function insertKey(db: Db, key: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(key).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The organisation's keys, newest first, with their creator's name; revoked ones excluded. */
export async function listKeys(db: Db, organisationId: string, o: { page: number; perPage: number }) {
  const where = and(eq(apiKeys.organisationId, organisationId), isNull(apiKeys.revokedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        createdBy: apiKeys.createdBy,
        creatorName: users.name,
      })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function revokeKey(db: Db, organisationId: string, id: string) {
  return db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.organisationId, organisationId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scopes: apiKeys.scopes })
    .then((r) => r[0]);
}

/** Whether the organisation has this key and it is revoked (revoking it again then changes nothing). */
export async function isRevokedKey(db: Db, organisationId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.organisationId, organisationId), eq(apiKeys.id, id), isNotNull(apiKeys.revokedAt)));
  return row !== undefined;
}
