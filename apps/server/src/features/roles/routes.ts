import { errorResponse } from '@hireloop/contract/error-response';
import { listQuery } from '@hireloop/contract/pagination';
import {
  LOCATION_TYPES,
  ROLE_STATUSES,
  ROLE_TEXTS,
  createRoleBody,
  roleResponse,
  rolesResponse,
  updateRoleBody,
} from '@hireloop/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createRoleService } from './service.ts';

const tags = ['roles'];
const roleParams = z.object({ organisationId: z.string(), role: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id can name no role: 404, as for another organisation's. */
function roleIdOf(params: { role: string }): string {
  if (!UUID.test(params.role)) throw new AppError('not_found', ROLE_TEXTS.notFound);
  return params.role;
}

function filtersOf(filter: Record<string, string> | undefined) {
  const f = filter ?? {};
  const errors: Record<string, string[]> = {};
  const status = f.status?.trim() || undefined;
  const teamId = f.team?.trim() || undefined;
  const locationType = f.location_type?.trim() || undefined;
  if (status && !(ROLE_STATUSES as readonly string[]).includes(status)) errors['filter[status]'] = ['Choose draft, open or closed.'];
  if (locationType && !(LOCATION_TYPES as readonly string[]).includes(locationType))
    errors['filter[location_type]'] = ['Choose remote, hybrid or on-site.'];
  if (teamId && !UUID.test(teamId)) errors['filter[team]'] = [ROLE_TEXTS.teamUnknown];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { name: f.name?.trim() || undefined, status, teamId, locationType };
}

/** docs/product.md §7: `organisation/{id}/role` — list, create; `organisation/{id}/role/{role}` — show, update, delete. */
export function roleRoutes(db: Db) {
  const roles = createRoleService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/role',
      {
        config: { permission: 'roles.view' },
        schema: {
          tags,
          summary: 'Job roles by name, paged; filter[name] searches by name, filter[status], filter[team], filter[location_type]',
          querystring: listQuery,
          response: { 200: rolesResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { roles: data, total } = await roles.list(organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          ...filtersOf(q.filter),
        });
        return { roles: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/role',
      {
        config: { permission: 'roles.manage' },
        schema: {
          tags,
          summary: 'Creates a job role (status draft unless given); the description is sanitised',
          body: createRoleBody,
          response: { 201: roleResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const role = await roles.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ role });
      },
    );
    r.get(
      '/role/:role',
      {
        config: { permission: 'roles.view' },
        schema: { tags, summary: 'A job role', params: roleParams, response: { 200: roleResponse, 404: errorResponse } },
      },
      async (request) => ({ role: await roles.get(organisationIdOf(request), roleIdOf(request.params)) }),
    );
    r.patch(
      '/role/:role',
      {
        config: { permission: 'roles.manage' },
        schema: {
          tags,
          summary: 'Changes a job role (any of its fields, e.g. the status to open or close it)',
          params: roleParams,
          body: updateRoleBody,
          response: { 200: roleResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        role: await roles.update(organisationIdOf(request), actorOf(request), roleIdOf(request.params), request.body),
      }),
    );
    r.delete(
      '/role/:role',
      {
        config: { permission: 'roles.manage' },
        schema: {
          tags,
          summary: 'Deletes a draft or closed job role (an open one: 409; one with recruitments: 422)',
          params: roleParams,
          response: { 204: z.null(), 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        await roles.remove(organisationIdOf(request), actorOf(request), roleIdOf(request.params));
        return reply.code(204).send(null);
      },
    );
  };
}
