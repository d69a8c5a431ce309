import { randomUUID } from 'node:crypto';
import { ONBOARDING_TEXTS, type CreateHireDocumentBody, type HireDocument } from '@hireloop/contract/onboarding';
import type { z } from 'zod';
import type { createHireDocumentBody } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FileService, StoredFile } from '../files/service.ts';
import { userIdOrNull } from '../actors/service.ts';
import { lockedHire } from './access.ts';
import type { HireFileUpload } from './document-files.ts';
import { presentDocument } from './presenter.ts';
import {
  deleteDocument,
  deleteStoredFiles,
  documentsOf,
  findDocument,
  insertDocuments,
  insertStoredFile,
  nextDocumentPosition,
  updateDocument,
} from './repository.ts';

export type { CreateHireDocumentBody };
type CreateInput = z.output<typeof createHireDocumentBody>;

const documentNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.documentNotFound);

/**
 * Stores an uploaded file as the document's file (replacing any earlier one). The bytes are
 * written first and the row committed with the document's change; a failure removes the bytes,
 * a replaced file's bytes go after the commit.
 */
export async function attachHireFile(
  db: Db,
  files: FileService,
  target: { organisationId: string; hireId: string; documentId: string },
  upload: HireFileUpload,
  uploadedById: string | null,
): Promise<void> {
  const { organisationId, hireId, documentId } = target;
  const storedId = randomUUID();
  const key = `onboarding/${organisationId}/${hireId}/${documentId}/${storedId}.${upload.type.extension}`;
  await files.storage.put(key, upload.bytes, upload.type.contentType);
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      await lockedHire(tx, organisationId, hireId);
      const existing = await findDocument(tx, organisationId, hireId, documentId);
      if (!existing) throw documentNotFound();
      await insertStoredFile(tx, {
        id: storedId,
        organisationId,
        key,
        filename: upload.filename,
        contentType: upload.type.contentType,
        size: upload.bytes.length,
      });
      await updateDocument(tx, documentId, { storedFileId: storedId, uploadedAt: new Date(), uploadedById });
      return existing.document.storedFileId ? deleteStoredFiles(tx, [existing.document.storedFileId]) : [];
    });
  } catch (error) {
    await files.removeNow([key]);
    throw error;
  }
  await files.discard(replaced);
}

/** Documents to collect from a hire: ask for one, upload its file, download it, delete it. */
export function createHireDocumentService(db: Db, files: FileService) {
  async function one(organisationId: string, hireId: string, id: string): Promise<HireDocument> {
    const row = (await documentsOf(db, [hireId])).find((d) => d.document.id === id && d.document.organisationId === organisationId);
    if (!row) throw documentNotFound();
    return presentDocument(row);
  }

  return {
    async create(organisationId: string, _actor: Actor, hireId: string, body: CreateInput): Promise<HireDocument> {
      const id = await db.transaction(async (tx) => {
        const hire = await lockedHire(tx, organisationId, hireId);
        const [row] = await insertDocuments(tx, [
          {
            organisationId,
            hireId: hire.id,
            name: body.name,
            description: body.description,
            position: await nextDocumentPosition(tx, hire.id),
          },
        ]);
        return row!.id;
      });
      return one(organisationId, hireId, id);
    },

    /** 404 before the body is read when the hire or the document is not this organisation's. */
    async assertExists(organisationId: string, hireId: string, id: string): Promise<void> {
      if (!isUuid(hireId) || !isUuid(id) || !(await findDocument(db, organisationId, hireId, id))) throw documentNotFound();
    },

    async upload(organisationId: string, actor: Actor, hireId: string, id: string, upload: HireFileUpload): Promise<HireDocument> {
      await attachHireFile(db, files, { organisationId, hireId, documentId: id }, upload, userIdOrNull(actor));
      return one(organisationId, hireId, id);
    },

    async file(organisationId: string, hireId: string, id: string): Promise<StoredFile> {
      const row = isUuid(hireId) && isUuid(id) ? await findDocument(db, organisationId, hireId, id) : undefined;
      if (!row) throw documentNotFound();
      if (!row.file) throw new AppError('not_found', ONBOARDING_TEXTS.fileNotUploaded);
      return row.file;
    },

    async remove(organisationId: string, _actor: Actor, hireId: string, id: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        await lockedHire(tx, organisationId, hireId);
        const row = isUuid(id) ? await findDocument(tx, organisationId, hireId, id) : undefined;
        if (!row) throw documentNotFound();
        await deleteDocument(tx, id);
        return row.document.storedFileId ? deleteStoredFiles(tx, [row.document.storedFileId]) : [];
      });
      await files.discard(keys);
    },
  };
}
