import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { hasControlCharacters } from '@hireloop/contract/text';
import type { FastifyInstance } from 'fastify';
import { AppError, validationFailed } from './errors.ts';

/** Nesting walked at most (qs stops query strings at depth 2; JSON bodies are small and shallow). */
const MAX_DEPTH = 32;

/** The dotted paths (`candidate.name`, `tasks.0.title`, `filter.name`) of the strings, and keys, that break the text rule. */
export function controlCharacterPaths(value: unknown, path = '', out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) out.push(path);
  } else if (value && typeof value === 'object' && depth < MAX_DEPTH && !Buffer.isBuffer(value)) {
    for (const [key, child] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasControlCharacters(key)) out.push(path || 'body');
      else controlCharacterPaths(child, at, out, depth + 1);
    }
  }
  return out;
}

/**
 * The text rule at the edge, for every route: a path parameter with a control character names
 * nothing (404); a query or body value with one is refused with the field (422), before the
 * route's schema or handler sees it. Multipart fields are read by their routes and checked there.
 */
export function registerTextInputRule(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (controlCharacterPaths(request.params).length > 0) throw new AppError('not_found', ERROR_TEXTS.notFound);
    const errors: Record<string, string[]> = {};
    for (const [source, fallback] of [
      [request.query, 'query'],
      [typeof request.body === 'object' ? request.body : undefined, 'body'],
    ] as const) {
      for (const path of controlCharacterPaths(source)) errors[path || fallback] = [ERROR_TEXTS.controlCharacters];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  });
}
