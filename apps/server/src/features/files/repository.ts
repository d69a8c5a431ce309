import { and, desc, eq, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { memberships } from '../../db/schema/organisations.ts';
import { storedFiles } from '../../db/schema/outbox.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertStoredFile(db: Db, row: typeof storedFiles.$inferInsert) {
  await db.insert(storedFiles).values(row);
}

export function findStoredFile(db: Db, organisationId: string | null, id: string) {
  return db
    .select()
    .from(storedFiles)
    .where(
      and(organisationId ? eq(storedFiles.organisationId, organisationId) : isNull(storedFiles.organisationId), eq(storedFiles.id, id)),
    )
    .then((r) => r[0]);
}

const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;

/** The newest file under `prefix/` (e.g. an organisation's logo). */
export function findLatestUnderPrefix(db: Db, organisationId: string | null, prefix: string) {
  return db
    .select()
    .from(storedFiles)
    .where(
      and(
        organisationId ? eq(storedFiles.organisationId, organisationId) : isNull(storedFiles.organisationId),
        like(storedFiles.key, prefixPattern(prefix)),
      ),
    )
    .orderBy(desc(storedFiles.createdAt))
    .limit(1)
    .then((r) => r[0]);
}

/** Deletes the rows under `prefix/` (but `keepId`) and returns their keys, for the bytes to go after commit. */
export async function deleteUnderPrefix(db: Db, organisationId: string | null, prefix: string, keepId?: string) {
  const rows = await db
    .delete(storedFiles)
    .where(
      and(
        organisationId ? eq(storedFiles.organisationId, organisationId) : isNull(storedFiles.organisationId),
        like(storedFiles.key, prefixPattern(prefix)),
        keepId ? ne(storedFiles.id, keepId) : undefined,
      ),
    )
    .returning({ key: storedFiles.key });
  return rows.map((r) => r.key);
}

/** Deletes the organisation's file rows `ids` and returns their keys, for the bytes to go after commit. */
export async function deleteStoredFiles(db: Db, organisationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.organisationId, organisationId), inArray(storedFiles.id, ids)))
    .returning({ key: storedFiles.key });
  return rows.map((r) => r.key);
}

/** Deletes every file row of the organisation and returns their keys. */
export async function deleteOrganisationFiles(db: Db, organisationId: string) {
  const rows = await db.delete(storedFiles).where(eq(storedFiles.organisationId, organisationId)).returning({ key: storedFiles.key });
  return rows.map((r) => r.key);
}

/** Whether the two users are members of at least one organisation in common. */
export function shareAnOrganisation(db: Db, userId: string, otherUserId: string) {
  const other = alias(memberships, 'other');
  return db
    .select({ one: sql<number>`1` })
    .from(memberships)
    .innerJoin(other, eq(other.organisationId, memberships.organisationId))
    .where(and(eq(memberships.userId, userId), eq(other.userId, otherUserId)))
    .limit(1)
    .then((r) => r.length > 0);
}
