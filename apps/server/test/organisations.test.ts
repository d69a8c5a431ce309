import type { QueryInput } from '@hireloop/contract/operations/operation';
import { userOperations as userOps } from '@hireloop/contract/operations/users';
import { authOperations as auth } from '@hireloop/contract/operations/auth';
import { organisationOperations as organisations } from '@hireloop/contract/operations/organisations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { expectOk, expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('POST /organisations', () => {
  it('creates the organisation with the caller as owner, makes it current and starts a 14-day trial', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const res = await expectStatus(client, organisations.create, 201, {
      params: {},
      body: { name: 'Acme Recruiting', timezone: 'Europe/Berlin', website: 'https://acme.example', size: '11-50' },
    });
    const org = res.organisation;
    expect(org).toMatchObject({ name: 'Acme Recruiting', slug: 'acme-recruiting', role: 'owner' });
    const days = (Date.parse(org.trail_ends_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const me = await expectOk(client, auth.get, { params: {} });
    expect(me.auth.user.current_organisation_id).toBe(org.id);
    expect(me.auth.organisations[0]).toMatchObject({ id: org.id, role: 'owner' });
    const billing = await client.get(`organisation/${org.id}/billing`);
    expect(billing.json.billing).toMatchObject({ plan: 'trial', trail_ends_at: org.trail_ends_at, products: [] });
  });

  it('suggests a free slug when the name is taken, and refuses a taken explicit slug with a field message', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const create = (body: { name: string; slug?: string }) => expectOk(client, organisations.create, { params: {}, body });
    expect((await create({ name: 'Twin Co' })).organisation.slug).toBe('twin-co');
    expect((await create({ name: 'Twin Co' })).organisation.slug).toBe('twin-co-2');
    const res = await expectStatus(client, organisations.create, 409, { params: {}, body: { name: 'Other', slug: 'twin-co' } });
    expect(res.errors).toEqual({ slug: ['This URL slug is already taken.'] });
  });

  it('answers 422 with field messages for invalid input, and creates nothing', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const res = await expectStatus(client, organisations.create, 422, {
      params: {},
      body: { name: 'A', slug: 'Bad Slug!', website: 'not a url' },
    });
    expect(res.message).toBe('The given data was invalid.');
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['name', 'slug', 'website']);
    expect(res.errors?.name).toEqual(['The name must be at least 2 characters.']);
    expect((await expectOk(client, auth.get, { params: {} })).auth.organisations).toEqual([]);
  });

  it('refuses a website that is not http(s), such as javascript:, and an unknown timezone', async () => {
    const client = await signIn(t, await createUser(t));
    const res = await expectStatus(client, organisations.create, 422, {
      params: {},
      body: { name: 'Scripted', website: 'javascript:alert(1)', timezone: 'Mars/Olympus' },
    });
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['timezone', 'website']);
  });

  it('answers 422 for wrong types', async () => {
    const client = await signIn(t, await createUser(t));
    const res = await client.post('organisations', { name: 42 });
    expect(res.status).toBe(422);
    expect(res.json.errors.name).toHaveLength(1);
  });

  it('answers 400 for malformed JSON and 413 for an oversized body', async () => {
    const client = await signIn(t, await createUser(t));
    const bad = await client.request('POST', 'organisations', {
      rawBody: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'The request body is not valid JSON.', code: 'bad_request' });
    const big = await client.post('organisations', { name: 'Big', notes: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    expect(big.json.code).toBe('payload_too_large');
  });

  it('takes an empty body sent as application/json as no body: a DELETE or an empty POST works, a body-less create gets 422', async () => {
    const owner = await createUser(t);
    const client = await signIn(t, owner);
    const org = await createOrganisation(t, owner);
    const json = { headers: { 'content-type': 'application/json' }, rawBody: '' };
    const created = await client.post(`organisation/${org.id}/api-keys`, { name: 'Script', scopes: ['candidates:read'] });
    expect(created.status, created.text).toBe(201);
    const revoked = await client.request('DELETE', `organisation/${org.id}/api-keys/${created.json.api_key.id}`, json);
    expect(revoked.status, revoked.text).toBe(204);
    const whitespace = await client.request('DELETE', 'notifications', { ...json, rawBody: '  \n' });
    expect(whitespace.status, whitespace.text).toBe(204);
    const nothing = await client.request('POST', `organisation/${org.id}/api-keys`, json);
    expect(nothing.status).toBe(422);
    expect(nothing.json.code).toBe('validation_failed');
  });

  it('requires a session (401)', async () => {
    const { Client } = await import('./harness.ts');
    const anonymous = await new Client(t.baseUrl).csrf();
    await expectStatus(anonymous, organisations.create, 401, { params: {}, body: { name: 'Nobody' } });
  });
});

