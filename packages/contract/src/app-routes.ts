/**
 * The pages of the web app, as route patterns (`:name` is one path segment). The web's route
 * table (apps/web/src/app/routes.tsx) must list exactly these; apps/web/src/app/routes.test.ts
 * holds the two together. The server uses them to decide where a sign-in may return to.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/login',
  '/get-started',
  '/invitations/:token',
  '/offer/:token',
  '/new-hire/:token',
  '/settings',
  '/settings/me',
  '/settings/my-organisations',
  '/settings/organisation',
  '/settings/organisation-users',
  '/settings/recruitment',
  '/settings/experience-levels',
  '/settings/recruitment-status',
  '/settings/api-keys',
  '/settings/billing',
  '/dashboard',
  '/teams',
  '/clients',
  '/teams/:team',
  '/jobs',
  '/roles/:role',
  '/recruitment',
  '/recruitment/:recruitment',
  '/recruitment/:recruitment/candidates',
  '/recruitment/:recruitment/interviews',
  '/recruitment/:recruitment/offers',
  '/website',
  '/onboarding',
  '/onboarding/:onboarding',
] as const;

/** Where a signed-in user goes when there is nowhere (safe) to return to. */
export const DEFAULT_RETURN_PATH = '/dashboard';

/** Pages a sign-in never returns to: that is where it started. */
const NOT_RETURN_TARGETS: ReadonlySet<string> = new Set(['/login']);

/** Longest `return_to` considered; anything longer is not a page link this app makes. */
export const MAX_RETURN_PATH_LENGTH = 1000;

/** A `:param` segment: ids and tokens (letters, digits, `-`, `_`, `.`, `~`); never `%`, so no encoded `/` or `\`. */
const PARAM_SEGMENT = '[A-Za-z0-9_~-][A-Za-z0-9._~-]*';

const PAGE_PATTERNS: RegExp[] = APP_PAGE_PATHS.filter((path) => !NOT_RETURN_TARGETS.has(path)).map(
  (path) =>
    new RegExp(
      `^${path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? PARAM_SEGMENT : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
    ),
);

/** Printable ASCII only: no spaces, controls or anything a header cannot carry as is. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
/** Controls (C0, DEL, C1) and backslashes, which browsers strip or read as `/`. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;

/** Whether `pathname` is a page of the app that a sign-in may return to. */
export function isReturnTargetPath(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}

/**
 * A `return_to` value made safe: a path (with query and fragment) of a known page at `origin`,
 * in printable ASCII, or `fallback`. Checks the raw value and its percent-decoded form (browsers
 * drop tabs and newlines and read `\` as `/`, so `/\t/evil.example` would mean `//evil.example`),
 * then parses it against the app's own origin and requires the same origin back.
 */
export function safeReturnPath(value: unknown, origin: string, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return fallback;
  if (!PRINTABLE_ASCII.test(value) || CONTROL_OR_BACKSLASH.test(value)) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (CONTROL_OR_BACKSLASH.test(decoded) || decoded.startsWith('//')) return fallback;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || !isReturnTargetPath(url.pathname)) return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  if (!PRINTABLE_ASCII.test(result) || result.startsWith('//') || result.includes('\\')) return fallback;
  return result;
}
