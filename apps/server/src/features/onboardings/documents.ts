import { randomUUID } from 'node:crypto';
import { ONBOARDING_TEXTS, type HireDocument, type createHireDocumentBody } from '@hireloop/contract/onboarding';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { userIdOrNull } from '../actors/service.ts';
import { putNewBytes, removeFileRows, storeFileRow, type FileService, type StoredFile } from '../files/service.ts';
import { documentNotFound, lockedHire } from './checks.ts';
import { presentDocument } from './presenter.ts';
import { deleteDocument, documentsOf, findDocument, insertDocuments, nextDocumentPosition, updateDocument } from './repository.ts';

/* Documents to collect from a hire, and their files (uploaded by the staff or by the hire). */

export type HireFileType = { contentType: string; extension: 'pdf' | 'doc' | 'docx' | 'png' | 'jpg' };
/** A file read from the request and checked by its bytes (document-files.ts). */
export type HireFileUpload = { bytes: Buffer; filename: string; type: HireFileType };

/**
 * Stores an uploaded file as the document's file (replacing any earlier one). The bytes are
 * written first and the row (the files feature's) committed with the document's change; a failure
 * removes the bytes, a replaced file's bytes go after the commit.
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
  await putNewBytes(files.storage, key, upload.bytes, upload.type.contentType);
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      await lockedHire(tx, organisationId, hireId);
      const existing = await findDocument(tx, organisationId, hireId, documentId);
      if (!existing) throw documentNotFound();
      await storeFileRow(tx, {
        id: storedId,
        organisationId,
        key,
        filename: upload.filename,
        contentType: upload.type.contentType,
        size: upload.bytes.length,
      });
      await updateDocument(tx, documentId, { storedFileId: storedId, uploadedAt: new Date(), uploadedById });
      return existing.document.storedFileId ? removeFileRows(tx, organisationId, [existing.document.storedFileId]) : [];
    });
  } catch (error) {
    await files.removeNow([key]);
    throw error;
  }
  await files.discard(replaced);
}

type CreateDocumentInput = z.output<typeof createHireDocumentBody>;

/** A hire's documents, as the staff ask for, upload, download and delete them (service.ts). */
export function createDocumentsService(db: Db, files: FileService) {
  async function document(organisationId: string, hireId: string, id: string): Promise<HireDocument> {
    const row = (await documentsOf(db, [hireId])).find((d) => d.document.id === id && d.document.organisationId === organisationId);
    if (!row) throw documentNotFound();
    return presentDocument(row);
  }

  return {
    async createDocument(organisationId: string, _actor: Actor, hireId: string, body: CreateDocumentInput): Promise<HireDocument> {
      const id = await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        const [row] = await insertDocuments(tx, [
          {
            organisationId,
            hireId: locked.id,
            name: body.name,
            description: body.description,
            position: await nextDocumentPosition(tx, locked.id),
          },
        ]);
        return row!.id;
      });
      return document(organisationId, hireId, id);
    },

    /** 404 before the body is read when the hire or the document is not this organisation's. */
    async assertDocument(organisationId: string, hireId: string, id: string): Promise<void> {
      if (!isUuid(hireId) || !isUuid(id) || !(await findDocument(db, organisationId, hireId, id))) throw documentNotFound();
    },

    async uploadDocument(organisationId: string, actor: Actor, hireId: string, id: string, upload: HireFileUpload): Promise<HireDocument> {
      await attachHireFile(db, files, { organisationId, hireId, documentId: id }, upload, userIdOrNull(actor));
      return document(organisationId, hireId, id);
    },

    async documentFile(organisationId: string, hireId: string, id: string): Promise<StoredFile> {
      const row = isUuid(hireId) && isUuid(id) ? await findDocument(db, organisationId, hireId, id) : undefined;
      if (!row) throw documentNotFound();
      if (!row.file) throw new AppError('not_found', ONBOARDING_TEXTS.fileNotUploaded);
      return row.file;
    },

    async removeDocument(organisationId: string, _actor: Actor, hireId: string, id: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        await lockedHire(tx, organisationId, hireId);
        const row = isUuid(id) ? await findDocument(tx, organisationId, hireId, id) : undefined;
        if (!row) throw documentNotFound();
        await deleteDocument(tx, id);
        return row.document.storedFileId ? removeFileRows(tx, organisationId, [row.document.storedFileId]) : [];
      });
      await files.discard(keys);
    },
  };
}
