import { organisationOperations as ops } from '@hireloop/contract/operations/organisations';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { createOrganisationService } from './service.ts';

export function organisationRoutes(db: Db) {
  const organisations = createOrganisationService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.create, { preHandler: [requireSession], rateLimit: { max: 10, timeWindow: '1 minute' } }, async (request, reply) => {
      const organisation = await organisations.create(userIdOf(request), request.body);
      return reply.code(201).send({ organisation });
    });
  };
}
