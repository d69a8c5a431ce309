import { gzipSync } from 'node:zlib';
import { ERROR_TEXTS, errorStatus, type ErrorResponse } from '@hireloop/contract/errors';
import { IMAGE_CONTENT_TYPES } from '@hireloop/contract/files';
import { careersPath, careersRolePath } from '@hireloop/contract/website';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { OrganisationTransactions } from '../../db/organisation-transaction.ts';
import { AppError } from '../../http/errors.ts';
import { publicOrganisationScope } from '../../http/public-scope.ts';
import { escapeHtml } from '../../lib/html.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Storage } from '../../lib/storage.ts';
import { acceptApplicationForms, checkApplication, isHoneypotFilled, readApplicationForm } from './apply.ts';
import { registerCache } from './cache.ts';
import { APPLY_TEXTS } from './limits.ts';
import { createPageViewCounter, PAGE_VIEW_FLUSH_MS, registerCounter } from './page-views.ts';
import { plainPage } from './render/layout.ts';
import { FORM_SCRIPT, FORM_SCRIPT_VERSION } from './render/form-script.ts';
import { renderApplied, renderRoleGone, renderRolePage } from './render/role.ts';
import { careersSiteOrganisation, createCareersService, type CachedSite, type RenderedPage } from './service.ts';

/** Where the careers site lives (registered with this prefix, outside /api/v1). */
export const CAREERS_PREFIX = '/careers';
/** Per address: applications in this window. */
const APPLY_WINDOW = '10 minutes';
const PAGE_CACHE = 'public, max-age=60';
const FILTER_MAX = 160;

type Deps = { db: Db; storage: Storage; appUrl: string; applyRate: number; inOrganisation: OrganisationTransactions };
type SlugParams = { slug: string };
type RoleParams = { slug: string; roleId: string };

const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
};

const NOT_FOUND_HTML = plainPage(
  'Page not found',
  '<h1>Page not found</h1><p>There is no careers page at this address. The organisation may not publish one, or the link may be mistyped.</p>',
);

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorResponse, html?: string) {
  reply.code(status).header('cache-control', 'no-store');
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send(body);
  let page = html;
  if (!page && status === 404) page = NOT_FOUND_HTML;
  if (!page) {
    const title = status === 429 ? 'Too many applications' : 'Something went wrong';
    const slug = (request.params as { slug?: unknown } | undefined)?.slug;
    const back = typeof slug === 'string' && slug ? `<p><a href="${escapeHtml(careersPath(slug))}">Back to the open roles</a></p>` : '';
    page = plainPage(title, `<h1>${title}</h1><p>${escapeHtml(body.message)}</p>${back}`);
  }
  return reply.type('text/html; charset=utf-8').send(page);
}

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(request, reply, 404, { message: ERROR_TEXTS.notFound, code: 'not_found' });

const oneString = (v: unknown) =>
  (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '').trim().slice(0, FILTER_MAX);

/**
 * The public careers site, server-rendered (no script needed): `/careers/{slug}` (roles by team,
 * filters), `/careers/{slug}/jobs/{role}` (description, JobPosting data, application form), the
 * apply POST and the logo. Pages come from an in-memory cache per organisation; page views are
 * counted in memory and written every 10 s and at close.
 *
 * Every route under `/{slug}` finds its organisation from the slug in one narrow statement (404
 * when none has it or it lacks the Website product), then runs in that organisation's transaction
 * as hireloop_app (http/public-scope.ts): row-level security keeps all it reads and writes to that
 * organisation (docs/decisions/011-row-level-security.md). The form script and the redirects read
 * nothing and stay outside.
 */
