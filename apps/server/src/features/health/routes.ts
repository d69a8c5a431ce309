import { healthResponse } from '@hireloop/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errorResponse } from '@hireloop/contract/error-response';
import { ERROR_TEXTS } from '@hireloop/contract/errors';

export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        logLevel: 'warn',
        config: { public: true },
        schema: { tags: ['health'], summary: 'Checks the database', response: { 200: healthResponse, 503: errorResponse } },
      },
      async (request, reply) => {
        try {
          await database.ping();
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          void database.recover();
          return reply.code(503).send({ message: ERROR_TEXTS.databaseUnavailable, code: 'unavailable' });
        }
        return {
          status: 'ok' as const,
          database: database.managed ? ('managed' as const) : ('postgres' as const),
          uptime_s: Math.round(process.uptime()),
        };
      },
    );
  };
}
