import { organisationSettingsOperations as ops } from '@hireloop/contract/operations/organisation-settings';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileService } from '../files/service.ts';
import { acceptImageUploads, readImageUpload } from '../files/upload.ts';
import { createOrganisationSettingsService } from './service.ts';

const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };

/** organisation/{id}: the organisation itself (Organisation Settings), its logo, and deleting it. */
export function organisationSettingsRoutes(db: Db, files: FileService) {
  return async (app: FastifyInstance) => {
    const settings = createOrganisationSettingsService(db, files, app.log);
    await acceptImageUploads(app);
    route(app, ops.get, { permission: 'organisation.view' }, async (request) => ({
      organisation: await settings.get(organisationIdOf(request)),
    }));
    route(app, ops.update, { permission: 'organisation.update' }, async (request) => ({
      organisation: await settings.update(organisationIdOf(request), actorOf(request), request.body),
    }));
    route(app, ops.remove, { permission: 'organisation.delete' }, async (request, reply) => {
      await settings.delete(organisationIdOf(request), actorOf(request), request.body.confirm_name);
      return reply.code(204).send(null);
    });
    route(app, ops.logo, { permission: 'organisation.view' }, async (request, reply) => {
      const file = await settings.logo(organisationIdOf(request));
      if (!file) throw new AppError('not_found', 'This organisation has no logo.');
      // Revalidated often: the logo URL stays the same (but for ?v=) and membership can end.
      return sendStoredFile(reply, files, file, 'private, max-age=300');
    });
    route(app, ops.uploadLogo, { permission: 'organisation.update', rateLimit: UPLOAD_RATE }, async (request) => {
      const image = await readImageUpload(request, 'logo', 'logo');
      return { organisation: await settings.setLogo(organisationIdOf(request), actorOf(request), image) };
    });
    route(app, ops.removeLogo, { permission: 'organisation.update' }, async (request) => ({
      organisation: await settings.removeLogo(organisationIdOf(request), actorOf(request)),
    }));
  };
}
