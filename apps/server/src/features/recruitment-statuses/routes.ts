import { errorResponse } from '@hireloop/contract/error-response';
import { reorderBody } from '@hireloop/contract/ordering';
import { listQuery } from '@hireloop/contract/pagination';
import {
  createRecruitmentStatusBody,
  recruitmentStatusResponse,
  recruitmentStatusesResponse,
  updateRecruitmentStatusBody,
} from '@hireloop/contract/recruitment-statuses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createRecruitmentStatusService } from './service.ts';

const statusParams = z.object({ organisationId: z.string(), statusId: z.string() });
const tags = ['recruitment statuses'];

/** `organisation/{id}/recruitment-status`: the pipeline stages — list, create, change, delete, reorder. */
export function recruitmentStatusRoutes(db: Db) {
  const statuses = createRecruitmentStatusService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/recruitment-status',
      {
        config: { permission: 'recruitment_settings.view' },
        schema: {
          tags,
          summary: "The organisation's pipeline stages in order; filter[name] searches by name",
          querystring: listQuery,
          response: { 200: recruitmentStatusesResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { statuses: data, total } = await statuses.list(organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          name: q.filter?.name?.trim() || undefined,
        });
        return { statuses: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/recruitment-status',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Adds a stage at the end of the pipeline (colour defaults to #228be6, category to in_progress)',
          body: createRecruitmentStatusBody,
          response: { 201: recruitmentStatusResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const status = await statuses.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ status });
      },
    );
    r.patch(
      '/recruitment-status/reorder',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Moves the stage at position `original` to position `new` (both 1-based); returns the new order',
          body: reorderBody,
          response: { 200: recruitmentStatusesResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const data = await statuses.reorder(organisationIdOf(request), actorOf(request), request.body);
        return { statuses: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
      },
    );
    r.patch(
      '/recruitment-status/:statusId',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Renames, recolours or recategorises a stage; the last stage of a category keeps its category',
          params: statusParams,
          body: updateRecruitmentStatusBody,
          response: { 200: recruitmentStatusResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const status = await statuses.update(organisationIdOf(request), actorOf(request), request.params.statusId, request.body);
        return { status };
      },
    );
    r.delete(
      '/recruitment-status/:statusId',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Deletes a stage; the ones after it move up. The last stage of a category cannot be deleted (422)',
          params: statusParams,
          response: { 204: z.null(), 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        await statuses.remove(organisationIdOf(request), actorOf(request), request.params.statusId);
        return reply.code(204).send(null);
      },
    );
  };
}
