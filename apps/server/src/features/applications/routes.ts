import {
  APPLICATION_SORTS,
  APPLICATION_STATE_FILTERS,
  CANDIDATE_SOURCES,
  CANDIDATE_TEXTS,
  applicationResponse,
  applicationsResponse,
  boardResponse,
  bulkApplicationsBody,
  bulkApplicationsResponse,
  createApplicationBody,
  duplicateCandidateResponse,
  moveApplicationBody,
  moveApplicationResponse,
  rejectApplicationBody,
  transferApplicationBody,
  updateApplicationBody,
} from '@hireloop/contract/candidates';
import { errorResponse } from '@hireloop/contract/error-response';
import { listQuery } from '@hireloop/contract/pagination';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/paging.ts';
import { applicationsCsv, exportFilename } from './csv.ts';
import type { ApplicationFilters, ApplicationSort, ApplicationState } from './repository.ts';
import { createApplicationService } from './service.ts';
import { fileResponse } from '../../http/file-response.ts';

const tags = ['applications'];
const recruitmentParams = z.object({ organisationId: z.string(), recruitment: z.string() });
const applicationParams = z.object({ organisationId: z.string(), application: z.string() });
/** Several status ids fit in filter[status] (the shared list query allows 200 characters a filter). */
const filterRecord = z.record(z.string(), z.string().max(2000)).optional();
const applicationsQuery = listQuery.extend({ filter: filterRecord });
const exportQuery = z.object({
  sort: z.string().max(64).optional(),
  filter: filterRecord,
  /** A selection: comma-separated application ids. */
  ids: z.string().max(40_000).optional(),
});

/** A malformed id names nothing: 404 as for another organisation's. */
function recruitmentIdOf(params: { recruitment: string }) {
  if (!isUuid(params.recruitment)) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
  return params.recruitment;
}
function applicationIdOf(params: { application: string }) {
  if (!isUuid(params.application)) throw new AppError('not_found', CANDIDATE_TEXTS.applicationNotFound);
  return params.application;
}

const isSort = (s: string): s is ApplicationSort => (APPLICATION_SORTS as readonly string[]).includes(s);
const isState = (s: string): s is ApplicationState => (APPLICATION_STATE_FILTERS as readonly string[]).includes(s);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

function sortOf(sort: string | undefined): ApplicationSort {
  const s = sort?.trim() || '-applied_at';
  if (!isSort(s)) throw validationFailed({ sort: [`Sort by one of ${APPLICATION_SORTS.join(', ')}.`] });
  return s;
}

