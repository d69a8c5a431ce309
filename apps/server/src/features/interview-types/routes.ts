import { interviewTypeOperations as ops } from '@hireloop/contract/operations/interview-types';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createInterviewTypeService } from './service.ts';

/** `organisation/{id}/interview-types`: the organisation's interview types with their kits — list, create, change, delete, reorder. */
export function interviewTypeRoutes(db: Db) {
  const types = createInterviewTypeService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'interviews.view' }, async (request) => {
      const q = request.query;
      const { types: data, total } = await types.list(organisationIdOf(request), {
        page: q.page,
        perPage: q.per_page,
        name: q.filter?.name,
      });
      return { interview_types: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'interview_types.manage' }, async (request, reply) => {
      const interview_type = await types.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ interview_type });
    });
    route(app, ops.reorder, { permission: 'interview_types.manage' }, async (request) => {
      const data = await types.reorder(organisationIdOf(request), actorOf(request), request.body);
      return { interview_types: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
    });
    route(app, ops.update, { permission: 'interview_types.manage' }, async (request) => {
      const interview_type = await types.update(organisationIdOf(request), actorOf(request), request.params.type, request.body);
      return { interview_type };
    });
    route(app, ops.remove, { permission: 'interview_types.manage' }, async (request, reply) => {
      await types.remove(organisationIdOf(request), actorOf(request), request.params.type);
      return reply.code(204).send(null);
    });
  };
}
