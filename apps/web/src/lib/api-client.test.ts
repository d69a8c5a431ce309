// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { ApiError, api, errorFromResponse, getCurrentOrganisation, readCookie, setOrganisationSource } from './api-client';
import { buildUrl } from './api-url';

type Call = { url: string; init: RequestInit };

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body?: unknown): void {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  fetchMock.mockResolvedValueOnce(new Response(text, { status }));
}

function lastCall(): Call {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

function headersOf(call: Call): Record<string, string> {
  return call.init.headers as Record<string, string>;
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setOrganisationSource(() => null);
  clearCookies();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it.each([
    ['auth', undefined, '/api/v1/auth'],
    ['/auth', undefined, '/api/v1/auth'],
    ['role', {}, '/api/v1/role'],
    ['role', { page: 2, per_page: 25 }, '/api/v1/role?page=2&per_page=25'],
    ['role', { filter: { name: 'dev' } }, '/api/v1/role?filter[name]=dev'],
    ['role', { filter: { name: 'a b&c' }, sort: '-created_at' }, '/api/v1/role?filter[name]=a b&c&sort=-created_at'],
    ['role', { a: null, b: undefined, c: 'x' }, '/api/v1/role?c=x'],
    ['role', { filter: { name: null, team: 't1' } }, '/api/v1/role?filter[team]=t1'],
    ['role', { a: null }, '/api/v1/role'],
  ])('builds %s with %j', (path, query, expected) => {
    expect(decodeURIComponent(buildUrl(path, query))).toBe(expected);
  });

  it('encodes values so they cannot break the query string', () => {
    expect(buildUrl('role', { filter: { name: 'a&b=c' } })).toBe('/api/v1/role?filter%5Bname%5D=a%26b%3Dc');
  });
});

