import { userChannel } from '@hireloop/contract/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * A request authenticates with an API key (Authorization: Bearer) or with the session cookie,
 * never both. An Authorization header means "not the browser session": the cookie is not read,
 * so a junk header can't switch off the anti-forgery check and still act as the signed-in user.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const JUNK = { authorization: 'Bearer x' };

/** A signed-in browser with two organisations (current: the first), and a way to read its state back. */
async function browser() {
  const user = await createUser(t, { name: 'Sam Session' });
  const first = await createOrganisation(t, user, { name: 'First' });
  const second = await createOrganisation(t);
  await addMember(t, second.id, user.id, 'recruiter');
  const client = await signIn(t, user);
  await client.put('auth/current-organisation', { organisation_id: first.id });
  const state = async () => {
    const auth = await client.get('auth');
    expect(auth.status).toBe(200);
    return {
      name: auth.json.auth.user.name as string,
      current: auth.json.auth.user.current_organisation_id as string,
      organisations: (auth.json.auth.organisations as Array<{ id: string }>).map((o) => o.id).sort(),
    };
  };
  return { user, first, second, client, state };
}

type Browser = Awaited<ReturnType<typeof browser>>;
type Init = { headers?: Record<string, string>; xsrf?: boolean };

/** The session-only routes outside the organisation scope that change something. */
const ACTIONS: Array<{ name: string; call: (b: Browser, init: Init) => ReturnType<Client['request']> }> = [
  { name: 'PATCH /me', call: (b, init) => b.client.patch('me', { name: 'Forged Name' }, init) },
  {
    name: 'PUT /auth/current-organisation',
    call: (b, init) => b.client.put('auth/current-organisation', { organisation_id: b.second.id }, init),
  },
  { name: 'POST /organisations', call: (b, init) => b.client.post('organisations', { name: 'Forged Org' }, init) },
  {
    name: 'POST /broadcasting/auth',
    call: (b, init) => b.client.post('broadcasting/auth', { socket_id: '1.2', channel_name: userChannel(b.user.id) }, init),
  },
  { name: 'DELETE /auth', call: (b, init) => b.client.delete('auth', init) },
];

describe('a session cookie together with an Authorization header', () => {
  for (const action of ACTIONS) {
    it(`${action.name}: a junk Bearer header and no XSRF token do nothing (401), the session and its state stay`, async () => {
      const b = await browser();
      const before = await b.state();
      const res = await action.call(b, { headers: JUNK, xsrf: false });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'You are not signed in.', code: 'unauthenticated' });
      expect(res.json.auth).toBeUndefined();
      expect(res.headers.getSetCookie().filter((c) => c.startsWith('hireloop_session='))).toEqual([]);
      expect(await b.state()).toEqual(before);
    });

    it(`${action.name}: the cookie alone without an XSRF token is refused (419), the state stays`, async () => {
      const b = await browser();
      const before = await b.state();
      const res = await action.call(b, { xsrf: false });
      expect(res.status).toBe(419);
      expect(await b.state()).toEqual(before);
    });
  }

  it('a valid API key of the organisation is not the signed-in user on session routes (401)', async () => {
    const b = await browser();
    const key = await b.client.post(`organisation/${b.first.id}/api-keys`, { name: 'Integration', scopes: ['candidates:write'] });
    expect(key.status).toBe(201);
    const before = await b.state();
    const res = await b.client.patch('me', { name: 'Forged Name' }, { headers: { authorization: `Bearer ${key.json.token}` } });
    expect(res.status).toBe(401);
    expect(await b.state()).toEqual(before);
  });

  it('on an organisation route, the API key alone decides: its scope, not the owner session beside it', async () => {
    const b = await browser();
    const base = `organisation/${b.first.id}`;
    const read = await b.client.post(`${base}/api-keys`, { name: 'Reader', scopes: ['organisation:read'] });
    const headers = { authorization: `Bearer ${read.json.token}` };
    const refused = await b.client.post(`${base}/role`, { name: 'Forged Role' }, { headers, xsrf: false });
    expect(refused.status).toBe(403);
    expect((await b.client.get(`${base}/role`)).json.roles.data).toEqual([]);
  });

  it('a junk Bearer header on an organisation route is refused (401) even with the owner session cookie', async () => {
    const b = await browser();
    const base = `organisation/${b.first.id}`;
    const res = await b.client.post(`${base}/role`, { name: 'Forged Role' }, { headers: JUNK, xsrf: false });
    expect(res.status).toBe(401);
    expect((await b.client.get(`${base}/role`)).json.roles.data).toEqual([]);
  });
});

describe('an API key alone', () => {
  it('writes to an organisation route without any XSRF token', async () => {
    const b = await browser();
    const base = `organisation/${b.first.id}`;
    const write = await b.client.post(`${base}/api-keys`, { name: 'Writer', scopes: ['organisation:write'] });
    const integration = new Client(t.baseUrl);
    const created = await integration.post(
      `${base}/role`,
      { name: 'Data Engineer' },
      { headers: { authorization: `Bearer ${write.json.token}` } },
    );
    expect(created.status).toBe(201);
    expect((await b.client.get(`${base}/role`)).json.roles.data.map((r: { name: string }) => r.name)).toEqual(['Data Engineer']);
  });
});
