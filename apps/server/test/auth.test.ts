import { authOperations as auth } from '@hireloop/contract/operations/auth';
import { organisationOperations as organisations } from '@hireloop/contract/operations/organisations';
import { permissionsOf } from '@hireloop/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, addMember, createOrganisation, createUser, signIn, signInThroughIssuer, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('sign-in through the local identity provider', () => {
  it('signs an existing member in and returns to the asked page, in their organisation', async () => {
    const user = await createUser(t, { name: 'Ada Member', email: 'ada@example.test' });
    const org = await createOrganisation(t, user, { name: 'Ada Co' });
    const client = new Client(t.baseUrl);
    const { location } = await signInThroughIssuer(client, { sub: (await subOf(user.id))! }, '/jobs');
    expect(location).toBe('/jobs');
    const me = await expectStatus(client, auth.get, 200, { params: {} });
    expect(me.auth.user).toMatchObject({
      id: user.id,
      name: 'Ada Member',
      email: 'ada@example.test',
      current_organisation_id: org.id,
    });
    expect(me.auth.organisations).toEqual([
      { id: org.id, name: 'Ada Co', slug: org.slug, role: 'owner', trail_ends_at: expect.any(String), permissions: permissionsOf('owner') },
    ]);
  });

  it('sends a brand-new identity to /get-started and creates the user from the verified email', async () => {
    const client = new Client(t.baseUrl);
    const { location } = await signInThroughIssuer(client, { name: 'New Person', email: 'New.Person@Example.test' });
    expect(location).toBe('/get-started');
    const me = await expectOk(client, auth.get, { params: {} });
    expect(me.auth.user).toMatchObject({ name: 'New Person', email: 'new.person@example.test', current_organisation_id: null });
    expect(me.auth.organisations).toEqual([]);
  });

  it('never redirects off-site after sign-in', async () => {
    const client = new Client(t.baseUrl);
    const { location } = await signInThroughIssuer(client, { name: 'Eve Redirect', email: 'eve@example.test' }, '//evil.example/x');
    expect(location).toBe('/get-started');
    const user = await createUser(t);
    await createOrganisation(t, user);
    const member = new Client(t.baseUrl);
    expect((await signInThroughIssuer(member, { sub: (await subOf(user.id))! }, 'https://evil.example')).location).toBe('/dashboard');
  });

  it('rotates the session at sign-in: the cookie from before no longer works', async () => {
    const user = await createUser(t);
    await createOrganisation(t, user);
    const client = await signIn(t, user);
    const before = client.cookie('hireloop_session');
    await expectStatus(client, auth.get, 200, { params: {} });
    await signInThroughIssuer(client, { sub: (await subOf(user.id))! });
    expect(client.cookie('hireloop_session')).not.toBe(before);
    const stale = new Client(t.baseUrl);
    stale.setCookie('hireloop_session', before!);
    await expectStatus(stale, auth.get, 401, { params: {} });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const client = new Client(t.baseUrl);
    const start = await callOperation(client, auth.googleRedirect, { params: {} });
    expect(start.status).toBe(302);
    expect(start.headers.getSetCookie().join('\n')).toMatch(/hireloop_signin=[^;]+;.*HttpOnly/i);
    const user = await createUser(t);
    await createOrganisation(t, user);
    const res = await signInRaw(user.id);
    expect(res).toMatch(/hireloop_session=[A-Za-z0-9_-]{43}; .*HttpOnly; SameSite=Lax/i);
  });
});