describe('api', () => {
  it('sends JSON accept, cookies and a trailing slash on GET, with the query after the slash', async () => {
    respond(200, { roles: { data: [] } });
    await expect(api.get('role', { filter: { name: 'x' } })).resolves.toEqual({ roles: { data: [] } });
    const call = lastCall();
    expect(decodeURIComponent(call.url)).toBe('/api/v1/role/?filter[name]=x');
    expect(call.init.method).toBe('GET');
    expect(call.init.credentials).toBe('include');
    expect(headersOf(call).Accept).toBe('application/json');
    expect(call.init.body).toBeUndefined();
  });

  it('does not double a trailing slash and keeps an inline query after it', async () => {
    respond(200, {});
    await api.get('auth/');
    expect(lastCall().url).toBe('/api/v1/auth/');
    respond(200, {});
    await api.get('role?x=1');
    expect(lastCall().url).toBe('/api/v1/role/?x=1');
  });

  it('appends a trailing slash on DELETE but not on POST, PUT or PATCH', async () => {
    respond(204);
    await api.delete('notifications');
    expect(lastCall().url).toBe('/api/v1/notifications/');
    expect(lastCall().init.method).toBe('DELETE');
    for (const method of ['post', 'put', 'patch'] as const) {
      respond(200, {});
      await api[method]('role', { name: 'x' });
      expect(lastCall().url).toBe('/api/v1/role');
      expect(lastCall().init.method).toBe(method.toUpperCase());
    }
  });

  it('sends a JSON body with a JSON content type', async () => {
    respond(201, { role: { id: 'r1' } });
    await expect(api.post('role', { name: 'Engineer' })).resolves.toEqual({ role: { id: 'r1' } });
    const call = lastCall();
    expect(call.init.body).toBe('{"name":"Engineer"}');
    expect(headersOf(call)['Content-Type']).toBe('application/json');
    expect(headersOf(call).Accept).toBe('application/json');
  });

  it('sends a JSON body on a DELETE that needs one', async () => {
    respond(204);
    await api.delete('organisation/o1', undefined, { confirm_name: 'Acme' });
    const call = lastCall();
    expect(call.url).toBe('/api/v1/organisation/o1/');
    expect(call.init.body).toBe('{"confirm_name":"Acme"}');
    expect(headersOf(call)['Content-Type']).toBe('application/json');
  });

  it('uploads FormData as it is, leaving the multipart content type to the browser, with the XSRF header', async () => {
    document.cookie = 'XSRF-TOKEN=tok';
    setOrganisationSource(() => 'org-1');
    const form = new FormData();
    form.append('logo', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    respond(200, { organisation: {} });
    await api.upload('organisation/org-1/logo', form);
    const call = lastCall();
    expect(call.url).toBe('/api/v1/organisation/org-1/logo');
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBe(form);
    expect(headersOf(call)['Content-Type']).toBeUndefined();
    expect(headersOf(call)['x-xsrf-token']).toBe('tok');
  });

  it('sends the decoded XSRF-TOKEN cookie on unsafe methods only', async () => {
    document.cookie = 'other=1';
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc/def=+')}`;
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      respond(204);
      await api[method]('role');
      expect(headersOf(lastCall())['x-xsrf-token']).toBe('abc/def=+');
    }
    respond(200, {});
    await api.get('role');
    expect(headersOf(lastCall())['x-xsrf-token']).toBeUndefined();
  });

  it('sends no XSRF header when there is no cookie', async () => {
    respond(204);
    await api.post('role');
    expect(headersOf(lastCall())['x-xsrf-token']).toBeUndefined();
  });

  it('resolves undefined on 204 and on an empty 200', async () => {
    respond(204);
    await expect(api.delete('auth')).resolves.toBeUndefined();
    respond(200, '');
    await expect(api.post('role')).resolves.toBeUndefined();
  });

  it('throws an ApiError carrying the server envelope', async () => {
    respond(422, { message: 'The given data was invalid.', code: 'validation_failed', errors: { name: ['Too short.'] } });
    const error = await api.post('role', { name: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'The given data was invalid.',
      status: 422,
      code: 'validation_failed',
      errors: { name: ['Too short.'] },
    });
  });

  it('uses the generic text when the error body has no message', async () => {
    respond(500, { code: 'internal' });
    await expect(api.get('role')).rejects.toMatchObject({ message: ERROR_TEXTS.generic, status: 500, code: 'internal' });
    respond(404);
    await expect(api.get('role')).rejects.toMatchObject({ message: ERROR_TEXTS.generic, status: 404, code: 'not_found' });
    respond(502, '<html>Bad gateway</html>');
    await expect(api.get('role')).rejects.toMatchObject({ message: ERROR_TEXTS.generic, status: 502, code: 'http_error' });
  });

  it('turns a network failure into a generic ApiError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await api.get('auth').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: ERROR_TEXTS.generic, status: 0, code: 'network_error' });
  });

  it('rejects a 2xx body that is not JSON', async () => {
    respond(200, 'not json');
    await expect(api.get('auth')).rejects.toMatchObject({ message: ERROR_TEXTS.generic, code: 'invalid_response' });
  });

  it('fetches the CSRF cookie from /auth/init/csrf-cookie', async () => {
    respond(204);
    await expect(api.csrf()).resolves.toBeUndefined();
    expect(lastCall().url).toBe('/api/v1/auth/init/csrf-cookie/');
    expect(lastCall().init.method).toBe('GET');
  });
});

describe('the current organisation', () => {
  it('holds no organisation of its own: it reads the current one from its source each time', () => {
    let current: string | null = 'org-1';
    setOrganisationSource(() => current);
    expect(getCurrentOrganisation()).toBe('org-1');
    current = null;
    expect(getCurrentOrganisation()).toBeNull();
  });
});

describe('errorFromResponse and readCookie (for uploads with progress and downloads)', () => {
  it('carries the server’s message, code and field errors', () => {
    const error = errorFromResponse(
      422,
      JSON.stringify({ code: 'validation_failed', message: 'Check the file.', errors: { file: ['Too big.'] } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Check the file.', errors: { file: ['Too big.'] } });
  });

  it('falls back to the generic text and the status’s code when the body is not the server’s JSON', () => {
    expect(errorFromResponse(404, '<html>gateway</html>')).toMatchObject({ status: 404, code: 'not_found', message: ERROR_TEXTS.generic });
    expect(errorFromResponse(502, '')).toMatchObject({ status: 502, message: ERROR_TEXTS.generic });
  });

  it('reads a cookie, decoded; null when it is not set', () => {
    document.cookie = 'XSRF-TOKEN=a%2Bb';
    expect(readCookie('XSRF-TOKEN')).toBe('a+b');
    expect(readCookie('no-such-cookie')).toBeNull();
  });
});
