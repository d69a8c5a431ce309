import { ERROR_TEXTS, errorStatus, type ErrorCode, type ErrorResponse } from '@hireloop/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type services throw; the handler below maps it to the envelope of docs/product.md §8. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]> | undefined;

  constructor(code: ErrorCode, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.code = code;
    this.errors = errors;
  }
}

export const notFound = (what = ERROR_TEXTS.notFound) => new AppError('not_found', what);
export const validationFailed = (errors: Record<string, string[]>, message: string = ERROR_TEXTS.validation) =>
  new AppError('validation_failed', message, errors);

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** `/name` or `/items/0/name` → `name`, `items.0.name`; query fields keep their own name. */
function fieldName(instancePath: string | undefined, fallback: string): string {
  const p = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return p || fallback;
}

/**
 * The database cannot be reached: its connection was refused or ended (the server stopped,
 * restarted or was killed, its socket is gone, the network failed), it is starting or shutting
 * down (SQLSTATE class 08, 57P01–57P03), or it ended this request's statement or transaction for
 * running too long (57014, statement_timeout; 25P03, idle_in_transaction_session_timeout). Drizzle
 * wraps the driver's error, so the causes are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string' && (/^08/.test(code) || UNAVAILABLE_CODES.has(code) || (syscall === 'connect' && code === 'ENOENT')))
      return true;
    if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable/i.test(e.message)) return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '25P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

export function registerErrorHandling(app: FastifyInstance, options: { onDatabaseUnavailable?: () => void } = {}) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      options.onDatabaseUnavailable?.();
      return send(reply.header('retry-after', '2'), 503, { message: ERROR_TEXTS.databaseUnavailable, code: 'unavailable' });
    }
    if (error instanceof AppError) {
      return send(reply, errorStatus[error.code], {
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const key = fieldName(v.instancePath, error.validationContext ?? 'body');
        (errors[key] ??= []).push(v.message ?? 'Invalid value.');
      }
      return send(reply, 422, { message: ERROR_TEXTS.validation, code: 'validation_failed', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return send(reply, 500, { message: ERROR_TEXTS.internal, code: 'internal' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, { message: ERROR_TEXTS.malformedJson, code: 'bad_request' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, { message: ERROR_TEXTS.payloadTooLarge, code: 'payload_too_large' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, { message: 'Send the body as application/json.', code: 'bad_request' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { message: ERROR_TEXTS.rateLimited, code: 'rate_limited' });
    }
    if (status >= 400 && status < 500) {
      return send(reply, status, { message: error.message, code: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: ERROR_TEXTS.internal, code: 'internal' });
  });
}

/**
 * Unknown /api paths get the JSON 404 envelope. With the web app built, other GETs that accept
 * HTML get index.html so the client router can take over (SPA fallback).
 */
export function registerNotFound(app: FastifyInstance, opts: { spaFallback: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (opts.spaFallback && isGet && wantsHtml && !url.startsWith('/api/') && !url.startsWith('/oidc/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return send(reply, 404, { message: `No route for ${request.method} ${url}.`, code: 'not_found' });
  });
}
