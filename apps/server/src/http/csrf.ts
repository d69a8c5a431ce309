import { XSRF_COOKIE, XSRF_HEADER } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isRandomToken, randomToken, safeEqual } from '../lib/tokens.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit anti-forgery check (Laravel Sanctum style): the SPA reads the readable
 * XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN on every unsafe call. A cross-site page
 * can neither read the cookie nor set the header.
 */
export function registerCsrf(app: FastifyInstance, opts: { secure: boolean }) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // Server-to-server routes that authenticate by their own signature (the Stripe webhook).
    if (request.routeOptions.config?.skipCsrf === true) return;
    // API keys (Authorization: Bearer) carry no ambient credentials, so they need no token. Such a
    // request is never also the cookie's session: registerSessions (session.ts) does not read it.
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new AppError('csrf_mismatch', ERROR_TEXTS.csrfMismatch);
    }
  });
  app.decorateReply('issueXsrfToken', function (this: FastifyReply, keep?: string) {
    const token = keep !== undefined && isRandomToken(keep) ? keep : randomToken();
    this.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: opts.secure, httpOnly: false });
    return this;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route carries no ambient credentials and proves itself otherwise (a signed webhook). */
    skipCsrf?: boolean;
  }
  interface FastifyReply {
    /**
     * Sets the readable XSRF-TOKEN cookie: `keep` (the browser's current token) when it is one of
     * ours, else a fresh one. Keeping it means a second tab, or a page that loads while another
     * request is in flight, does not invalidate the token that request carries.
     */
    issueXsrfToken(keep?: string): FastifyReply;
  }
}
