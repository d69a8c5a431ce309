import { userOperations as ops } from '@hireloop/contract/operations/users';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { presentMember } from './presenter.ts';
import { listMembers } from './repository.ts';

/** GET organisation/{id}/users: the organisation's members, paged, with what the caller may do to each. */
export function userRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'members.view' }, async (request) => {
      const q = request.query;
      const actor = actorOf(request);
      const { rows, total } = await listMembers(db, organisationIdOf(request), {
        page: q.page,
        perPage: q.per_page,
        name: q.filter?.name,
        sort: q.sort,
      });
      return { users: { data: rows.map((u) => presentMember(actor, u)), meta: pageMeta(q.page, q.per_page, total) } };
    });
  };
}
