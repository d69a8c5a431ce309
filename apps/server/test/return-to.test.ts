import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createOrganisation, createUser, signInThroughIssuer, startTestApp, type TestApp } from './harness.ts';

/**
 * Where the browser goes after signing in (`return_to` of /auth/google/redirect): only a known
 * page of this app at its own origin, else /dashboard, and never a 500 once the user has signed
 * in. Each case signs in through the real flow; the sign-in routes allow 20 calls a minute per
 * client, so the cases run in groups, each against its own app.
 */

const refused: Array<[trick: string, returnTo: string]> = [
  ['a tab that browsers drop (/<TAB>/evil → //evil)', '/\t/evil.example'],
  ['a CR', '/jobs\rSet-Cookie: x=1'],
  ['an LF', '/jobs\nSet-Cookie: x=1'],
  ['a CRLF header injection', '/jobs\r\nLocation: https://evil.example'],
  ['a backslash', '/\\evil.example'],
  ['a backslash after the slash', '/\\/evil.example'],
  ['a slash, backslash, slash', '/\\/'],
  ['an encoded double slash without a leading slash', '%2f%2fevil.example'],
  ['an encoded double slash after a slash', '/%2f%2fevil.example'],
  ['an encoded tab', '/%09/evil.example'],
  ['an encoded backslash', '/%5cevil.example'],
  ['an encoded CR LF', '/jobs%0d%0aSet-Cookie:%20x=1'],
  ['a scheme', 'https://evil.example'],
  ['a bare scheme', 'https:evil.example'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with a path', '//evil.example/dashboard'],
  ['an ideographic space (U+3000)', '/\u3000/evil.example'],
  ['a non-Latin-1 character in a known page', '/jobs?q=\u3000'],
  ['a non-Latin-1 character in the path', '/jobs/\u2603'],
  ['a very long value', `/jobs?q=${'a'.repeat(5000)}`],
  ['an unknown page', '/no/such/page'],
  ['the API', '/api/v1/auth'],
  ['the log-in page', '/login'],
  ['a dot-dot escape to the API', '/jobs/../api/v1/auth'],
  ['a relative path', 'jobs'],
  ['an empty value', ''],
];

const kept: Array<[returnTo: string, location: string]> = [
  ['/jobs', '/jobs'],
  ['/dashboard', '/dashboard'],
  ['/settings/api-keys', '/settings/api-keys'],
  ['/recruitment/abc-123/candidates?tab=x#y', '/recruitment/abc-123/candidates?tab=x#y'],
  ['/recruitment/42?from=mail&x=1', '/recruitment/42?from=mail&x=1'],
  ['/teams/7', '/teams/7'],
  ['/invitations/Abc_def-123', '/invitations/Abc_def-123'],
];

type Case = { name: string; returnTo: string; location: string };
const cases: Case[] = [
  ...refused.map(([trick, returnTo]) => ({ name: `refuses ${trick}`, returnTo, location: '/dashboard' })),
  ...kept.map(([returnTo, location]) => ({ name: `keeps ${returnTo}`, returnTo, location })),
];

const GROUP = 8;
for (let i = 0; i < cases.length; i += GROUP) {
  describe(`return_to after sign-in (group ${i / GROUP + 1})`, () => {
    let t: TestApp;
    let sub: string;
    beforeAll(async () => {
      t = await startTestApp();
      const user = await createUser(t);
      await createOrganisation(t, user);
      sub = user.oidcSub;
    });
    afterAll(async () => t?.close());

    for (const { name, returnTo, location } of cases.slice(i, i + GROUP)) {
      it(name, async () => {
        const answer = await signInThroughIssuer(new Client(t.baseUrl), { sub }, returnTo);
        expect(answer.location).toBe(location);
        // A header value any client can read back byte for byte.
        expect(answer.location).toMatch(/^\/[\x21-\x7e]*$/);
      });
    }
  });
}

describe('return_to with a NUL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('is refused by the text rule before any sign-in starts: 422 naming the field, no redirect', async () => {
    const res = await new Client(t.baseUrl).get(`/api/v1/auth/google/redirect?return_to=${encodeURIComponent('/jobs\u0000')}`);
    expect(res.status).toBe(422);
    expect(res.headers.get('location')).toBeNull();
    expect(Object.keys(res.json.errors)).toEqual(['return_to']);
  });
});
