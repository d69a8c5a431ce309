import type { MemberRole } from '@hireloop/contract/constants';
import { memberPolicies } from '@hireloop/contract/policies/members';
import { listQuery } from '@hireloop/contract/pagination';
import { usersResponse } from '@hireloop/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { listMembers } from './repository.ts';

export function userRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/users',
      {
        config: { permission: 'members.view' },
        schema: {
          tags: ['users'],
          summary:
            "The organisation's members, paged; filter[name] searches name and email; each says what the caller may do to them (`policies`)",
          querystring: listQuery,
          response: { 200: usersResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const actor = actorOf(request);
        const { rows, total } = await listMembers(db, organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          name: q.filter?.name?.trim() || undefined,
          sort: q.sort,
        });
        return {
          users: {
            data: rows.map((u) => ({
              id: u.id,
              name: u.name,
              email: u.email,
              avatar_url: u.avatarUrl,
              role: u.role as MemberRole,
              joined_at: u.joinedAt.toISOString(),
              policies: memberPolicies(actor, { role: u.role as MemberRole }),
            })),
            meta: pageMeta(q.page, q.per_page, total),
          },
        };
      },
    );
  };
}
