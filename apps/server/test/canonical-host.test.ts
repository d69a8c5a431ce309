import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * The app opened at another address of the same server (http://localhost:3000 when APP_URL says
 * http://127.0.0.1:3000, or the other way round): pages and the sign-in start move the browser to
 * APP_URL first, so the sign-in cookie and the callback land on the same host. The tests app's
 * APP_URL is http://127.0.0.1:{port}; requests go to 127.0.0.1 with another Host header.
 */

type Answer = { status: number; location: string | undefined; setCookie: string[]; body: string };

/** One raw request with exactly these headers (fetch will not send a Host of our choosing). */
function raw(t: TestApp, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          setCookie: res.headers['set-cookie'] ?? [],
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const browser = { accept: 'text/html,application/xhtml+xml' };

describe('another host of the same server', () => {
  let t: TestApp;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp();
    foreign = `localhost:${new URL(t.baseUrl).port}`;
  });
  afterAll(() => t?.close());

  it('sends a page to the same path and query on APP_URL', async () => {
    const res = await raw(t, 'GET', '/dashboard?tab=mine', { ...browser, host: foreign });
    expect([302, 307, 308]).toContain(res.status);
    expect(res.location).toBe(`${t.baseUrl}/dashboard?tab=mine`);
    const head = await raw(t, 'HEAD', '/recruitment', { ...browser, host: foreign });
    expect(head.location).toBe(`${t.baseUrl}/recruitment`);
  });

  it('sends the sign-in start to APP_URL before it sets any sign-in cookie', async () => {
    const res = await raw(t, 'GET', '/api/v1/auth/google/redirect?return_to=/jobs', { ...browser, host: foreign });
    expect([302, 307, 308]).toContain(res.status);
    expect(res.location).toBe(`${t.baseUrl}/api/v1/auth/google/redirect?return_to=/jobs`);
    expect(res.setCookie.some((c) => c.startsWith('hireloop_signin='))).toBe(false);
  });

  it('starts sign-in as before on APP_URL’s own host', async () => {
    const res = await raw(t, 'GET', '/api/v1/auth/google/redirect?return_to=/jobs', { ...browser, host: new URL(t.baseUrl).host });
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/\/oidc\//);
    expect(res.setCookie.some((c) => c.startsWith('hireloop_signin='))).toBe(true);
  });

  it('leaves the JSON API alone: API clients call it at any address', async () => {
    const health = await raw(t, 'GET', '/api/v1/health', { accept: 'application/json', host: foreign });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    const auth = await raw(t, 'GET', '/api/v1/auth', { accept: 'application/json', host: foreign });
    expect(auth.status).toBe(401);
    const unknown = await raw(t, 'GET', '/api/v1/no-such-route', { ...browser, host: foreign });
    expect(unknown.status).toBe(404);
  });

  it('never builds the target from the Host header', async () => {
    for (const host of ['evil.example', 'evil.example:443', `${new URL(t.baseUrl).hostname}.evil.example`]) {
      const res = await raw(t, 'GET', '/login', { ...browser, host });
      expect(res.location).toBe(`${t.baseUrl}/login`);
    }
    // A path that looks like another host stays a path on APP_URL's origin.
    const res = await raw(t, 'GET', '//evil.example/x', { ...browser, host: 'evil.example' });
    if (res.location !== undefined) expect(new URL(res.location).origin).toBe(new URL(t.baseUrl).origin);
  });

  it('without TRUST_PROXY, X-Forwarded-Host does not decide where to go', async () => {
    const res = await raw(t, 'GET', '/dashboard', { ...browser, host: foreign, 'x-forwarded-host': 'evil.example' });
    expect(res.location).toBe(`${t.baseUrl}/dashboard`);
  });

  it('stops after one round: a proxy that hides the browser’s host gets the page, not a redirect loop', async () => {
    const first = await raw(t, 'GET', '/dashboard', { ...browser, host: foreign });
    expect(first.location).toBe(`${t.baseUrl}/dashboard`);
    const marker = first.setCookie.map((c) => c.split(';')[0]!).join('; ');
    expect(marker).not.toBe('');
    // The browser follows to APP_URL, yet the server still sees the other host (Host rewritten on the way).
    const again = await raw(t, 'GET', '/dashboard', { ...browser, host: foreign, cookie: marker });
    expect(again.location).toBeUndefined();
    expect(again.status).toBe(404); // no web app built in the tests: the usual 404 for a page
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t?.close());

  it('goes by X-Forwarded-Host: the public host is served, another one is sent to APP_URL', async () => {
    const same = await raw(t, 'GET', '/dashboard', { ...browser, host: 'app-internal:3000', 'x-forwarded-host': new URL(t.baseUrl).host });
    expect(same.location).toBeUndefined();
    const other = await raw(t, 'GET', '/dashboard', { ...browser, host: new URL(t.baseUrl).host, 'x-forwarded-host': 'evil.example' });
    expect(other.location).toBe(`${t.baseUrl}/dashboard`);
  });
});
