import { DEFAULT_RETURN_PATH, safeReturnPath } from '@hireloop/contract/app-routes';
import { API_BASE_PATH } from '@hireloop/contract/constants';

export const DEFAULT_AFTER_SIGN_IN = DEFAULT_RETURN_PATH;

/**
 * A `redirect` parameter is only followed when it is a known page of this site, by the same rule
 * the server applies to `return_to` (contract/app-routes.ts): never `//evil.example`, `https://…`,
 * `/\t/evil.example` or /login itself.
 */
export function safeRedirect(value: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  return safeReturnPath(value, globalThis.location?.origin ?? 'http://localhost', fallback);
}

/** Full-page navigation target for Google sign-in; the server comes back to `returnTo`. */
export function googleSignInUrl(returnTo: string): string {
  return `${API_BASE_PATH}/auth/google/redirect?return_to=${encodeURIComponent(safeRedirect(returnTo))}`;
}

/** Where the guard sends a signed-out visitor: `/login?redirect=<asked path>`. */
export function loginUrlFor(askedPath: string): string {
  const redirect = safeRedirect(askedPath, '');
  return redirect === '' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;
}
