import { authResponse, switchOrganisationBody } from '@hireloop/contract/auth';
import { XSRF_COOKIE } from '@hireloop/contract/constants';
import { errorResponse } from '@hireloop/contract/error-response';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { AppError } from '../../http/errors.ts';
import { endSession, requireSession, startSession, userIdOf } from '../../http/session.ts';
import { escapeHtml, simplePage } from '../../lib/html.ts';
import { SignInError } from './oidc-client.ts';
import { presentAuth, type AuthService } from './service.ts';

const SIGN_IN_COOKIE = 'hireloop_signin';
const SIGN_IN_RATE = { max: 20, timeWindow: '1 minute' };

export type AuthRouteDeps = { db: Db; auth: AuthService; secureCookies: boolean; appUrl: string };

export function authRoutes(deps: AuthRouteDeps) {
  const cookie = { secure: deps.secureCookies };
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/auth/init/csrf-cookie',
      {
        config: { public: true },
        schema: { tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie to echo as X-XSRF-TOKEN', response: { 204: z.null() } },
      },
      async (request, reply) => reply.issueXsrfToken(request.cookies[XSRF_COOKIE]).code(204).send(null),
    );

    r.get(
      '/auth',
      {
        // Runs on every page load: the session hook reads the session, the user and their organisations in one statement.
        config: { sessionProfile: true },
        preHandler: [requireSession],
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user and their organisations (current first)',
          response: { 200: authResponse, 401: errorResponse },
        },
      },
      async (request) => {
        const profile = request.auth?.profile;
        if (!profile) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
        return { auth: presentAuth(profile) };
      },
    );

    r.delete(
      '/auth',
      {
        config: { public: true },
        schema: { tags: ['auth'], summary: 'Signs out: ends the session on the server', response: { 204: z.null() } },
      },
      async (request, reply) => {
        await endSession(request, reply, cookie);
        return reply.code(204).send(null);
      },
    );

    r.put(
      '/auth/current-organisation',
      {
        preHandler: [requireSession],
        schema: {
          tags: ['auth'],
          summary: 'Switches the current organisation (persisted)',
          body: switchOrganisationBody,
          response: { 200: authResponse },
        },
      },
      async (request) => ({ auth: await deps.auth.switchOrganisation(userIdOf(request), request.body.organisation_id) }),
    );

    r.get(
      '/auth/google/redirect',
      {
        config: { public: true, rateLimit: SIGN_IN_RATE },
        schema: {
          tags: ['auth'],
          summary: 'Starts Google sign-in (OIDC code flow with PKCE)',
          querystring: z.object({ return_to: z.string().optional() }),
        },
      },
      async (request, reply) => {
        try {
          const { redirectUrl, flowToken } = await deps.auth.startSignIn(request.query.return_to);
          reply.setCookie(SIGN_IN_COOKIE, flowToken, {
            path: '/api/v1/auth/google',
            httpOnly: true,
            sameSite: 'lax',
            secure: cookie.secure,
            maxAge: 600,
          });
          return reply.redirect(redirectUrl, 302);
        } catch (error) {
          return signInErrorPage(reply, error, request.log);
        }
      },
    );

    r.get(
      '/auth/google/callback',
      {
        config: { public: true, rateLimit: SIGN_IN_RATE },
        schema: { tags: ['auth'], summary: 'Google redirects back here; starts the session' },
      },
      async (request, reply) => {
        const flowToken = request.cookies[SIGN_IN_COOKIE];
        reply.clearCookie(SIGN_IN_COOKIE, { path: '/api/v1/auth/google' });
        try {
          const callbackUrl = new URL(request.url, deps.appUrl);
          const { userId, returnTo } = await deps.auth.finishSignIn(callbackUrl, flowToken);
          await startSession(request, reply, userId, cookie);
          reply.issueXsrfToken();
          return reply.redirect(returnTo, 302);
        } catch (error) {
          return signInErrorPage(reply, error, request.log);
        }
      },
    );
  };
}

function signInErrorPage(reply: FastifyReply, error: unknown, log: FastifyBaseLogger) {
  if (!(error instanceof SignInError)) throw error;
  log.warn({ reason: error.message }, 'sign-in refused');
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      simplePage(
        'Sign-in failed',
        `<h1>Sign-in failed</h1><p role="alert">${escapeHtml(error.message)}</p><p>You have not been signed in. <a href="/login">Back to log in</a></p>`,
      ),
    );
}
