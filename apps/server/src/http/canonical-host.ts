import { API_BASE_PATH } from '@hireloop/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Marks a browser just sent to APP_URL; seen again on another host, the server is behind a proxy that hides the host. */
const MARKER_COOKIE = 'hireloop_app_url_redirect';
/** Long enough to follow one redirect; short enough not to keep a browser on the wrong host afterwards. */
const MARKER_SECONDS = 30;
const SIGN_IN_START = `${API_BASE_PATH}/auth/google/redirect`;

/** `host[:port]` as a URL of this protocol writes it (lower case, default port dropped), or null if it is not a host. */
function normalisedHost(protocol: string, host: string | undefined): string | null {
  if (!host) return null;
  try {
    const url = new URL(`${protocol}//${host}`);
    return url.username || url.password || url.pathname !== '/' || url.search || url.hash ? null : url.host;
  } catch {
    return null;
  }
}

/**
 * Sign-in only works on APP_URL's host: the sign-in cookie is set where sign-in starts and the
 * identity provider returns to APP_URL. A browser that opened the app at another address of the
 * same server (127.0.0.1 for localhost, a second DNS name) is sent to the same path and query on
 * APP_URL's origin, for the web app's pages and for the sign-in start. The JSON API, the careers
 * site, files and the identity provider answer on any host.
 *
 * The target is APP_URL's origin plus the request's own path: nothing from Host or
 * X-Forwarded-Host is ever written into it. The host compared is the request's effective host
 * (X-Forwarded-Host with TRUST_PROXY). A proxy that rewrites Host without saying so would make
 * every redirect come back to itself: a short-lived cookie breaks that loop after one round.
 */
export function registerCanonicalHost(app: FastifyInstance, appUrl: string) {
  const canonical = new URL(appUrl);
  let warned = false;

  const isBrowserEntry = (request: FastifyRequest, path: string) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (path === SIGN_IN_START) return true;
    // The web app's pages are the paths no route claims (index.html is their fallback).
    return request.is404 && !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/oidc/');
  };

  app.addHook('onRequest', async (request, reply) => {
    const target = request.url;
    // Origin-form only: an absolute or scheme-relative request target is not a path on APP_URL.
    if (!target.startsWith('/') || target.startsWith('//')) return;
    const path = target.split('?')[0]!;
    if (!isBrowserEntry(request, path)) return;
    const host = normalisedHost(canonical.protocol, request.host);
    if (host === null || host === canonical.host) return;
    if (request.cookies[MARKER_COOKIE] !== undefined) {
      if (!warned) {
        warned = true;
        request.log.warn(
          { host: request.host, appUrl },
          'requests keep arriving for another host than APP_URL; if a proxy is in front, let it pass Host (or X-Forwarded-Host with TRUST_PROXY=1)',
        );
      }
      return;
    }
    return reply
      .setCookie(MARKER_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: MARKER_SECONDS })
      .header('cache-control', 'no-store')
      .redirect(`${canonical.origin}${target}`, 302);
  });
}
