import { z } from 'zod';

/**
 * The 200 response of a route that sends a file (a PDF, a CSV) instead of JSON: typed so that the
 * handler may send its bytes or text, and documented in the API reference as binary content of that
 * type. Fastify sends strings and buffers as they are, so nothing is serialised against it.
 */
export function fileResponse<T extends string>(contentType: T, description: string) {
  const schema: z.ZodType<Buffer | string> = z.custom<Buffer | string>().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries([[contentType, { schema }]]) as Record<T, { schema: typeof schema }> };
}
