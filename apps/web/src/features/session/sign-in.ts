import { API_BASE_PATH } from '@hireloop/contract/constants';

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * A `redirect` parameter is only followed when it is a path on this site: `/x`, never
 * `//evil.example` or `https://…` (open-redirect guard).
 */
export function safeRedirect(value: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // /login and /get-started are where we come from, not where to go back to.
  if (/^\/login(?:[/?#]|$)/.test(value)) return fallback;
  return value;
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
