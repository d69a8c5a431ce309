import { errorResponse } from '@hireloop/contract/error-response';
import { deleteOrganisationBody, organisationSettingsResponse, updateOrganisationBody } from '@hireloop/contract/organisation-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
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
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['organisation settings'];

    r.get(
      '/',
      {
        config: { permission: 'organisation.view' },
        schema: { tags, summary: 'The organisation: name, slug, logo, website, timezone', response: { 200: organisationSettingsResponse } },
      },
      async (request) => ({ organisation: await settings.get(organisationIdOf(request)) }),
    );

    r.patch(
      '/',
      {
        config: { permission: 'organisation.update' },
        schema: {
          tags,
          summary: 'Changes name, URL slug (unique), website or timezone; audited',
          body: updateOrganisationBody,
          response: { 200: organisationSettingsResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({ organisation: await settings.update(organisationIdOf(request), actorOf(request), request.body) }),
    );

    r.delete(
      '/',
      {
        config: { permission: 'organisation.delete' },
        schema: {
          tags,
          summary: 'Deletes the organisation and all its data; `confirm_name` must equal its name exactly',
          body: deleteOrganisationBody,
          response: { 204: z.null(), 422: errorResponse },
        },
      },
      async (request, reply) => {
        await settings.delete(organisationIdOf(request), actorOf(request), request.body.confirm_name);
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/logo',
      {
        config: { permission: 'organisation.view' },
        schema: { tags, summary: 'The organisation’s logo (image/png)', response: { 404: errorResponse } },
      },
      async (request, reply) => {
        const file = await settings.logo(organisationIdOf(request));
        if (!file) throw new AppError('not_found', 'This organisation has no logo.');
        // Revalidated often: the logo URL stays the same (but for ?v=) and membership can end.
        return sendStoredFile(reply, files, file, 'private, max-age=300');
      },
    );

    r.post(
      '/logo',
      {
        config: { permission: 'organisation.update', rateLimit: UPLOAD_RATE },
        schema: {
          tags,
          summary: 'Uploads the logo: multipart field `logo`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a PNG within 512×512',
          consumes: ['multipart/form-data'],
          response: { 200: organisationSettingsResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const image = await readImageUpload(request, 'logo', 'logo');
        return { organisation: await settings.setLogo(organisationIdOf(request), actorOf(request), image) };
      },
    );

    r.delete(
      '/logo',
      {
        config: { permission: 'organisation.update' },
        schema: { tags, summary: 'Removes the logo', response: { 200: organisationSettingsResponse } },
      },
      async (request) => ({ organisation: await settings.removeLogo(organisationIdOf(request), actorOf(request)) }),
    );
  };
}