export function careersRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    await acceptApplicationForms(app);
    const careers = createCareersService({
      db: deps.db,
      storage: deps.storage,
      appUrl: deps.appUrl,
      inOrganisation: deps.inOrganisation,
      log: app.log,
    });
    const views = createPageViewCounter(deps.db, app.log);
    // The organisation of each `/{slug}` request, found by the scope before its handler runs.
    const organisationOfSlug = careersSiteOrganisation(deps.db);
    const unregisterCache = registerCache(careers.cache);
    const unregisterSlugs = registerCache(organisationOfSlug);
    const unregisterCounter = registerCounter(views);
    const timer = setInterval(() => void views.flush(), PAGE_VIEW_FLUSH_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      unregisterCache();
      unregisterSlugs();
      unregisterCounter();
      await views.flush();
    });

    app.setNotFoundHandler((request, reply) => notFound(request, reply));
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error instanceof AppError ? errorStatus[error.code] : (error.statusCode ?? 500);
      if (status === 429) return sendError(request, reply, 429, { message: APPLY_TEXTS.rateLimited, code: 'rate_limited' });
      if (error instanceof AppError) {
        return sendError(request, reply, status, {
          message: error.message,
          code: error.code,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return sendError(request, reply, 415, { message: 'Send the application form as multipart/form-data.', code: 'bad_request' });
      }
      if (status >= 400 && status < 500) return sendError(request, reply, status, { message: APPLY_TEXTS.unreadable, code: 'bad_request' });
      request.log.error({ err: error }, 'careers site error');
      return sendError(request, reply, 500, { message: ERROR_TEXTS.generic, code: 'internal' });
    });

    function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, compress: boolean) {
      reply
        .header('cache-control', PAGE_CACHE)
        .header('etag', page.etag)
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) return reply.code(304).send();
      if (compress && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        page.gzip ??= gzipSync(page.body, { level: 6 });
        return reply.header('content-encoding', 'gzip').send(page.gzip);
      }
      return reply.send(page.body);
    }

    const organisations = new WeakMap<FastifyRequest, string>();
    const siteOf = (request: FastifyRequest): Promise<CachedSite | null> => {
      const organisationId = organisations.get(request);
      return organisationId ? careers.site(organisationId) : Promise.resolve(null);
    };
    const counting = (request: FastifyRequest) => request.method === 'GET';
    const hide = { schema: { hide: true } };

    const siteRoutes = async (scope: FastifyInstance) => {
      scope.get<{ Params: SlugParams; Querystring: Record<string, unknown> }>('/:slug', hide, async (request, reply) => {
        const entry = await siteOf(request);
        if (!entry) return notFound(request, reply);
        const filters = { location: oneString(request.query.location), type: oneString(request.query.type) };
        const page = careers.listing(entry, filters);
        if (counting(request)) views.count(entry.site.organisation.id, 'index');
        return sendPage(request, reply, page, page === entry.listing);
      });

      scope.get<{ Params: RoleParams }>('/:slug/jobs/:roleId', hide, async (request, reply) => {
        const entry = await siteOf(request);
        if (!entry || !isUuid(request.params.roleId)) return notFound(request, reply);
        const found = careers.rolePage(entry, request.params.roleId);
        if (!found) return notFound(request, reply);
        if (counting(request)) views.count(entry.site.organisation.id, found.role.id);
        return sendPage(request, reply, found.page, true);
      });

      scope.get<{ Params: RoleParams; Querystring: { already?: string } }>('/:slug/jobs/:roleId/applied', hide, async (request, reply) => {
        const entry = await siteOf(request);
        if (!entry || !isUuid(request.params.roleId)) return notFound(request, reply);
        const role = entry.roles.get(request.params.roleId);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderApplied(entry.site, role, request.query.already === '1'));
      });

      scope.post<{ Params: RoleParams }>(
        '/:slug/jobs/:roleId/apply',
        { ...hide, config: { public: true, rateLimit: { max: deps.applyRate, timeWindow: APPLY_WINDOW } } },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          const entry = await siteOf(request);
          if (!entry || !isUuid(request.params.roleId)) return notFound(request, reply);
          const site = entry.site;
          // The form first: no connection is held while it arrives (docs/architecture.md §3).
          const form = await readApplicationForm(request);
          // Checked against the database, not the cache: the role may have closed (or opened) a moment ago.
          const role = await careers.liveRole(site.organisation.id, request.params.roleId);
          if (!role) return notFound(request, reply);
          const appliedPath = `${careersRolePath(site.organisation.slug, role.id)}/applied`;
          const redirect = (location: string) => {
            reply.header('location', location).code(303);
            return wantsJson(request) ? reply.send({ redirect: location }) : reply.type('text/html; charset=utf-8').send('');
          };
          // A robot: it is told it succeeded, and nothing is stored.
          if (isHoneypotFilled(form)) return redirect(appliedPath);
          const checked = checkApplication(form, role);
          if (!checked.ok) {
            return sendError(
              request,
              reply,
              checked.status,
              {
                message: checked.message,
                code: checked.status === 413 ? 'payload_too_large' : 'validation_failed',
                ...(Object.keys(checked.errors).length > 0 ? { errors: checked.errors } : {}),
              },
              renderRolePage(site, role, checked.state),
            );
          }
          const outcome = await careers.apply(site, role.id, checked.input);
          if (outcome.kind === 'role_gone') {
            return sendError(request, reply, 404, { message: APPLY_TEXTS.roleGone, code: 'not_found' }, renderRoleGone(site));
          }
          return redirect(outcome.kind === 'already_applied' ? `${appliedPath}?already=1` : appliedPath);
        },
      );

      scope.get<{ Params: SlugParams; Querystring: { v?: string } }>('/:slug/logo', hide, async (request, reply) => {
        const entry = await siteOf(request);
        const logo = entry?.site.logo;
        if (!logo || !(IMAGE_CONTENT_TYPES as readonly string[]).includes(logo.contentType)) return notFound(request, reply);
        const object = await deps.storage.get(logo.key);
        if (!object) return notFound(request, reply);
        return reply
          .type(logo.contentType)
          .header('content-length', String(object.size))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', request.query.v === logo.fileId ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          .send(object.stream);
      });
    };
    await app.register(
      publicOrganisationScope(siteRoutes, {
        inOrganisation: deps.inOrganisation,
        organisationOf: async (request) => {
          const organisationId = await organisationOfSlug((request.params as Partial<SlugParams>).slug ?? '');
          organisations.set(request, organisationId);
          return organisationId;
        },
      }),
    );

    // A reload of the refused form's address (the POST's) lands on the role page.
    app.get<{ Params: RoleParams }>('/:slug/jobs/:roleId/apply', hide, async (request, reply) => {
      if (!isUuid(request.params.roleId)) return notFound(request, reply);
      return reply.redirect(careersRolePath(request.params.slug, request.params.roleId), 303);
    });

    // The application form's enhancement script: versioned by its content hash, so cached for good.
    const formScriptName = `form.${FORM_SCRIPT_VERSION}.js`;
    const formScriptGzip = gzipSync(FORM_SCRIPT, { level: 9 });
    app.get<{ Params: { file: string } }>('/_assets/:file', hide, async (request, reply) => {
      if (request.params.file !== formScriptName) return notFound(request, reply);
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(formScriptGzip);
      return reply.send(FORM_SCRIPT);
    });

    app.get<{ Params: SlugParams }>('/:slug/jobs', hide, async (request, reply) => reply.redirect(careersPath(request.params.slug), 301));
  };
}
