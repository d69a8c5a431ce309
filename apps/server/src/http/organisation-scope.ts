import type { MemberRole } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { ApiKeyResource } from '@hireloop/contract/api-keys';
import { keyCan, keyScopeFor, type Permission } from '@hireloop/contract/permissions';
import { actorMay } from '@hireloop/contract/policies/actor';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../db/client.ts';
import type { OrganisationTransactions } from '../db/organisation-transaction.ts';
import { authenticateApiKey, bearerToken } from '../features/api-keys/authenticate.ts';
import { sha256 } from '../lib/tokens.ts';
import { AppError } from './errors.ts';

/**
 * Who is calling an organisation-scoped route: a signed-in member, or one of the organisation's API keys.
 * A key carries who created it and that member's role now (null: no longer a member): it never does
 * more than they may. Every Actor is a `PolicyActor` (packages/contract/src/policies/actor.ts): the object
 * policies there and `actorMay`, the route gate below, decide for it.
 */
export type Actor =
  | { kind: 'user'; userId: string; role: MemberRole }
  | { kind: 'api_key'; apiKeyId: string; name: string; scopes: string[]; createdBy: string | null; creatorRole: MemberRole | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for `organisation/{id}/…` routes once the caller has passed the scope's checks. */
    membership: { organisationId: string; actor: Actor } | null;
  }
  interface FastifyContextConfig {
    /** What the route needs (contract/permissions.ts). Every organisation-scoped route declares one. */
    permission?: Permission;
    /** The API key resource of the route when it is not its permission's (applications' routes use candidates' permissions). */
    apiKeyResource?: ApiKeyResource;
    /** Reachable without signing in (sign-in, health, CSRF cookie); for the permissions document. */
    public?: boolean;
    /**
     * A GET that writes: an audit record of what was read (a candidate's data export), or defaults
     * created when first needed. It runs in a read-write transaction whose reply waits for the
     * COMMIT; every other GET runs on a read-only connection (inOrganisationTransaction).
     */
    writes?: boolean;
  }
}

export const ORGANISATION_PREFIX = '/organisation/:organisationId';

/** Why an API key is refused the route (403), naming the scope it lacks. */
function keyRefusal(key: Extract<Actor, { kind: 'api_key' }>, permission: Permission, resource?: ApiKeyResource): string {
  const scope = keyScopeFor(permission, resource);
  if (!scope) return 'API keys may not do this; sign in to do it.';
  if (!keyCan(key.scopes, permission, resource)) return `This API key lacks the ${scope} scope.`;
  if (key.creatorRole === null) return 'The member who created this API key is no longer in the organisation; create a new key.';
  return `The member who created this API key may not do this (permission ${permission}).`;
}

/**
 * The one place every `organisation/{id}/…` route passes. A session caller must be a member of
 * that organisation (404 otherwise: another organisation's id reveals nothing) with a role that
 * has the route's permission (403). An API key must belong to that organisation (404) and have
 * the scope the permission allows keys (403; settings permissions allow none). Runs before the
 * body is parsed, so a stranger learns nothing from validation either.
 *
 * Once the checks pass, each route's handler runs in one database transaction as the role
 * hireloop_app with the organisation set (`inOrganisation`, db/organisation-transaction.ts): row-level
 * security then keeps every query to that organisation's rows. It commits when the handler
 * resolves and rolls back when it throws (the error's response says nothing was changed).
 */
export function organisationScope(
  db: Db,
  routes: FastifyPluginAsync[],
  opts: { apiKeyRatePerMinute: number; inOrganisation: OrganisationTransactions },
): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.decorateRequest('membership', null);
    scope.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      if (!permission) throw new Error(`${route.method} ${route.url} declares no permission`);
      route.schema = { ...route.schema, ...openApiAccess(permission, route.config?.apiKeyResource, route.schema?.description) };
      route.handler = inOrganisationTransaction(route.handler, opts.inOrganisation, organisationIdOf);
    });
    scope.addHook(
      'onRequest',
      scope.rateLimit({
        // Per API key, across all its calls.
        max: opts.apiKeyRatePerMinute,
        timeWindow: '1 minute',
        allowList: (request) => !bearerToken(request.headers.authorization),
        keyGenerator: (request) => `api-key:${sha256(bearerToken(request.headers.authorization) ?? '')}`,
      }),
    );
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const { permission, apiKeyResource } = request.routeOptions.config;
      if (!permission) throw new AppError('forbidden', ERROR_TEXTS.forbidden);
      const { organisationId } = request.params as { organisationId?: string };
      const token = bearerToken(request.headers.authorization);
      if (token) {
        const key = await authenticateApiKey(db, token);
        if (!key) throw new AppError('unauthenticated', 'The API key is not valid or has been revoked.');
        if (key.organisationId !== organisationId) throw new AppError('not_found', ERROR_TEXTS.notFound);
        const actor: Actor = {
          kind: 'api_key',
          apiKeyId: key.id,
          name: key.name,
          scopes: key.scopes,
          createdBy: key.createdBy,
          creatorRole: key.creatorRole,
        };
        if (!actorMay(actor, permission, apiKeyResource)) throw new AppError('forbidden', keyRefusal(actor, permission, apiKeyResource));
        request.membership = { organisationId, actor };
        return;
      }
      if (!request.auth) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
      // The session hook (session.ts) read the role in this organisation with the session, in the same statement.
      const role = organisationId && request.auth.organisation?.id === organisationId ? request.auth.organisation.role : null;
      if (!organisationId || !role) throw new AppError('not_found', ERROR_TEXTS.notFound);
      const actor: Actor = { kind: 'user', userId: request.auth.userId, role };
      if (!actorMay(actor, permission)) throw new AppError('forbidden', ERROR_TEXTS.forbidden);
      request.membership = { organisationId, actor };
    });
    for (const r of routes) await scope.register(r);
  };
}

