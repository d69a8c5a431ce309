import { XSRF_COOKIE } from '@hireloop/contract/constants';
import { authOperations as ops } from '@hireloop/contract/operations/auth';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
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
    route(app, ops.csrfCookie, { public: true }, async (request, reply) =>
      reply.issueXsrfToken(request.cookies[XSRF_COOKIE]).code(204).send(null),
    );

    // Runs on every page load: the session hook reads the session, the user and their organisations in one statement.
    route(app, ops.get, { sessionProfile: true, preHandler: [requireSession] }, async (request) => {
      const profile = request.auth?.profile;
      if (!profile) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
      return { auth: presentAuth(profile) };
    });

    route(app, ops.signOut, { public: true }, async (request, reply) => {
      await endSession(request, reply, cookie);
      return reply.code(204).send(null);
    });

    route(app, ops.switchOrganisation, { preHandler: [requireSession] }, async (request) => ({
      auth: await deps.auth.switchOrganisation(userIdOf(request), request.body.organisation_id),
    }));

    route(app, ops.googleRedirect, { public: true, rateLimit: SIGN_IN_RATE }, async (request, reply) => {
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
    });

    route(app, ops.googleCallback, { public: true, rateLimit: SIGN_IN_RATE }, async (request, reply) => {
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
    });
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