describe('GET /auth and sessions', () => {
  it('answers 401 without a session, and for a tampered or unknown cookie', async () => {
    const anonymous = new Client(t.baseUrl);
    await expectStatus(anonymous, auth.get, 401, { params: {} });
    for (const value of ['garbage', 'x'.repeat(500), '%00%ff', 'a'.repeat(43)]) {
      const c = new Client(t.baseUrl);
      c.setCookie('hireloop_session', value);
      const res = await expectStatus(c, auth.get, 401, { params: {} });
      expect(res).toEqual({ message: 'You are not signed in.', code: 'unauthenticated' });
    }
  });

  it('answers 401 for an expired session', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const { sessions } = await import('../src/db/schema/users.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await expectStatus(client, auth.get, 401, { params: {} });
  });

  it('answers 401 for a session idle longer than the idle expiry', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const { sessions } = await import('../src/db/schema/users.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.userId, user.id));
    await expectStatus(client, auth.get, 401, { params: {} });
  });

  it('logs out on the server: the same cookie is refused afterwards', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const token = client.cookie('hireloop_session')!;
    await expectStatus(client, auth.signOut, 204, { params: {} });
    const replay = new Client(t.baseUrl);
    replay.setCookie('hireloop_session', token);
    await expectStatus(replay, auth.get, 401, { params: {} });
  });

  it('lists the current organisation first and persists a switch', async () => {
    const user = await createUser(t);
    const a = await createOrganisation(t, user, { name: 'Alpha' });
    const b = await createOrganisation(t);
    await addMember(t, b.id, user.id, 'recruiter');
    const client = await signIn(t, user);
    const switched = await expectStatus(client, auth.switchOrganisation, 200, { params: {}, body: { organisation_id: b.id } });
    expect(switched.auth.organisations.map((o) => o.id)).toEqual([b.id, a.id]);
    const again = await expectOk(client, auth.get, { params: {} });
    expect(again.auth.user.current_organisation_id).toBe(b.id);
    expect(again.auth.organisations[0]).toMatchObject({ id: b.id, role: 'recruiter' });
  });

  it('refuses to switch to an organisation the user is not in (404)', async () => {
    const user = await createUser(t);
    await createOrganisation(t, user);
    const stranger = await createOrganisation(t);
    const client = await signIn(t, user);
    await expectStatus(client, auth.switchOrganisation, 404, { params: {}, body: { organisation_id: stranger.id } });
  });
});

