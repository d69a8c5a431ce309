import { listQuery } from '@hireloop/contract/pagination';
import { createRoleBody, roleResponse, rolesResponse } from '@hireloop/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { insertRole, listRoles } from './repository.ts';

const present = (r: { id: string; name: string; createdAt: Date }) => ({ id: r.id, name: r.name, created_at: r.createdAt.toISOString() });

export function roleRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/role',
      {
        config: { permission: 'roles.view' },
        schema: {
          tags: ['roles'],
          summary: 'Job roles, paged; filter[name] searches by name',
          querystring: listQuery,
          response: { 200: rolesResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await listRoles(db, organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          name: q.filter?.name?.trim() || undefined,
        });
        return { roles: { data: rows.map(present), meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/role',
      {
        config: { permission: 'roles.manage' },
        schema: { tags: ['roles'], summary: 'Creates a job role', body: createRoleBody, response: { 201: roleResponse } },
      },
      async (request, reply) => {
        const row = await insertRole(db, organisationIdOf(request), request.body.name);
        return reply.code(201).send({ role: present(row) });
      },
    );
  };
}
