import { candidateImportOperations as ops } from '@hireloop/contract/operations/candidate-imports';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { OrganisationTransactions } from '../../db/organisation-transaction.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import type { Storage } from '../../lib/storage.ts';
import { createImportService, type ImportRunnerOptions } from './service.ts';
import { acceptImportUploads, readImportUpload } from './upload.ts';

const IMPORT_RATE = { max: 10, timeWindow: '1 minute' };
/** A preview runs again whenever the mapping changes. */
const PREVIEW_RATE = { max: 60, timeWindow: '1 minute' };

/** organisation/{id}/recruitments/{recruitment}/imports (CSV import) and organisation/{id}/imports/{import} (its progress). */
export function candidateImportRoutes(
  db: Db,
  storage: Storage,
  inOrganisation: OrganisationTransactions,
  runner: ImportRunnerOptions = {},
) {
  return async (app: FastifyInstance) => {
    const imports = createImportService(db, app.log, storage, inOrganisation, runner);
    await acceptImportUploads(app);
    // Resumes the imports no live node holds (a stopped process's, or one whose node died), then
    // keeps this node's leases. On close, running imports stop after their batch, free for another node.
    // (Never fatal: an app built without a migrated database, e.g. to render the API documents, still starts.)
    app.addHook('onReady', async () => {
      try {
        await imports.startRunner();
      } catch (error) {
        app.log.warn({ err: error }, 'could not start the candidate import runner');
      }
    });
    app.addHook('onClose', async () => imports.drain());

    route(app, ops.start, { permission: 'candidates.import', rateLimit: IMPORT_RATE }, async (request, reply) => {
      // The file first: no connection is held while it arrives (docs/architecture.md §3).
      const upload = await readImportUpload(request, reply);
      await imports.assertRecruitment(organisationIdOf(request), request.params.recruitment);
      const started = await imports.start(organisationIdOf(request), actorOf(request), request.params.recruitment, upload);
      return reply.code(202).send({ import: started });
    });
    route(app, ops.preview, { permission: 'candidates.import', rateLimit: PREVIEW_RATE }, async (request, reply) => {
      const upload = await readImportUpload(request, reply);
      await imports.assertRecruitment(organisationIdOf(request), request.params.recruitment);
      return { preview: await imports.preview(organisationIdOf(request), request.params.recruitment, upload) };
    });
    route(app, ops.get, { permission: 'candidates.import' }, async (request) => ({
      import: await imports.get(organisationIdOf(request), request.params.import),
    }));
  };
}
