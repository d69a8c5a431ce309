import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { healthOperations as ops } from '@hireloop/contract/operations/health';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { route } from '../../http/route.ts';

export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    // Polled by load balancers and uptime checks: only warnings and errors are logged.
    await app.register(
      async (scope) => {
        route(scope, ops.get, { public: true }, async (request, reply) => {
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
        });
      },
      { logLevel: 'warn' },
    );
  };
}
