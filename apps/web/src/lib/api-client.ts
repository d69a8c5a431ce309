import { XSRF_COOKIE, XSRF_HEADER } from '@hireloop/contract/constants';
import { ERROR_TEXTS, errorStatus } from '@hireloop/contract/errors';
import { apiPath } from './api-path.ts';

/** The one error type the web app sees for a failed call (docs/product.md §8 envelope, decoded). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;

  constructor(message: string, status: number, code: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

type Query = Record<string, unknown>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The current organisation is the session's (features/session/auth-store.ts, docs/architecture.md §9):
 * the client holds no copy of it, only a reader the session hands over when it loads, so the
 * organisation in the URLs and the one the screens show cannot disagree.
 */
let readCurrentOrganisation: () => string | null = () => null;

/** Called once by the auth store (and by tests of this folder): where operations (lib/operations.ts) read the current organisation. */
export function setOrganisationSource(read: () => string | null): void {
  readCurrentOrganisation = read;
}

/** The current organisation's id, read from the session; null without one. */
export function getCurrentOrganisation(): string | null {
  return readCurrentOrganisation();
}

/** docs/product.md §7: plain GET and DELETE paths get a trailing slash, placed before any inline query. */
function withTrailingSlash(path: string): string {
  const queryStart = path.indexOf('?');
  const bare = queryStart === -1 ? path : path.slice(0, queryStart);
  const rest = queryStart === -1 ? '' : path.slice(queryStart);
  return bare.endsWith('/') ? path : `${bare}/${rest}`;
}

/** A cookie's value (the XSRF token's, for requests made outside `request`); null when it is not set. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

// Reverse of errorStatus, so a body-less 404 still gets a meaningful code.
const codeByStatus = new Map<number, string>(Object.entries(errorStatus).map(([code, status]) => [status, code]));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, texts] of Object.entries(value)) {
    if (Array.isArray(texts)) result[field] = texts.filter((text): text is string => typeof text === 'string');
    else if (typeof texts === 'string') result[field] = [texts];
  }
  return result;
}

function toApiError(status: number, body: unknown): ApiError {
  const fallbackCode = codeByStatus.get(status) ?? 'http_error';
  if (!isRecord(body)) return new ApiError(ERROR_TEXTS.generic, status, fallbackCode);
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : ERROR_TEXTS.generic;
  const code = typeof body.code === 'string' && body.code !== '' ? body.code : fallbackCode;
  return new ApiError(message, status, code, fieldErrors(body.errors));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The ApiError for a refused response's status and text (the server's message, code and field errors when it sent them), for calls made outside `request`: uploads with progress, downloads. */
export function errorFromResponse(status: number, text: string): ApiError {
  const parsed = parseJson(text);
  return toApiError(status, parsed.ok ? parsed.value : undefined);
}

/** One call below /api/v1: every call of the app goes through here (api, lib/operations.ts). */
export async function request<T>(
  method: Method,
  path: string,
  options: { query?: Query; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const plain = method === 'GET' || method === 'DELETE';
  const target = plain ? withTrailingSlash(path) : path;
  // qs is loaded with the first call that has a query (api-url.ts); the start-up and sign-in calls have none.
  const url = options.query === undefined ? apiPath(target) : (await import('./api-url.ts')).buildUrl(target, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const hasBody = options.body !== undefined;
  // Only when a body is sent: a JSON content type with an empty body is a 400 on Fastify.
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(XSRF_COOKIE);
    if (token !== null) headers[XSRF_HEADER] = token;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      // A FormData body (uploads) gets its multipart content type, with boundary, from the browser.
      body: options.form ?? (hasBody ? JSON.stringify(options.body) : undefined),
    });
  } catch {
    // Offline, DNS, CORS, aborted: nothing the user can act on but "try again".
    throw new ApiError(ERROR_TEXTS.generic, 0, 'network_error');
  }

  let text: string;
  try {
    text = response.status === 204 ? '' : await response.text();
  } catch {
    throw new ApiError(ERROR_TEXTS.generic, response.status, 'network_error');
  }
  const parsed = text.trim() === '' ? { ok: true as const, value: undefined } : parseJson(text);

  if (!response.ok) throw toApiError(response.status, parsed.ok ? parsed.value : undefined);
  if (!parsed.ok) throw new ApiError(ERROR_TEXTS.generic, response.status, 'invalid_response');
  return parsed.value as T;
}

export const api = {
  get<T>(path: string, query?: Query): Promise<T> {
    return request<T>('GET', path, { query });
  },
  post<T>(path: string, body?: unknown): Promise<T> {
    return request<T>('POST', path, { body });
  },
  put<T>(path: string, body?: unknown): Promise<T> {
    return request<T>('PUT', path, { body });
  },
  patch<T>(path: string, body?: unknown): Promise<T> {
    return request<T>('PATCH', path, { body });
  },
  /** `body` for the rare delete that needs one (e.g. typing a name to confirm). */
  delete<T>(path: string, query?: Query, body?: unknown): Promise<T> {
    return request<T>('DELETE', path, { query, body });
  },
  /** POST multipart/form-data, e.g. one file under its field name. */
  upload<T>(path: string, form: FormData): Promise<T> {
    return request<T>('POST', path, { form });
  },
  /** Sets the XSRF-TOKEN cookie; call before the first unsafe request (docs/product.md §7). */
  async csrf(): Promise<void> {
    await request<unknown>('GET', 'auth/init/csrf-cookie');
  },
};

/** The current organisation's id; refuses (before any request) without one. */
export function requireCurrentOrganisation(): string {
  const organisationId = getCurrentOrganisation();
  if (organisationId === null) throw new Error(ERROR_TEXTS.noBusinessSet);
  return organisationId;
}
