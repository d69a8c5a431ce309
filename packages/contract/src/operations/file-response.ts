import { z } from 'zod';

/**
 * The 200 of an operation that sends a file (a PDF, a CSV) instead of JSON. It is a zod schema, as
 * an operation's responses are (a test's parse accepts the body as it is), carrying the response's
 * `content` by media type: Fastify and fastify-type-provider-zod read that instead, so the API
 * reference documents binary content of that type and nothing is serialised against it (as
 * apps/server/src/http/file-response.ts for routes not yet described here).
 */
export function fileResponse<T extends string>(contentType: T, description: string) {
  const schema = z.custom<Uint8Array | string>().meta({ type: 'string', format: 'binary' });
  const content = Object.fromEntries([[contentType, { schema }]]) as Record<T, { schema: typeof schema }>;
  return Object.assign(z.custom<Uint8Array | string>().meta({ description }), { content });
}
