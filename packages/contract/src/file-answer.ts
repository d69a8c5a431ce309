import { z } from 'zod';

/**
 * The 200 of an operation that sends a file (a CSV, a PDF) instead of JSON. The handler sends its
 * text as it is (Fastify serialises no string of another content type than JSON), and the API
 * reference documents it as binary content of `contentType` (@fastify/swagger takes the `content`
 * and `description` of the response schema as they are).
 */
export const fileAnswer = (contentType: string, description: string) =>
  z.string().meta({ description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } });
