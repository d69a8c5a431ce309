import type { PublicNewHire } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { organisationOfToken } from '../../http/public-scope.ts';
import { isRandomToken, sha256 } from '../../lib/tokens.ts';
import type { FileService } from '../files/service.ts';
import { documentNotFound, linkNotFound } from './checks.ts';
import { attachHireFile, type HireFileUpload } from './documents.ts';
import { newHireLogoPath } from './links.ts';
import { presentPublicNewHire } from './presenter.ts';
import { documentsOf, findDocument, findHireByTokenHash, organisationOfHireToken, tasksOf } from './repository.ts';
import { setTaskDoneByHire } from './tasks.ts';

/** The organisation a new hire's link belongs to, for its public routes' scope; 404 when none. */
export const newHireLinkOrganisation = (db: Db) => organisationOfToken((hash) => organisationOfHireToken(db, hash), linkNotFound);

/**
 * The hire's side of onboarding: reachable with the e-mailed link only (its sha256 is all that is stored).
 * Not behind the Onboarding product (product-gate.ts): a person mid-onboarding keeps their first-day
 * information, checklist and document uploads when the organisation unsubscribes (the staff's side is
 * refused until it subscribes again, so the link cannot be replaced or the hire removed meanwhile).
 * Its routes: features/public-new-hire/routes.ts.
 */
export function createPublicNewHireService(db: Db, files: FileService) {
  async function byToken(token: string) {
    if (!isRandomToken(token)) throw linkNotFound();
    const row = await findHireByTokenHash(db, sha256(token));
    if (!row) throw linkNotFound();
    return row;
  }

  async function view(token: string): Promise<PublicNewHire> {
    const row = await byToken(token);
    const [tasks, documents, logo] = await Promise.all([
      tasksOf(db, [row.hire.id]),
      documentsOf(db, [row.hire.id]),
      files.logoOf(row.hire.organisationId),
    ]);
    return presentPublicNewHire(row, logo ? `${newHireLogoPath(token)}?v=${logo.id}` : null, tasks, documents);
  }

  /** 404 before the body is read when the link or the document is not valid. */
  async function assertDocument(token: string, documentId: string) {
    const row = await byToken(token);
    const document = /^[0-9a-f-]{36}$/i.test(documentId)
      ? await findDocument(db, row.hire.organisationId, row.hire.id, documentId)
      : undefined;
    if (!document) throw documentNotFound();
    return row;
  }

  return {
    view,
    assertDocument,

    async upload(token: string, documentId: string, upload: HireFileUpload): Promise<PublicNewHire> {
      const row = await assertDocument(token, documentId);
      await attachHireFile(db, files, { organisationId: row.hire.organisationId, hireId: row.hire.id, documentId }, upload, null);
      return view(token);
    },

    /** Ticks off or reopens one of the hire's own tasks (the same rule as the staff's tick); 404 for any other task. */
    async setTaskDone(token: string, taskId: string, done: boolean): Promise<PublicNewHire> {
      const row = await byToken(token);
      await setTaskDoneByHire(db, row.hire.organisationId, row.hire.id, taskId, done);
      return view(token);
    },

    async logo(token: string) {
      const row = await byToken(token);
      const logo = await files.logoOf(row.hire.organisationId);
      if (!logo) throw new AppError('not_found', 'This organisation has no logo.');
      return logo;
    },
  };
}
