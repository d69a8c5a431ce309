import { websiteOperations as ops } from '@hireloop/contract/operations/website';
import { WEBSITE_TEXTS } from '@hireloop/contract/website';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileService } from '../files/service.ts';
import { acceptImageUploads, readImageUpload } from '../files/upload.ts';
import { createWebsiteService } from './service.ts';

const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };

/** docs/product.md §16: `organisation/{id}/website` — the Website product's dashboard, settings, figures and jobs feed. */
export function websiteRoutes(db: Db, files: FileService, opts: { appUrl: string }) {
  const website = createWebsiteService({ db, files, appUrl: opts.appUrl });
  return async (app: FastifyInstance) => {
    await acceptImageUploads(app);
    route(app, ops.get, { permission: 'website.view' }, async (request) => ({ website: await website.get(organisationIdOf(request)) }));
    route(app, ops.update, { permission: 'website.manage' }, async (request) => ({
      website: await website.update(organisationIdOf(request), actorOf(request), request.body),
    }));
    route(app, ops.logo, { permission: 'website.view' }, async (request, reply) => {
      const file = await website.logo(organisationIdOf(request));
      if (!file) throw new AppError('not_found', WEBSITE_TEXTS.noLogo);
      return sendStoredFile(reply, files, file, 'private, max-age=300');
    });
    route(app, ops.uploadLogo, { permission: 'website.manage', rateLimit: UPLOAD_RATE }, async (request) => {
      const image = await readImageUpload(request, 'logo', 'logo');
      return { website: await website.setLogo(organisationIdOf(request), actorOf(request), image) };
    });
    route(app, ops.removeLogo, { permission: 'website.manage' }, async (request) => ({
      website: await website.removeLogo(organisationIdOf(request), actorOf(request)),
    }));
    route(app, ops.updateRole, { permission: 'website.manage' }, async (request) => ({
      role: await website.updateRole(organisationIdOf(request), actorOf(request), request.params.roleId, request.body),
    }));
    route(app, ops.stats, { permission: 'website.view' }, async (request) => ({
      stats: await website.stats(organisationIdOf(request), request.query),
    }));
    route(app, ops.jobs, { permission: 'website.view' }, async (request) => website.jobs(organisationIdOf(request)));
  };
}
