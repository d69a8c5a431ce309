import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (Content-Security-Policy, HSTS, Referrer-Policy, …) on every answer,
 * its middleware built once. @fastify/helmet 13 calls `helmet(options)` again for every request,
 * parsing the whole policy each time (about 2 % of the server's CPU under a list benchmark).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