describe('organisation-scoped start-up calls', () => {
  it('lists members paged, searchable by filter[name] on name and email', async () => {
    const owner = await createUser(t, { name: 'Olivia Owner' });
    const org = await createOrganisation(t, owner);
    const { addMember } = await import('./harness.ts');
    for (const [name, email] of [
      ['Bob Builder', 'bob@example.test'],
      ['Carla Recruiter', 'carla@agency.test'],
      ['Dmitri 100%_Literal', 'dmitri@example.test'],
    ] as const) {
      const u = await createUser(t, { name, email });
      await addMember(t, org.id, u.id, 'recruiter');
    }
    const client = await signIn(t, owner);
    const users = async (query: QueryInput<typeof userOps.list>) =>
      (await expectOk(client, userOps.list, { params: { organisationId: org.id }, query })).users;
    const names = async (query: QueryInput<typeof userOps.list>) => (await users(query)).data.map((u) => u.name);
    const all = await users({ per_page: 2 });
    expect(all.meta).toEqual({ page: 1, per_page: 2, total: 4, last_page: 2 });
    expect(all.data.map((u) => u.name)).toEqual(['Bob Builder', 'Carla Recruiter']);
    expect(Object.keys(all.data[0]!).sort()).toEqual(['avatar_url', 'email', 'id', 'joined_at', 'name', 'policies', 'role']);
    expect(await names({ per_page: 2, page: 2 })).toEqual(['Dmitri 100%_Literal', 'Olivia Owner']);
    expect(await names({ filter: { name: 'agency' } })).toEqual(['Carla Recruiter']);
    expect(await names({ filter: { name: '%_' } })).toEqual(['Dmitri 100%_Literal']);
    // Any case; inside the name or the e-mail, never across the two.
    expect(await names({ filter: { name: 'RECRUITER' } })).toEqual(['Carla Recruiter']);
    for (const across of ['recruiter carla', 'recruiter\ncarla', 'recruitercarla']) {
      expect(await names({ filter: { name: across } }), across).toEqual([]);
    }
    expect(await users({ page: 9 })).toEqual({ data: [], meta: { page: 9, per_page: 25, total: 4, last_page: 1 } });
  });

  it('gives the total of a search with its page, on every page and past the last, in every sort', async () => {
    const owner = await createUser(t, { name: 'Olivia Owner' });
    const org = await createOrganisation(t, owner);
    const { addMember } = await import('./harness.ts');
    for (const name of ['Ann Smith', 'Ben Smith', 'Cy Smith', 'Dee Jones'])
      await addMember(t, org.id, (await createUser(t, { name })).id, 'recruiter');
    const client = await signIn(t, owner);
    const list = async (query: QueryInput<typeof userOps.list>) =>
      (await expectOk(client, userOps.list, { params: { organisationId: org.id }, query })).users;
    const first = await list({ per_page: 2, filter: { name: 'smith' } });
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(first.data.map((u) => u.name)).toEqual(['Ann Smith', 'Ben Smith']);
    const second = await list({ per_page: 2, page: 2, filter: { name: 'smith' }, sort: '-name' });
    expect(second.meta.total).toBe(3);
    expect(second.data.map((u) => u.name)).toEqual(['Ann Smith']);
    expect(await list({ per_page: 2, page: 5, filter: { name: 'smith' } })).toEqual({
      data: [],
      meta: { page: 5, per_page: 2, total: 3, last_page: 2 },
    });
    expect(await list({ filter: { name: 'nobody' } })).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } });
    const joined = await list({ per_page: 1, sort: '-joined_at' });
    expect(joined.meta.total).toBe(5);
    expect(joined.data.map((u) => u.name)).toEqual(['Dee Jones']);
    expect((await list({ per_page: 1, sort: 'joined_at' })).data.map((u) => u.name)).toEqual(['Olivia Owner']);
    expect((await list({ per_page: 1, sort: 'toString' })).data.map((u) => u.name)).toEqual(['Ann Smith']);
  });

  it('rejects a per_page out of range with a field message', async () => {
    const owner = await createUser(t);
    const org = await createOrganisation(t, owner);
    const client = await signIn(t, owner);
    const res = await expectStatus(client, userOps.list, 422, { params: { organisationId: org.id }, query: { per_page: 1000 } });
    expect(res.errors?.per_page).toHaveLength(1);
  });

  it('lists and creates job roles, searchable by filter[name], only the organisation’s own', async () => {
    const owner = await createUser(t);
    const org = await createOrganisation(t, owner);
    const other = await createOrganisation(t, owner);
    const client = await signIn(t, owner);
    expect((await client.get(`organisation/${org.id}/role`)).json.roles).toEqual({
      data: [],
      meta: { page: 1, per_page: 25, total: 0, last_page: 1 },
    });
    const created = await client.post(`organisation/${org.id}/role`, { name: 'Data Engineer' });
    expect(created.status).toBe(201);
    expect(created.json.role).toMatchObject({ id: expect.any(String), name: 'Data Engineer' });
    await client.post(`organisation/${org.id}/role`, { name: 'Designer' });
    await client.post(`organisation/${other.id}/role`, { name: 'Data Scientist' });
    const found = await client.get(`organisation/${org.id}/role?filter[name]=data`);
    expect(found.json.roles.data.map((r: { name: string }) => r.name)).toEqual(['Data Engineer']);
    const invalid = await client.post(`organisation/${org.id}/role`, { name: ' ' });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors.name).toEqual(['The name must be at least 2 characters.']);
  });

  it('pages the signed-in user’s notifications and marks all read', async () => {
    const user = await createUser(t);
    const { insertNotification } = await import('../src/features/notifications/repository.ts');
    for (let i = 0; i < 3; i++) await insertNotification(t.database.db, { userId: user.id, type: 'welcome', data: { n: i } });
    const stranger = await createUser(t);
    await insertNotification(t.database.db, { userId: stranger.id, type: 'welcome', data: { secret: true } });
    const client = await signIn(t, user);
    const list = await client.get('notifications?per_page=2');
    expect(list.json.notifications.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(list.json.notifications.data[0]).toMatchObject({ type: 'welcome', read_at: null });
    expect((await client.get('notifications?filter[unread]=1')).json.notifications.meta.total).toBe(3);
    expect((await client.delete('notifications')).status).toBe(204);
    expect((await client.get('notifications?filter[unread]=1')).json.notifications.meta.total).toBe(0);
    const strangerClient = await signIn(t, stranger);
    expect((await strangerClient.get('notifications?filter[unread]=1')).json.notifications.meta.total).toBe(1);
  });
});