/**
 * The handler, run in the transaction of the organisation `organisationOf` names (for the scope's
 * routes the checked one; for public routes the one a token or slug names, http/public-scope.ts).
 * The response goes out only once the transaction has committed: a handler that sends its reply
 * itself (`reply.code(201).send(…)`, a stored file's stream) has it held until then, so no client
 * hears of a change that is not committed yet (or that rolls back).
 */
export function inOrganisationTransaction(
  handler: RouteHandlerMethod,
  inOrganisation: OrganisationTransactions,
  organisationOf: (request: FastifyRequest) => string | Promise<string>,
): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    const organisationId = await organisationOf(request);
    const held = holdReply(reply);
    let result: unknown;
    try {
      // A GET only reads (docs/architecture.md §3): it runs on a read-only connection of the read
      // pool, so PostgreSQL refuses a write (docs/decisions/016-read-connections.md). A GET that writes says so.
      const readOnly = (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.config.writes !== true;
      result = await inOrganisation(organisationId, async () => handler.call(this, request, reply), {
        readOnly,
        mayConnect: () => assertBodyReceived(request),
      });
    } catch (error) {
      // A stream the handler meant to send (a stored file) is closed: the error's response goes instead.
      (held.payload as { destroy?: () => void } | null | undefined)?.destroy?.();
      throw error;
    } finally {
      held.release();
    }
    if (!held.sent) return result;
    reply.send(held.payload);
    return reply;
  };
}

/**
 * A request's connection is taken only once its body has arrived whole: a handler that takes an
 * upload reads it (and checks it) before its first query. Otherwise a client that sends its body
 * slowly, or stalls, would hold a connection of the pool, and a few such clients all of them
 * (docs/architecture.md §3). A JSON body has arrived before any handler runs; a multipart body is
 * read by the handler.
 */
function assertBodyReceived(request: FastifyRequest): void {
  if (request.raw.complete || !/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
  throw new Error(
    `${request.method} ${request.routeOptions.url ?? request.url}: a query before the request's body was read; read the upload first`,
  );
}

/**
 * Until `release`, `reply.send(payload)` keeps the payload instead of sending it, and awaiting the
 * reply (what `return reply.send(…)` in an async handler does) does not wait for the response.
 */
function holdReply(reply: FastifyReply) {
  const held = { sent: false, payload: undefined as unknown };
  const own = reply as unknown as Record<'send' | 'then', unknown>;
  own.send = (payload: unknown) => {
    held.sent = true;
    held.payload = payload;
    return reply;
  };
  own.then = (fulfilled?: (value: undefined) => void) => fulfilled?.(undefined);
  return {
    get sent() {
      return held.sent;
    },
    get payload() {
      return held.payload;
    },
    release() {
      delete own.send;
      delete own.then;
    },
  };
}

/** The OpenAPI document says, per route, who may call it: always a session; an API key when the permission allows keys. */
function openApiAccess(permission: Permission, resource: ApiKeyResource | undefined, description: unknown) {
  const scope = keyScopeFor(permission, resource);
  const access = scope
    ? `Permission \`${permission}\`. API keys with the \`${scope}\` scope${scope.endsWith(':read') ? ` (or \`${scope.replace(/:read$/, ':write')}\`)` : ''} may call it.`
    : `Permission \`${permission}\`. Sessions only: API keys are refused (403).`;
  const security: Array<Record<string, string[]>> = scope ? [{ session: [] }, { bearerAuth: [] }] : [{ session: [] }];
  return {
    security,
    description: typeof description === 'string' && description !== '' ? `${description}\n\n${access}` : access,
  };
}

/** The organisation id inside an organisation-scoped handler. */
export function organisationIdOf(request: FastifyRequest): string {
  if (!request.membership) throw new AppError('not_found', ERROR_TEXTS.notFound);
  return request.membership.organisationId;
}

/** The caller inside an organisation-scoped handler. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.membership) throw new AppError('not_found', ERROR_TEXTS.notFound);
  return request.membership.actor;
}
