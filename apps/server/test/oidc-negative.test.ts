import { randomBytes } from 'node:crypto';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import { startFakeIdp, type FakeIdp, type FakeIdpTamper } from './fake-idp.ts';
import { Client, startTestApp, type TestApp } from './harness.ts';

/**
 * Sign-in against a real (fake) OpenID provider over HTTP, through the same code path as
 * Google: every way the provider's answer can be wrong must end in the "Sign-in failed"
 * page and no session.
 */

let idp: FakeIdp;
let t: TestApp;

beforeAll(async () => {
  idp = await startFakeIdp();
  t = await startTestApp({ GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_CLIENT_SECRET: idp.clientSecret, OIDC_ISSUER: idp.issuer });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});
beforeEach(() => {
  idp.scenario = { tamper: null, identity: newIdentity() };
});

type Response = Awaited<ReturnType<Client['get']>>;

function newIdentity() {
  const id = randomBytes(6).toString('hex');
  return { sub: `fake-${id}`, email: `Person.${id}@Example.test`, name: `Person ${id}` };
}

/** Browser steps: app → provider → app. Returns every hop so tests can look at each. */
async function signInAtProvider(client: Client, returnTo = '/jobs') {
  const start = await client.get(`/api/v1/auth/google/redirect?return_to=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location')!);
  const signInCookie = client.cookie('hireloop_signin');
  const authorize = await client.get(authorizeUrl.href);
  expect(authorize.status).toBe(302);
  const callbackUrl = authorize.headers.get('location')!;
  const callback = await client.get(callbackUrl);
  return { authorizeUrl, signInCookie, callbackUrl, callback };
}

async function signInWith(tamper: FakeIdpTamper) {
  idp.scenario.tamper = tamper;
  const client = new Client(t.baseUrl);
  const { callback } = await signInAtProvider(client);
  return { client, callback };
}

/** The reason shown on the error page, as text. */
function reasonOf(page: Response): string {
  const html = /<p role="alert">([\s\S]*?)<\/p>/.exec(page.text)?.[1] ?? '';
  return html.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

async function expectRefused(client: Client, callback: Response, reason: RegExp) {
  expect(callback.status).toBe(400);
  expect(callback.headers.get('content-type')).toMatch(/^text\/html/);
  expect(callback.text).toContain('Sign-in failed');
  expect(reasonOf(callback)).toMatch(reason);
  expect(callback.headers.getSetCookie().filter((c) => c.startsWith('hireloop_session='))).toEqual([]);
  expect(client.cookie('hireloop_session')).toBeUndefined();
  expect((await client.get('auth')).status).toBe(401);
}

describe('sign-in with an OpenID provider (Google code path)', () => {
  it('sends the browser to the provider with PKCE (S256), state, nonce, the openid scopes and our callback', async () => {
    const client = new Client(t.baseUrl);
    const start = await client.get('/api/v1/auth/google/redirect?return_to=/jobs');
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location')!);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('test-client');
    expect(q.get('redirect_uri')).toBe(`${t.baseUrl}/api/v1/auth/google/callback`);
    expect(q.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(start.headers.getSetCookie().join('\n')).toMatch(/hireloop_signin=[^;]+;.*HttpOnly/i);
  });

  it('signs a new identity in, sends it to /get-started and takes the verified email', async () => {
    const client = new Client(t.baseUrl);
    const { callback } = await signInAtProvider(client, '/jobs');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/get-started');
    expect(client.cookie('hireloop_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await client.get('auth');
    expect(me.status).toBe(200);
    expect(me.json.auth.user).toMatchObject({
      name: idp.scenario.identity.name,
      email: idp.scenario.identity.email.toLowerCase(),
      current_organisation_id: null,
    });
    expect(me.json.auth.organisations).toEqual([]);
  });

  it('does not take an email the provider has not verified', async () => {
    const { client, callback } = await signInWith('unverified-email');
    expect(callback.status).toBe(302);
    const me = await client.get('auth');
    expect(me.status).toBe(200);
    expect(me.json.auth.user).toMatchObject({ name: idp.scenario.identity.name, email: null });
    const [stored] = await t.database.db.select().from(users).where(eq(users.oidcSub, idp.scenario.identity.sub));
    expect(stored).toMatchObject({ oidcIssuer: idp.issuer, email: null });
  });
});

describe('refused callbacks: 400 "Sign-in failed", no session', () => {
  it('refuses a callback whose state does not match the one sent', async () => {
    const { client, callback } = await signInWith('wrong-state');
    await expectRefused(client, callback, /could not be verified: unexpected "state" response parameter value/);
  });

  it('refuses a callback whose ID token nonce does not match', async () => {
    const { client, callback } = await signInWith('wrong-nonce');
    await expectRefused(client, callback, /could not be verified: unexpected ID Token "nonce" claim value/);
  });

  it('refuses an ID token from another issuer', async () => {
    const { client, callback } = await signInWith('wrong-issuer');
    await expectRefused(client, callback, /could not be verified: unexpected JWT "iss" \(issuer\) claim value/);
  });

  it('refuses an ID token issued to another client (audience)', async () => {
    const { client, callback } = await signInWith('wrong-audience');
    await expectRefused(client, callback, /could not be verified: unexpected JWT "aud" \(audience\) claim value/);
  });

  it('refuses an expired ID token', async () => {
    const { client, callback } = await signInWith('expired');
    await expectRefused(client, callback, /could not be verified: unexpected JWT "exp" \(expiration time\) claim value/);
  });

  it('refuses an ID token not signed by the provider’s key', async () => {
    const { client, callback } = await signInWith('bad-signature');
    await expectRefused(client, callback, /could not be verified: JWT signature verification failed/);
  });

  it('refuses an ID token without a subject', async () => {
    const { client, callback } = await signInWith('missing-sub');
    await expectRefused(client, callback, /could not be verified: JWT "sub" \(subject\) claim missing/);
  });

  it('shows the provider’s refusal (access_denied)', async () => {
    const { client, callback } = await signInWith('access-denied');
    await expectRefused(client, callback, /The identity provider refused the sign-in: access_denied\./);
  });

  it('refuses a callback when the sign-in was not started in this browser', async () => {
    const starter = new Client(t.baseUrl);
    const start = await starter.get('/api/v1/auth/google/redirect');
    const authorize = await starter.get(start.headers.get('location')!);
    const stranger = new Client(t.baseUrl);
    const callback = await stranger.get(authorize.headers.get('location')!);
    await expectRefused(stranger, callback, /This sign-in was not started here or has expired\./);
  });

  it('refuses a replayed callback after a successful sign-in, even with the original sign-in cookie', async () => {
    const browser = new Client(t.baseUrl);
    const { callbackUrl, callback, signInCookie } = await signInAtProvider(browser);
    expect(callback.status).toBe(302);
    expect(browser.cookie('hireloop_signin')).toBeUndefined();

    const again = await browser.get(callbackUrl);
    expect(again.status).toBe(400);
    expect(reasonOf(again)).toMatch(/not started here or has expired/);
    expect(again.headers.getSetCookie().filter((c) => c.startsWith('hireloop_session='))).toEqual([]);

    const attacker = new Client(t.baseUrl);
    attacker.setCookie('hireloop_signin', signInCookie!);
    await expectRefused(attacker, await attacker.get(callbackUrl), /not started here or has expired/);
  });
});

describe('rate limiting of sign-in', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_CLIENT_SECRET: idp.clientSecret, OIDC_ISSUER: idp.issuer });
  });
  afterAll(async () => limited?.close());

  it('answers 429 with the error envelope on the 21st sign-in start within a minute from one address', async () => {
    const client = new Client(limited.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await client.get('/api/v1/auth/google/redirect')).status);
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 302));
    const refused = await client.get('/api/v1/auth/google/redirect');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: ERROR_TEXTS.rateLimited, code: 'rate_limited' });
  });
});