const idList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** filter[…] of the list and the export; anything malformed is a 422 naming the filter. */
function filtersOf(filter: Record<string, string> | undefined): ApplicationFilters {
  const f = filter ?? {};
  const errors: Record<string, string[]> = {};
  const statusIds = idList(f.status);
  if (statusIds.some((id) => !isUuid(id))) errors['filter[status]'] = [CANDIDATE_TEXTS.statusUnknown];
  const state = f.state?.trim() || 'active';
  if (!isState(state)) errors['filter[state]'] = ['Choose active, rejected, hired or all.'];
  const source = f.source?.trim() || undefined;
  if (source && !(CANDIDATE_SOURCES as readonly string[]).includes(source)) errors['filter[source]'] = ['Choose a source.'];
  const rating = f.rating?.trim() || undefined;
  if (rating && !/^[1-5]$/.test(rating)) errors['filter[rating]'] = ['Rate from 1 to 5 stars.'];
  const appliedFrom = f.applied_from?.trim() || undefined;
  const appliedTo = f.applied_to?.trim() || undefined;
  if (appliedFrom && !isDay(appliedFrom)) errors['filter[applied_from]'] = ['Enter a date as YYYY-MM-DD.'];
  if (appliedTo && !isDay(appliedTo)) errors['filter[applied_to]'] = ['Enter a date as YYYY-MM-DD.'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return {
    statusIds: statusIds.length > 0 ? statusIds : undefined,
    state: state as ApplicationState,
    tag: f.tag?.trim() || undefined,
    source,
    rating: rating ? Number(rating) : undefined,
    appliedFrom,
    appliedTo,
    search: f.search?.trim() || undefined,
  };
}

/** docs/product.md §13: a recruitment's candidates — the table, the board, moves, bulk actions and the CSV export. */
export function applicationRoutes(db: Db) {
  const service = createApplicationService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/recruitments/:recruitment/applications',
      {
        config: { permission: 'candidates.view', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary:
            'The candidates of a recruitment, paged; filter[status] (ids, comma-separated), filter[state] (active|rejected|hired|all), filter[tag], filter[source], filter[rating] (minimum), filter[applied_from], filter[applied_to] (YYYY-MM-DD), filter[search] (name or e-mail); sort applied_at|name|rating|stage|updated_at (- for descending)',
          params: recruitmentParams,
          querystring: applicationsQuery,
          response: { 200: applicationsResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { applications, total } = await service.list(organisationIdOf(request), recruitmentIdOf(request.params), {
          page: q.page,
          perPage: q.per_page,
          sort: sortOf(q.sort),
          filters: filtersOf(q.filter),
        });
        return { applications: { data: applications, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/recruitments/:recruitment/applications',
      {
        config: { permission: 'candidates.manage', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary:
            'Adds a new person (`candidate`) or an existing one (`candidate_id`) to the recruitment, in `status_id` or the first status; a new person whose e-mail exists → 409 with code `duplicate` and that person',
          params: recruitmentParams,
          body: createApplicationBody,
          response: {
            201: applicationResponse,
            404: errorResponse,
            409: z.union([duplicateCandidateResponse, errorResponse]),
            422: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const result = await service.create(organisationIdOf(request), actorOf(request), recruitmentIdOf(request.params), request.body);
        if ('duplicate' in result) {
          return reply.code(409).send({ message: CANDIDATE_TEXTS.duplicate, code: 'duplicate' as const, duplicate: result.duplicate });
        }
        return reply.code(201).send({ application: result.application });
      },
    );
    r.get(
      '/recruitments/:recruitment/board',
      {
        config: { permission: 'candidates.view', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary: 'The board: every status of the pipeline in order, each with its active (not rejected) cards in board order',
          params: recruitmentParams,
          response: { 200: boardResponse, 404: errorResponse },
        },
      },
      async (request) => ({ board: await service.board(organisationIdOf(request), recruitmentIdOf(request.params)) }),
    );
    r.post(
      '/recruitments/:recruitment/applications/bulk',
      {
        config: { permission: 'candidates.manage', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary:
            'Moves, rejects, tags or untags the selected applications, all or nothing (every id must be an application of the recruitment)',
          params: recruitmentParams,
          body: bulkApplicationsBody,
          response: { 200: bulkApplicationsResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        bulk: await service.bulk(organisationIdOf(request), actorOf(request), recruitmentIdOf(request.params), request.body),
      }),
    );
    r.get(
      '/recruitments/:recruitment/applications/export',
      {
        config: { permission: 'candidates.export' },
        schema: {
          tags,
          summary:
            'The candidates as a CSV attachment (UTF-8 with BOM): the list’s filters and sort, or `ids` (comma-separated) for a selection; formula-like cells are prefixed with an apostrophe',
          params: recruitmentParams,
          querystring: exportQuery,
          response: { 200: fileResponse('text/csv', 'The applications as CSV'), 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const filters = filtersOf(q.filter);
        if (q.ids !== undefined) {
          const ids = idList(q.ids);
          if (ids.length === 0 || ids.some((id) => !isUuid(id))) throw validationFailed({ ids: ['Choose the applications to export.'] });
          // A selection is exported whatever its state; the other filters still apply.
          Object.assign(filters, { ids, state: 'all' });
        }
        const { recruitmentName, rows } = await service.exportRows(organisationIdOf(request), recruitmentIdOf(request.params), {
          sort: sortOf(q.sort),
          filters,
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFilename(recruitmentName)}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(applicationsCsv(rows));
      },
    );
    r.get(
      '/applications/:application',
      {
        config: { permission: 'candidates.view', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary: 'An application with its candidate, stage history, files and the person’s other applications (the slide-over)',
          params: applicationParams,
          response: { 200: applicationResponse, 404: errorResponse },
        },
      },
      async (request) => ({ application: await service.detail(organisationIdOf(request), applicationIdOf(request.params)) }),
    );
    r.patch(
      '/applications/:application',
      {
        config: { permission: 'candidates.manage', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary: 'Rates, tags or changes the source of an application',
          params: applicationParams,
          body: updateApplicationBody,
          response: { 200: applicationResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        application: await service.update(organisationIdOf(request), actorOf(request), applicationIdOf(request.params), request.body),
      }),
    );
    r.post(
      '/applications/:application/move',
      {
        config: { permission: 'candidates.manage', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary:
            'Moves the card to a status, before `before_id` or at the end of its column; a stale `version` still moves it (last write wins) and answers `conflict: true`; a card already there is left as it is',
          params: applicationParams,
          body: moveApplicationBody,
          response: { 200: moveApplicationResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => service.move(organisationIdOf(request), actorOf(request), applicationIdOf(request.params), request.body),
    );
    r.post(
      '/applications/:application/reject',
      {
        config: { permission: 'candidates.manage', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary:
            'Rejects the application with a reason (and an optional note on the candidate); the same rejection again answers as the first',
          params: applicationParams,
          body: rejectApplicationBody,
          response: { 200: applicationResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        application: await service.reject(organisationIdOf(request), actorOf(request), applicationIdOf(request.params), request.body),
      }),
    );
    r.post(
      '/applications/:application/restore',
      {
        config: { permission: 'candidates.manage', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary: 'Restores a rejected application to its status on the board',
          params: applicationParams,
          response: { 200: applicationResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        application: await service.restore(organisationIdOf(request), actorOf(request), applicationIdOf(request.params)),
      }),
    );
    r.post(
      '/applications/:application/transfer',
      {
        config: { permission: 'candidates.manage', apiKeyResource: 'applications' },
        schema: {
          tags,
          summary: 'Moves the application to another open recruitment of the organisation, into its first status; its history goes along',
          params: applicationParams,
          body: transferApplicationBody,
          response: { 200: applicationResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        application: await service.transfer(
          organisationIdOf(request),
          actorOf(request),
          applicationIdOf(request.params),
          request.body.recruitment_id,
        ),
      }),
    );
  };
}
