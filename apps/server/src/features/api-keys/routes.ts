import { apiKeyOperations as ops } from '@hireloop/contract/operations/api-keys';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createApiKeyService } from './service.ts';

/** `organisation/{id}/api-keys`: create (token shown once), list, revoke. Sessions only: a key never manages keys. */
export function apiKeyRoutes(db: Db) {
  const keys = createApiKeyService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'api_keys.manage' }, async (request) => {
      const q = request.query;
      const { keys: data, total } = await keys.list(organisationIdOf(request), { page: q.page, perPage: q.per_page });
      return { api_keys: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'api_keys.manage' }, async (request, reply) => {
      const { apiKey, token } = await keys.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ api_key: apiKey, token });
    });
    route(app, ops.revoke, { permission: 'api_keys.manage' }, async (request, reply) => {
      await keys.revoke(organisationIdOf(request), actorOf(request), request.params.keyId);
      return reply.code(204).send(null);
    });
  };
}
