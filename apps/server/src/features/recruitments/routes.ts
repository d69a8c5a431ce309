import { recruitmentOperations as ops } from '@hireloop/contract/operations/recruitments';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createRecruitmentService } from './service.ts';

/** docs/product.md §13: `organisation/{id}/recruitments` — hiring campaigns for job roles, their hiring teams and analytics. */
export function recruitmentRoutes(db: Db) {
  const recruitments = createRecruitmentService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'recruitments.view' }, async (request) => {
      const q = request.query;
      const f = q.filter;
      const { recruitments: data, total } = await recruitments.list(organisationIdOf(request), {
        page: q.page,
        perPage: q.per_page,
        sort: q.sort,
        status: f?.status,
        roleId: f?.role,
        teamId: f?.team,
        ownerId: f?.owner,
        name: f?.name,
      });
      return { recruitments: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'recruitments.manage' }, async (request, reply) => {
      const recruitment = await recruitments.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ recruitment });
    });
    route(app, ops.get, { permission: 'recruitments.view' }, async (request) => ({
      recruitment: await recruitments.get(organisationIdOf(request), request.params.recruitment),
    }));
    route(app, ops.update, { permission: 'recruitments.manage' }, async (request) => ({
      recruitment: await recruitments.update(organisationIdOf(request), actorOf(request), request.params.recruitment, request.body),
    }));
    route(app, ops.remove, { permission: 'recruitments.manage' }, async (request, reply) => {
      await recruitments.remove(organisationIdOf(request), actorOf(request), request.params.recruitment);
      return reply.code(204).send(null);
    });
    route(app, ops.analytics, { permission: 'recruitments.view' }, async (request) => ({
      analytics: await recruitments.analytics(organisationIdOf(request), request.params.recruitment),
    }));
  };
}
