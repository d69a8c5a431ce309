import { API_BASE_PATH } from '@hireloop/contract/constants';
import { ONBOARDING_TEXTS, type PublicNewHire } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { organisationOfToken } from '../../http/public-scope.ts';
import { isRandomToken, sha256 } from '../../lib/tokens.ts';
import type { FileService } from '../files/service.ts';
import type { HireFileUpload } from './document-files.ts';
import { attachHireFile } from './documents.ts';
import { presentPublicNewHire } from './presenter.ts';
import { documentsOf, findDocument, findHireByTokenHash, organisationOfHireToken, tasksOf } from './repository.ts';
import { createHireTaskService } from './tasks.ts';

const linkNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.linkNotFound);

/** The organisation a new hire's link belongs to, for its public routes' scope; 404 when none. */
export const newHireLinkOrganisation = (db: Db) => organisationOfToken((hash) => organisationOfHireToken(db, hash), linkNotFound);

export const newHireLogoPath = (token: string) => `${API_BASE_PATH}/public/new-hire/${token}/logo`;

/**
 * The hire's side of onboarding: reachable with the e-mailed link only (its sha256 is all that is stored).
 * Not behind the Onboarding product (product-gate.ts): a person mid-onboarding keeps their first-day
 * information, checklist and document uploads when the organisation unsubscribes (the staff's side is
 * refused until it subscribes again, so the link cannot be replaced or the hire removed meanwhile).
 */
export function createPublicNewHireService(db: Db, files: FileService) {
  const tasks = createHireTaskService(db);
  async function byToken(token: string) {
    if (!isRandomToken(token)) throw linkNotFound();
    const row = await findHireByTokenHash(db, sha256(token));
    if (!row) throw linkNotFound();
    return row;
  }

  return {
    async view(token: string): Promise<PublicNewHire> {
      const row = await byToken(token);
      const [tasks, documents, logo] = await Promise.all([
        tasksOf(db, [row.hire.id]),
        documentsOf(db, [row.hire.id]),
        files.logoOf(row.hire.organisationId),
      ]);
      return presentPublicNewHire(row, logo ? `${newHireLogoPath(token)}?v=${logo.id}` : null, tasks, documents);
    },

    /** 404 before the body is read when the link or the document is not valid. */
    async assertDocument(token: string, documentId: string) {
      const row = await byToken(token);
      const document = /^[0-9a-f-]{36}$/i.test(documentId)
        ? await findDocument(db, row.hire.organisationId, row.hire.id, documentId)
        : undefined;
      if (!document) throw new AppError('not_found', ONBOARDING_TEXTS.documentNotFound);
      return row;
    },

    async upload(token: string, documentId: string, upload: HireFileUpload): Promise<PublicNewHire> {
      const row = await this.assertDocument(token, documentId);
      await attachHireFile(db, files, { organisationId: row.hire.organisationId, hireId: row.hire.id, documentId }, upload, null);
      return this.view(token);
    },

    /** Ticks off or reopens one of the hire's own tasks (the same rule as the staff's tick); 404 for any other task. */
    async setTaskDone(token: string, taskId: string, done: boolean): Promise<PublicNewHire> {
      const row = await byToken(token);
      await tasks.setDoneByHire(row.hire.organisationId, row.hire.id, taskId, done);
      return this.view(token);
    },

    async logo(token: string) {
      const row = await byToken(token);
      const logo = await files.logoOf(row.hire.organisationId);
      if (!logo) throw new AppError('not_found', 'This organisation has no logo.');
      return logo;
    },
  };
}
