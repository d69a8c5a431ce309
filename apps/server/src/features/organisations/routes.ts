import { createOrganisationBody, organisationResponse } from '@hireloop/contract/organisations';
import { errorResponse } from '@hireloop/contract/error-response';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { createOrganisationService } from './service.ts';

export function organisationRoutes(db: Db) {
  const organisations = createOrganisationService(db);
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/organisations',
      {
        preHandler: [requireSession],
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['organisations'],
          summary: 'Creates an organisation; the caller becomes its owner and it starts a 14-day trial',
          body: createOrganisationBody,
          response: { 201: organisationResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const organisation = await organisations.create(userIdOf(request), request.body);
        return reply.code(201).send({ organisation });
      },
    );
  };
}
