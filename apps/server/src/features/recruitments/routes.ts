import { errorResponse } from '@hireloop/contract/error-response';
import { listQuery } from '@hireloop/contract/pagination';
import {
  RECRUITMENT_SORTS,
  RECRUITMENT_STATES,
  RECRUITMENT_TEXTS,
  createRecruitmentBody,
  recruitmentAnalyticsResponse,
  recruitmentResponse,
  recruitmentsResponse,
  updateRecruitmentBody,
} from '@hireloop/contract/recruitments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createRecruitmentService } from './service.ts';

const tags = ['recruitments'];
const recruitmentParams = z.object({ organisationId: z.string(), recruitment: z.string() });
type Sort = (typeof RECRUITMENT_SORTS)[number];

/** A malformed id can name no recruitment: 404, as for another organisation's. */
function recruitmentIdOf(params: { recruitment: string }): string {
  if (!isUuid(params.recruitment)) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
  return params.recruitment;
}

function listOptionsOf(q: { sort?: string | undefined; filter?: Record<string, string> | undefined }) {
  const f = q.filter ?? {};
  const errors: Record<string, string[]> = {};
  const sort = (q.sort ?? '-opened_at') as Sort;
  if (!RECRUITMENT_SORTS.includes(sort)) errors.sort = [`Sort by one of ${RECRUITMENT_SORTS.join(', ')}.`];
  const status = f.status?.trim() || undefined;
  let statuses: string[] | undefined;
  if (status === 'active') statuses = ['open', 'on_hold'];
  else if (status === 'all') statuses = undefined;
  else if (status && (RECRUITMENT_STATES as readonly string[]).includes(status)) statuses = [status];
  else if (status) errors['filter[status]'] = ['Choose open, on_hold, closed, active or all.'];
  const uuidFilter = (key: string, message: string) => {
    const v = f[key]?.trim() || undefined;
    if (v && !isUuid(v)) errors[`filter[${key}]`] = [message];
    return v;
  };
  const roleId = uuidFilter('role', RECRUITMENT_TEXTS.roleUnknown);
  const teamId = uuidFilter('team', 'Choose a team of this organisation.');
  const ownerId = uuidFilter('owner', RECRUITMENT_TEXTS.ownerUnknown);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { sort, statuses, roleId, teamId, ownerId, name: f.name?.trim() || undefined };
}

/** docs/product.md §13: `organisation/{id}/recruitments` — hiring campaigns for job roles, their hiring teams and analytics. */
export function recruitmentRoutes(db: Db) {
  const recruitments = createRecruitmentService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/recruitments',
      {
        config: { permission: 'recruitments.view' },
        schema: {
          tags,
          summary:
            'Recruitments with counts per stage, paged; filter[status] (open|on_hold|closed|active = open and on hold|all), filter[role], filter[team], filter[owner], filter[name]; sort name|-name|opened_at|-opened_at (default)|candidates|-candidates',
          querystring: listQuery,
          response: { 200: recruitmentsResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { recruitments: data, total } = await recruitments.list(organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          ...listOptionsOf(q),
        });
        return { recruitments: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/recruitments',
      {
        config: { permission: 'recruitments.manage' },
        schema: {
          tags,
          summary:
            'Starts a recruitment for a job role (not a closed one); the name defaults to the role’s, the owner to the caller. The hiring team is notified',
          body: createRecruitmentBody,
          response: { 201: recruitmentResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const recruitment = await recruitments.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ recruitment });
      },
    );
    r.get(
      '/recruitments/:recruitment',
      {
        config: { permission: 'recruitments.view' },
        schema: {
          tags,
          summary: 'A recruitment with its counts per stage and its hiring team',
          params: recruitmentParams,
          response: { 200: recruitmentResponse, 404: errorResponse },
        },
      },
      async (request) => ({ recruitment: await recruitments.get(organisationIdOf(request), recruitmentIdOf(request.params)) }),
    );
    r.patch(
      '/recruitments/:recruitment',
      {
        config: { permission: 'recruitments.manage' },
        schema: {
          tags,
          summary:
            'Changes a recruitment: any of its fields; `status` holds, closes (with `close_reason`) or reopens it; `hiring_team` replaces the team',
          params: recruitmentParams,
          body: updateRecruitmentBody,
          response: { 200: recruitmentResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        recruitment: await recruitments.update(organisationIdOf(request), actorOf(request), recruitmentIdOf(request.params), request.body),
      }),
    );
    r.delete(
      '/recruitments/:recruitment',
      {
        config: { permission: 'recruitments.manage' },
        schema: {
          tags,
          summary: 'Deletes a recruitment without candidates (one with candidates: 422, close it instead)',
          params: recruitmentParams,
          response: { 204: z.null(), 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        await recruitments.remove(organisationIdOf(request), actorOf(request), recruitmentIdOf(request.params));
        return reply.code(204).send(null);
      },
    );
    r.get(
      '/recruitments/:recruitment/analytics',
      {
        config: { permission: 'recruitments.view' },
        schema: {
          tags,
          summary:
            'Analytics of a recruitment: funnel by stage with conversion, time in stage, time to hire, applications per week, sources and rejection reasons',
          params: recruitmentParams,
          response: { 200: recruitmentAnalyticsResponse, 404: errorResponse },
        },
      },
      async (request) => ({ analytics: await recruitments.analytics(organisationIdOf(request), recruitmentIdOf(request.params)) }),
    );
  };
}
