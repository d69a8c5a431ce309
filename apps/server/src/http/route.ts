import { API_BASE_PATH } from '@hireloop/contract/constants';
import type { AnyOperation } from '@hireloop/contract/operations/operation';
import { PATH_PARAM } from '@hireloop/contract/operations/path';
import { PATH_IDS } from '@hireloop/contract/operations/path-ids';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isUuid } from '../lib/ids.ts';
import { AppError } from './errors.ts';

/** The Fastify schema of an operation (the same schemas validate requests, shape responses and make the OpenAPI document). */
type OperationSchema<O extends AnyOperation> = { params: O['params']; querystring: O['query']; body: O['body']; response: O['responses'] };

/** A handler whose request (params, query, body) and reply (status → body) are typed from the operation's schemas. */
export type OperationHandler<O extends AnyOperation> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  OperationSchema<O>,
  ZodTypeProvider
>;

/** The route's own settings: its config (permission, apiKeyResource, public, rateLimit) and, for session routes, `preHandler`. */
export type RouteOptions = FastifyContextConfig & { preHandler?: preHandlerHookHandler | preHandlerHookHandler[] };

/** `organisation/{organisationId}/teams` → `/api/v1/organisation/:organisationId/teams`. */
export function operationUrl(operation: AnyOperation): string {
  return `${API_BASE_PATH}/${operation.path.replace(PATH_PARAM, ':$1')}`;
}

/**
 * Registers the operation's route (docs/architecture.md §3, decision 014): method, path and schemas
 * come from the contract. `app` is the plugin it belongs in: an `organisation/{organisationId}/…`
 * operation inside the organisation scope (http/organisation-scope.ts), whose prefix it must start
 * with; registering it elsewhere fails at start.
 */
export function route<O extends AnyOperation>(
  app: FastifyInstance,
  operation: O,
  options: RouteOptions,
  handler: OperationHandler<O>,
): void {
  const { preHandler, ...config } = options;
  const url = operationUrl(operation);
  if (!url.startsWith(app.prefix)) throw new Error(`${operation.method} ${url} is registered in a plugin under ${app.prefix}.`);
  const schema: FastifySchema = {
    tags: [...operation.tags],
    summary: operation.summary,
    ...(operation.description === undefined ? {} : { description: operation.description }),
    ...(operation.consumes === undefined ? {} : { consumes: [...operation.consumes] }),
    ...(operation.params === undefined ? {} : { params: operation.params }),
    ...(operation.query === undefined ? {} : { querystring: operation.query }),
    ...(operation.body === undefined ? {} : { body: operation.body }),
    response: operation.responses,
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: operation.method,
    url: url.slice(app.prefix.length),
    config,
    ...(preHandler === undefined ? {} : { preHandler }),
    schema,
    handler: withPathIds(operation, handler as RouteHandlerMethod),
  });
}

/**
 * The handler, behind the check of the operation's id params (packages/contract/src/operations/path-ids.ts):
 * a malformed one is a 404 with its text before the handler runs (and before any query).
 */
function withPathIds(operation: AnyOperation, handler: RouteHandlerMethod): RouteHandlerMethod {
  const ids = operation.paramNames.flatMap((name) => (Object.hasOwn(PATH_IDS, name) ? [[name, PATH_IDS[name]!] as const] : []));
  if (ids.length === 0) return handler;
  return function (this: FastifyInstance, request, reply) {
    const params = request.params as Record<string, string>;
    for (const [name, text] of ids) if (!isUuid(params[name] ?? '')) throw new AppError('not_found', text);
    return handler.call(this, request, reply);
  };
}
