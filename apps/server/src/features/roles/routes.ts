import { roleOperations as ops } from '@hireloop/contract/operations/roles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createRoleService } from './service.ts';

/** docs/product.md §7: `organisation/{id}/role` — list, create; `organisation/{id}/role/{role}` — show, update, delete. */
export function roleRoutes(db: Db) {
  const roles = createRoleService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'roles.view' }, async (request) => {
      const q = request.query;
      const { roles: data, total } = await roles.list(organisationIdOf(request), {
        page: q.page,
        perPage: q.per_page,
        name: q.filter?.name,
        status: q.filter?.status,
        teamId: q.filter?.team,
        locationType: q.filter?.location_type,
      });
      return { roles: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'roles.manage' }, async (request, reply) => {
      const role = await roles.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ role });
    });
    route(app, ops.get, { permission: 'roles.view' }, async (request) => ({
      role: await roles.get(organisationIdOf(request), request.params.role),
    }));
    route(app, ops.update, { permission: 'roles.manage' }, async (request) => ({
      role: await roles.update(organisationIdOf(request), actorOf(request), request.params.role, request.body),
    }));
    route(app, ops.remove, { permission: 'roles.manage' }, async (request, reply) => {
      await roles.remove(organisationIdOf(request), actorOf(request), request.params.role);
      return reply.code(204).send(null);
    });
  };
}
