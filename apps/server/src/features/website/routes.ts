import { errorResponse } from '@hireloop/contract/error-response';
import {
  WEBSITE_TEXTS,
  websitePatchBody,
  websiteJobsResponse,
  websiteResponse,
  websiteRolePatchBody,
  websiteRoleResponse,
  websiteStatsQuery,
  websiteStatsResponse,
} from '@hireloop/contract/website';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileService } from '../files/service.ts';
import { acceptImageUploads, readImageUpload } from '../files/upload.ts';
import { createWebsiteService } from './service.ts';

const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };
const tags = ['website'];
const roleParams = z.object({ organisationId: z.string(), roleId: z.string() });

/** docs/product.md §16: `organisation/{id}/website` — the Website product's dashboard, settings, figures and jobs feed. */
export function websiteRoutes(db: Db, files: FileService, opts: { appUrl: string }) {
  const website = createWebsiteService({ db, files, appUrl: opts.appUrl });
  return async (app: FastifyInstance) => {
    await acceptImageUploads(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/website',
      {
        config: { permission: 'website.view' },
        schema: {
          tags,
          summary: 'The careers site: subscription state, link, settings and every role with whether it is live on the site',
          response: { 200: websiteResponse },
        },
      },
      async (request) => ({ website: await website.get(organisationIdOf(request)) }),
    );
    r.patch(
      '/website',
      {
        config: { permission: 'website.manage' },
        schema: {
          tags,
          summary: 'Changes the headline, intro or brand colour (#rrggbb); absent fields stay',
          body: websitePatchBody,
          response: { 200: websiteResponse, 422: errorResponse },
        },
      },
      async (request) => ({ website: await website.update(organisationIdOf(request), actorOf(request), request.body) }),
    );
    r.get(
      '/website/logo',
      {
        config: { permission: 'website.view' },
        schema: { tags, summary: 'The careers site’s logo (image/png)', response: { 404: errorResponse } },
      },
      async (request, reply) => {
        const file = await website.logo(organisationIdOf(request));
        if (!file) throw new AppError('not_found', WEBSITE_TEXTS.noLogo);
        return sendStoredFile(reply, files, file, 'private, max-age=300');
      },
    );
    r.post(
      '/website/logo',
      {
        config: { permission: 'website.manage', rateLimit: UPLOAD_RATE },
        schema: {
          tags,
          summary: 'Uploads the careers site’s logo: multipart field `logo`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a PNG within 512×512',
          consumes: ['multipart/form-data'],
          response: { 200: websiteResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const image = await readImageUpload(request, 'logo', 'logo');
        return { website: await website.setLogo(organisationIdOf(request), actorOf(request), image) };
      },
    );
    r.delete(
      '/website/logo',
      {
        config: { permission: 'website.manage' },
        schema: { tags, summary: 'Removes the careers site’s logo', response: { 200: websiteResponse } },
      },
      async (request) => ({ website: await website.removeLogo(organisationIdOf(request), actorOf(request)) }),
    );
    r.patch(
      '/website/roles/:roleId',
      {
        config: { permission: 'website.manage' },
        schema: {
          tags,
          summary:
            'Publishes or unpublishes a role on the careers site and/or replaces its application questions (in order; new ones get ids). A published role without an open recruitment is not live.',
          params: roleParams,
          body: websiteRolePatchBody,
          response: { 200: websiteRoleResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        role: await website.updateRole(organisationIdOf(request), actorOf(request), request.params.roleId, request.body),
      }),
    );
    r.get(
      '/website/stats',
      {
        config: { permission: 'website.view' },
        schema: {
          tags,
          summary:
            'Visits and applications per day and per role, with conversion (applications ÷ visits, 0 without visits); from/to are UTC days (YYYY-MM-DD), by default the last 30 days; filter[role] (a role id) counts only that role in the days and totals, the per-role list stays whole',
          querystring: websiteStatsQuery,
          response: { 200: websiteStatsResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({ stats: await website.stats(organisationIdOf(request), request.query) }),
    );
    r.get(
      '/website/jobs',
      {
        config: { permission: 'website.view' },
        schema: {
          tags,
          summary: 'The jobs feed: the roles live on the careers site, for the organisation’s own website',
          description:
            'Read-only JSON for showing the open roles on your own website. Lists the live roles: published, open, with an open recruitment. `url` and `apply_url` are absolute links to the role’s page on the careers site. Authenticate with an API key with the `read` scope. Answers 404 when the organisation is not subscribed to the Website product.',
          response: { 200: websiteJobsResponse, 404: errorResponse },
        },
      },
      async (request) => website.jobs(organisationIdOf(request)),
    );
  };
}
