import type { FastifyBodyParser, FastifyInstance } from 'fastify';

/** Fastify types its default JSON parser as either kind of parser; it is the kind that calls `done` (and returns nothing). */
type CallbackParser = Exclude<FastifyBodyParser<string>, (...args: never[]) => Promise<unknown>>;

/**
 * Many HTTP clients send `Content-Type: application/json` with an empty body on a DELETE or a POST
 * that carries nothing. Such a body is no body (the route's schema decides whether one was needed);
 * anything else goes to Fastify's own JSON parser, with its prototype-poisoning protection.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error') as CallbackParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
