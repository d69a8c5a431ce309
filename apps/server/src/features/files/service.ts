import { randomUUID } from 'node:crypto';
import { API_BASE_PATH } from '@hireloop/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { afterCommit, afterRollback } from '../../db/organisation-transaction.ts';
import type { ProcessedImage } from '../../lib/images.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  deleteOrganisationFiles,
  deleteStoredFiles,
  deleteUnderPrefix,
  findLatestUnderPrefix,
  findStoredFile,
  insertStoredFile,
  shareAnOrganisation,
  type StoredFileRow,
} from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where each kind of file lives in the store. One current file per prefix. */
export const avatarPrefix = (userId: string) => `avatars/${userId}`;
export const logoPrefix = (organisationId: string) => `organisations/${organisationId}/logo`;
export const teamLogoPrefix = (organisationId: string, teamId: string) => `organisations/${organisationId}/teams/${teamId}/logo`;

/** Immutable per upload (the file id is in it), so browsers may cache it. */
export const avatarUrl = (userId: string, fileId: string) => `${API_BASE_PATH}/files/avatars/${userId}/${fileId}`;
/** The current logo; `v` changes with each upload so caches never show an old one. */
export const logoUrl = (organisationId: string, fileId: string) => `${API_BASE_PATH}/organisation/${organisationId}/logo?v=${fileId}`;
/** A team's or client's current logo; `v` changes with each upload. */
export const teamLogoUrl = (organisationId: string, teamId: string, fileId: string) =>
  `${API_BASE_PATH}/organisation/${organisationId}/teams/${teamId}/logo?v=${fileId}`;

export type StoredFile = StoredFileRow;
export type FileOwner = { organisationId: string | null; prefix: string };
/** A file of an organisation whose bytes are already in the Storage under `key`. */
export type NewStoredFile = { id: string; organisationId: string; key: string; filename: string; contentType: string; size: number };

/*
 * `stored_files` is this feature's table (docs/architecture.md §6): other features add and remove
 * their files' rows through these two, in their own transaction, and pass the keys of removed rows
 * to FileService.discard after it (the bytes go once the change has committed).
 */

/**
 * Writes a new file's bytes ahead of the change that stores its row. Bytes cannot join a
 * transaction: when the request's organisation transaction rolls back (its work threw, or only its
 * COMMIT failed), they are removed again, so no bytes stay behind that no row refers to. A caller
 * whose own change fails or stores nothing removes them itself (FileService.removeNow), as outside
 * a request nothing else would.
 */
export async function putNewBytes(storage: Storage, key: string, bytes: Buffer, contentType: string, log?: FastifyBaseLogger) {
  await storage.put(key, bytes, contentType);
  afterRollback(() =>
    storage
      .remove(key)
      .catch((error: unknown) => log?.warn({ err: error, key }, 'could not remove the bytes of a file whose change rolled back')),
  );
}

/** Records the new file's row in the caller's transaction (if the transaction fails, the caller removes the bytes: FileService.removeNow). */
export async function storeFileRow(tx: Db, file: NewStoredFile): Promise<void> {
  await insertStoredFile(tx, file);
}

/** Deletes the organisation's file rows `ids` in the caller's transaction; returns their keys, for FileService.discard. */
export function removeFileRows(tx: Db, organisationId: string, ids: string[]): Promise<string[]> {
  return deleteStoredFiles(tx, organisationId, ids);
}

/**
 * Uploaded files: bytes in the Storage, metadata in `stored_files`. Bytes cannot join a database
 * transaction, so a new file is written first and its row committed with the caller's change;
 * replaced files lose their row in that same transaction and their bytes only after it commits.
 * A crash in between leaves at worst an unreferenced object, never a row without bytes.
 */
export function createFileService(db: Db, storage: Storage, log?: FastifyBaseLogger) {
  /** Removes the bytes of files no row refers to (a new file whose change failed). */
  async function removeNow(keys: string[]) {
    for (const key of keys) {
      try {
        await storage.remove(key);
      } catch (error) {
        log?.warn({ err: error, key }, 'could not remove a stored file; it is no longer referenced');
      }
    }
  }

  /**
   * Removes the bytes of files whose rows the caller's change deleted, once that change has
   * committed: inside an organisation-scoped request, after the request's transaction (which may
   * still roll back and bring the rows back); else at once.
   */
  const discard = (keys: string[]) => (keys.length === 0 ? Promise.resolve() : afterCommit(() => removeNow(keys)));

  return {
    storage,
    discard,
    removeNow,

    /**
     * Stores `image` as the one file under the owner's prefix and runs `apply` (the caller's own
     * update, e.g. users.avatar_url, and its audit entry) in the same transaction.
     */
    async replace<T>(owner: FileOwner, filename: string, image: ProcessedImage, apply: (tx: Db, file: { id: string }) => Promise<T>) {
      const id = randomUUID();
      const key = `${owner.prefix}/${id}.${image.extension}`;
      await putNewBytes(storage, key, image.bytes, image.contentType, log);
      let result: T;
      let replaced: string[];
      try {
        ({ result, replaced } = await db.transaction(async (tx) => {
          await insertStoredFile(tx, {
            id,
            organisationId: owner.organisationId,
            key,
            filename,
            contentType: image.contentType,
            size: image.bytes.length,
          });
          const old = await deleteUnderPrefix(tx, owner.organisationId, owner.prefix, id);
          return { result: await apply(tx, { id }), replaced: old };
        }));
      } catch (error) {
        await removeNow([key]);
        throw error;
      }
      await discard(replaced);
      return result;
    },

    /** Removes the owner's file(s) and runs `apply` in the same transaction. */
    async clear<T>(owner: FileOwner, apply: (tx: Db) => Promise<T>) {
      const { result, removed } = await db.transaction(async (tx) => {
        const old = await deleteUnderPrefix(tx, owner.organisationId, owner.prefix);
        return { result: await apply(tx), removed: old };
      });
      await discard(removed);
      return result;
    },

    /** Inside the organisation's deletion: drops its file rows; pass the keys to `discard` after commit. */
    deleteOrganisationFiles: (tx: Db, organisationId: string) => deleteOrganisationFiles(tx, organisationId),

    /** The avatar file, when the caller may see it: their own, or of someone they share an organisation with. */
    async avatarFor(viewerId: string, userId: string, fileId: string): Promise<StoredFile | undefined> {
      if (!UUID.test(userId) || !UUID.test(fileId)) return undefined;
      if (viewerId !== userId && !(await shareAnOrganisation(db, viewerId, userId))) return undefined;
      const file = await findStoredFile(db, null, fileId);
      // The id must be one of this user's avatars, not any file the viewer happens to know the id of.
      return file?.key.startsWith(`${avatarPrefix(userId)}/`) ? file : undefined;
    },

    /** The organisation's current logo (the caller has passed the organisation scope). */
    logoOf: (organisationId: string) => findLatestUnderPrefix(db, organisationId, logoPrefix(organisationId)),

    /** One of the organisation's stored files by id (the caller has checked it may see it). */
    fileOf: (organisationId: string, fileId: string) => findStoredFile(db, organisationId, fileId),

    /** A team's current logo (the caller has checked the team is the organisation's). */
    teamLogoOf: (organisationId: string, teamId: string) =>
      findLatestUnderPrefix(db, organisationId, teamLogoPrefix(organisationId, teamId)),
  };
}

export type FileService = ReturnType<typeof createFileService>;
