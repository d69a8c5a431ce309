import { recruitmentStatusOperations as ops } from '@hireloop/contract/operations/recruitment-statuses';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createRecruitmentStatusService } from './service.ts';

/** `organisation/{id}/recruitment-status`: the pipeline stages — list, create, change, delete, reorder. */
export function recruitmentStatusRoutes(db: Db) {
  const statuses = createRecruitmentStatusService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'recruitment_settings.view' }, async (request) => {
      const q = request.query;
      const { statuses: data, total } = await statuses.list(organisationIdOf(request), {
        page: q.page,
        perPage: q.per_page,
        name: q.filter?.name,
      });
      return { statuses: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'recruitment_settings.manage' }, async (request, reply) => {
      const status = await statuses.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ status });
    });
    route(app, ops.reorder, { permission: 'recruitment_settings.manage' }, async (request) => {
      const data = await statuses.reorder(organisationIdOf(request), actorOf(request), request.body);
      return { statuses: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
    });
    route(app, ops.update, { permission: 'recruitment_settings.manage' }, async (request) => {
      const status = await statuses.update(organisationIdOf(request), actorOf(request), request.params.statusId, request.body);
      return { status };
    });
    route(app, ops.remove, { permission: 'recruitment_settings.manage' }, async (request, reply) => {
      await statuses.remove(organisationIdOf(request), actorOf(request), request.params.statusId);
      return reply.code(204).send(null);
    });
  };
}
