import { apiKeysResponse, createApiKeyBody, createdApiKeyResponse } from '@hireloop/contract/api-keys';
import { errorResponse } from '@hireloop/contract/error-response';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createApiKeyService } from './service.ts';

const tags = ['API keys'];

/** `organisation/{id}/api-keys`: create (token shown once), list, revoke. Sessions only: a key never manages keys. */
export function apiKeyRoutes(db: Db) {
  const keys = createApiKeyService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api-keys',
      {
        config: { permission: 'api_keys.manage' },
        schema: {
          tags,
          summary: "The organisation's live API keys, newest first (prefix only, never the key)",
          querystring: listQuery,
          response: { 200: apiKeysResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { keys: data, total } = await keys.list(organisationIdOf(request), { page: q.page, perPage: q.per_page });
        return { api_keys: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/api-keys',
      {
        config: { permission: 'api_keys.manage' },
        schema: {
          tags,
          summary: 'Creates an API key; the response carries the key (`token`) this one time only',
          description:
            'Send the token as `Authorization: Bearer hl_…` on organisation routes whose permission allows API keys (see docs/permissions.md). Only its sha256 is stored: it cannot be shown again.',
          body: createApiKeyBody,
          response: { 201: createdApiKeyResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const { apiKey, token } = await keys.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ api_key: apiKey, token });
      },
    );
    r.delete(
      '/api-keys/:keyId',
      {
        config: { permission: 'api_keys.manage' },
        schema: {
          tags,
          summary: 'Revokes an API key: it stops working at once',
          params: z.object({ organisationId: z.string(), keyId: z.string() }),
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await keys.revoke(organisationIdOf(request), actorOf(request), request.params.keyId);
        return reply.code(204).send(null);
      },
    );
  };
}
