import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, type MemberRole } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SessionCache } from '../features/auth/session-cache.ts';
import { createSessionStore, type SessionStore } from '../features/auth/sessions.ts';
import { AppError } from './errors.ts';

/** GET /auth's answer, loaded with the session in the same statement (features/auth/repository.ts). */
export type SessionProfile = NonNullable<Awaited<ReturnType<SessionStore['resolveProfile']>>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's sessions (with its cache of who is asking, when it has one). */
    sessionStore: SessionStore;
  }
  interface FastifyRequest {
    /**
     * The signed-in user of this request, or null. Set by the session hook, which also resolves, in
     * the same statement, their role in the organisation of an `organisation/{id}/…` URL
     * (`organisation`: null on other routes; its role null when they are not a member) and, for a
     * route that asks for it, their profile (`profile`).
     */
    auth: {
      userId: string;
      sessionId: string;
      organisation: { id: string; role: MemberRole | null } | null;
      profile?: Pick<SessionProfile, 'user' | 'organisations'>;
    } | null;
  }
  interface FastifyContextConfig {
    /** The route answers with the user and their organisations: the session hook loads them with the session (GET /auth). */
    sessionProfile?: boolean;
  }
}

export type SessionCookieOptions = { secure: boolean };

/** The session hook; with a `cache`, who is asking is remembered between requests (features/auth/session-cache.ts). */
export function registerSessions(app: FastifyInstance, db: Db, cache?: SessionCache) {
  const store = createSessionStore(db, cache);
  app.decorate('sessionStore', store);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // One credential per request: with an Authorization header the caller is an API client
    // (organisation-scope.ts checks its key) and the cookie is not read, so such a request,
    // which skips the anti-forgery check (csrf.ts), can never act as the browser's user.
    if (hasAuthorizationHeader(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    // A tampered or unknown cookie is simply no session; never an error.
    if (!token || token.length > 128) return;
    if (request.routeOptions.config?.sessionProfile) {
      const found = await store.resolveProfile(token);
      request.auth = found
        ? {
            userId: found.user.id,
            sessionId: found.sessionId,
            organisation: null,
            profile: { user: found.user, organisations: found.organisations },
          }
        : null;
      return;
    }
    // Params are known before onRequest: an organisation-scoped route's role comes with the session (organisation-scope.ts).
    const organisationId = (request.params as { organisationId?: unknown } | undefined)?.organisationId;
    const session = await store.resolve(token, typeof organisationId === 'string' ? organisationId : null);
    request.auth = session
      ? {
          userId: session.userId,
          sessionId: session.sessionId,
          organisation: session.organisationId === null ? null : { id: session.organisationId, role: session.role },
        }
      : null;
  });
}

/** Starts a new session (the old cookie, if any, is replaced: rotation at sign-in). */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string, cookie: SessionCookieOptions) {
  const store = request.server.sessionStore;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await store.end(previous);
  const token = await store.start(userId, { userAgent: request.headers['user-agent']?.slice(0, 400) ?? null, ip: request.ip });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

/** Whether the request carries an Authorization header (of any scheme): then it is not a browser session. */
export function hasAuthorizationHeader(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined;
}

/** Ends the session this request was authenticated with (only then: see registerSessions) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, cookie: SessionCookieOptions) {
  if (hasAuthorizationHeader(request)) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
  const token = request.cookies[SESSION_COOKIE];
  if (token && request.auth) await request.server.sessionStore.end(token);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
}

/** preHandler: 401 unless signed in. */
export async function requireSession(request: FastifyRequest) {
  if (!request.auth) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
}

/** The signed-in user's id inside a handler guarded by requireSession. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
  return request.auth.userId;
}
