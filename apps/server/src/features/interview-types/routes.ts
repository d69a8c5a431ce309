import { errorResponse } from '@hireloop/contract/error-response';
import { interviewTypeBody, interviewTypeResponse, interviewTypesResponse, updateInterviewTypeBody } from '@hireloop/contract/interviews';
import { reorderBody } from '@hireloop/contract/ordering';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createInterviewTypeService } from './service.ts';

const typeParams = z.object({ organisationId: z.string(), type: z.string() });
const tags = ['interview types'];

/** `organisation/{id}/interview-types`: the organisation's interview types with their kits — list, create, change, delete, reorder. */
export function interviewTypeRoutes(db: Db) {
  const types = createInterviewTypeService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/interview-types',
      {
        config: { permission: 'interviews.view' },
        schema: {
          tags,
          summary: "The organisation's interview types in order, with their kits; filter[name] searches by name",
          querystring: listQuery,
          response: { 200: interviewTypesResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { types: data, total } = await types.list(organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          name: q.filter?.name?.trim() || undefined,
        });
        return { interview_types: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/interview-types',
      {
        config: { permission: 'interview_types.manage' },
        schema: {
          tags,
          summary: 'Adds an interview type at the end; names are unique (ignoring case)',
          body: interviewTypeBody,
          response: { 201: interviewTypeResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const interview_type = await types.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ interview_type });
      },
    );
    r.patch(
      '/interview-types/reorder',
      {
        config: { permission: 'interview_types.manage' },
        schema: {
          tags,
          summary: 'Moves the type at position `original` to position `new` (both 1-based); returns the new order',
          body: reorderBody,
          response: { 200: interviewTypesResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const data = await types.reorder(organisationIdOf(request), actorOf(request), request.body);
        return { interview_types: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
      },
    );
    r.patch(
      '/interview-types/:type',
      {
        config: { permission: 'interview_types.manage' },
        schema: {
          tags,
          summary: 'Renames an interview type or changes its kit (interviews already scheduled keep theirs)',
          params: typeParams,
          body: updateInterviewTypeBody,
          response: { 200: interviewTypeResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const interview_type = await types.update(organisationIdOf(request), actorOf(request), request.params.type, request.body);
        return { interview_type };
      },
    );
    r.delete(
      '/interview-types/:type',
      {
        config: { permission: 'interview_types.manage' },
        schema: {
          tags,
          summary: 'Deletes an interview type; the ones after it move up; its interviews keep their title and kit',
          params: typeParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await types.remove(organisationIdOf(request), actorOf(request), request.params.type);
        return reply.code(204).send(null);
      },
    );
  };
}