describe('anti-forgery', () => {
  it('refuses unsafe calls without, or with a wrong, X-XSRF-TOKEN (419)', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const missing = await callOperation(client, organisations.create, { params: {}, body: { name: 'Forged' }, xsrf: false });
    expect(missing.status).toBe(419);
    expect(missing.json).toMatchObject({ message: expect.stringMatching(/CSRF token mismatch/) });
    const wrong = await callOperation(client, organisations.create, {
      params: {},
      body: { name: 'Forged' },
      xsrf: false,
      headers: { 'x-xsrf-token': 'nope' },
    });
    expect(wrong.status).toBe(419);
    await expectStatus(client, organisations.create, 201, { params: {}, body: { name: 'Not forged' } });
  });

  it('issues a readable XSRF-TOKEN cookie from /auth/init/csrf-cookie', async () => {
    const client = new Client(t.baseUrl);
    const res = await callOperation(client, auth.csrfCookie, { params: {} });
    expect(res.status).toBe(204);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('keeps the browser’s token when the cookie is asked for again, so a write in flight from another tab still passes', async () => {
    const client = await signIn(t, await createUser(t));
    const tokenOf = (res: { headers: Headers }) =>
      /^XSRF-TOKEN=([^;]*)/.exec(res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')) ?? '')?.[1];
    const csrfCookie = (c: Client) => callOperation(c, auth.csrfCookie, { params: {} });
    const first = tokenOf(await csrfCookie(client));
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(await csrfCookie(client))).toBe(first);
    await expectStatus(client, organisations.create, 201, { params: {}, body: { name: 'Written after the second ask' } });
    // A token we did not make (forged or truncated) is replaced rather than kept.
    const other = new Client(t.baseUrl);
    other.setCookie('XSRF-TOKEN', 'short');
    const replaced = tokenOf(await csrfCookie(other));
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('who is asking: the session and the role read with each request', () => {
  const sessionsOf = async (userId: string) => {
    const { sessions } = await import('../src/db/schema/users.ts');
    const { eq } = await import('drizzle-orm');
    return { sessions, where: eq(sessions.userId, userId) };
  };

  it('applies a role change to the very next request of the same session', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t);
    const org = await createOrganisation(t, owner);
    await addMember(t, org.id, admin.id, 'admin');
    const asOwner = await signIn(t, owner);
    const asAdmin = await signIn(t, admin);
    expect((await asAdmin.get(`organisation/${org.id}/api-keys`)).status).toBe(200);
    expect((await asOwner.patch(`organisation/${org.id}/users/${admin.id}`, { role: 'recruiter' })).status).toBe(200);
    const refused = await asAdmin.get(`organisation/${org.id}/api-keys`);
    expect(refused.status).toBe(403);
    expect((await expectOk(asAdmin, auth.get, { params: {} })).auth.organisations[0]).toMatchObject({ id: org.id, role: 'recruiter' });
    expect((await asOwner.patch(`organisation/${org.id}/users/${admin.id}`, { role: 'admin' })).status).toBe(200);
    expect((await asAdmin.get(`organisation/${org.id}/api-keys`)).status).toBe(200);
  });

  it('refuses an expired or idle session on an organisation route too (401), and a malformed organisation id is 404', async () => {
    const user = await createUser(t);
    const org = await createOrganisation(t, user);
    const client = await signIn(t, user);
    expect((await client.get(`organisation/${org.id}/users`)).status).toBe(200);
    expect((await client.get('organisation/not-a-uuid/users')).status).toBe(404);
    const { sessions, where } = await sessionsOf(user.id);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(where);
    const idle = await client.get(`organisation/${org.id}/users`);
    expect(idle.status).toBe(401);
    expect(idle.json).toEqual({ message: 'You are not signed in.', code: 'unauthenticated' });
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(where);
    expect((await client.get(`organisation/${org.id}/users`)).status).toBe(401);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const user = await createUser(t);
    const org = await createOrganisation(t, user);
    const client = await signIn(t, user);
    const { sessions, where } = await sessionsOf(user.id);
    const lastSeen = async () => (await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(where))[0]!.at.getTime();
    const recent = new Date(Date.now() - 30_000);
    await t.database.db.update(sessions).set({ lastSeenAt: recent }).where(where);
    expect((await client.get(`organisation/${org.id}/users`)).status).toBe(200);
    await expectStatus(client, auth.get, 200, { params: {} });
    expect(await lastSeen()).toBe(recent.getTime());
    const stale = new Date(Date.now() - 5 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: stale }).where(where);
    expect((await client.get(`organisation/${org.id}/users`)).status).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(recent.getTime());
    await t.database.db.update(sessions).set({ lastSeenAt: stale }).where(where);
    await expectStatus(client, auth.get, 200, { params: {} });
    expect(await lastSeen()).toBeGreaterThan(recent.getTime());
  });

  it('answers GET /auth for a user in no organisation: the user and an empty list', async () => {
    const user = await createUser(t, { name: 'Nora Nowhere' });
    const res = await expectStatus(await signIn(t, user), auth.get, 200, { params: {} });
    expect(res.auth).toEqual({
      user: { id: user.id, name: 'Nora Nowhere', email: user.email, avatar_url: null, current_organisation_id: null },
      organisations: [],
    });
  });
});

async function subOf(userId: string) {
  const { users } = await import('../src/db/schema/users.ts');
  const { eq } = await import('drizzle-orm');
  const [u] = await t.database.db.select({ sub: users.oidcSub }).from(users).where(eq(users.id, userId));
  return u?.sub;
}

/** Signs in through the issuer and returns the callback's Set-Cookie header. */
async function signInRaw(userId: string) {
  const client = new Client(t.baseUrl);
  const original = client.request.bind(client);
  let setCookie = '';
  client.request = async (...args) => {
    const res = await original(...args);
    if (String(args[1]).includes('/auth/google/callback')) setCookie = res.headers.getSetCookie().join('\n');
    return res;
  };
  await signInThroughIssuer(client, { sub: (await subOf(userId))! });
  return setCookie;
}
