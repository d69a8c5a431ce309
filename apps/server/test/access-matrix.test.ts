import { MEMBER_ROLES } from '@hireloop/contract/constants';
import { can } from '@hireloop/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_PREFIX } from '../src/http/organisation-scope.ts';
import {
  Client,
  addMember,
  createOrganisation,
  createUser,
  signIn,
  startTestApp,
  type Client as ClientType,
  type TestApp,
} from './harness.ts';

/**
 * The cross-organisation access matrix. Every organisation-scoped route must have a row here:
 * the first test fails when a route is registered without one. For each row, a member of
 * another organisation gets 404 (never the data), and a signed-out caller gets 401.
 */
type Case = { body?: unknown; query?: string };
const CASES: Record<string, Case> = {
  'GET /users': { query: '?filter[name]=a' },
  'GET /billing': {},
  'GET /role': { query: '?filter[name]=a' },
  'POST /role': { body: { name: 'Staff Engineer' } },
};

const PREFIX = `/api/v1${ORGANISATION_PREFIX}`;

let t: TestApp;
let orgA: { id: string };
let outsider: ClientType;
let memberOfA: ClientType;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t);
  orgA = await createOrganisation(t, owner);
  const other = await createUser(t);
  await createOrganisation(t, other);
  outsider = await signIn(t, other);
  memberOfA = await signIn(t, owner);
});
afterAll(async () => t.close());

const scopedRoutes = () =>
  t.app.apiRoutes
    .filter((r) => r.url.startsWith(PREFIX))
    .map((r) => `${r.method} ${r.url.slice(PREFIX.length)}`)
    .filter((key, i, all) => all.indexOf(key) === i);

const call = (client: ClientType, key: string, orgId: string) => {
  const [method, path] = key.split(' ') as [string, string];
  const c = CASES[key] ?? {};
  return client.request(method, `/api/v1/organisation/${orgId}${path}${c.query ?? ''}`, c.body === undefined ? {} : { body: c.body });
};

describe('cross-organisation access matrix', () => {
  it('has a case for every organisation-scoped route', () => {
    const routes = scopedRoutes();
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((r) => !(r in CASES))).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s: a member of another organisation gets 404 and no data', async (key) => {
    const res = await call(outsider, key, orgA.id);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it.each(Object.keys(CASES))('%s: a signed-out caller gets 401', async (key) => {
    const anonymous = await new Client(t.baseUrl).csrf();
    expect((await call(anonymous, key, orgA.id)).status).toBe(401);
  });

  it.each(Object.keys(CASES))('%s: an unknown or malformed organisation id gets 404', async (key) => {
    expect((await call(memberOfA, key, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(memberOfA, key, 'not-a-uuid')).status).toBe(404);
  });

  it.each(Object.keys(CASES))('%s: a member of the organisation is let through', async (key) => {
    expect((await call(memberOfA, key, orgA.id)).status).toBeLessThan(300);
  });
});

describe('permission matrix (contract/permissions.ts): each role × each organisation-scoped route', () => {
  it('documents every route in docs/permissions.md, generated from the source of truth', async () => {
    const { readFile } = await import('node:fs/promises');
    const { renderPermissionsDoc } = await import('../src/features/permissions-doc.ts');
    const committed = await readFile(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(committed, 'run `npm run docs:permissions`').toBe(renderPermissionsDoc(t.app.apiRoutes));
  });

  it.each(MEMBER_ROLES.flatMap((role) => Object.keys(CASES).map((key) => [role, key] as const)))(
    '%s → %s: allowed exactly when the role has the permission, else 403',
    async (role, key) => {
      const user = await createUser(t);
      await addMember(t, orgA.id, user.id, role);
      const client = await signIn(t, user);
      const route = t.app.apiRoutes.find((r) => `${r.method} ${r.url.slice(PREFIX.length)}` === key);
      const res = await call(client, key, orgA.id);
      if (can(role, route!.permission!)) expect(res.status, res.text).toBeLessThan(400);
      else expect(res.status).toBe(403);
    },
  );
});

describe('role gates', () => {
  it('lets an interviewer read roles but not create one (403)', async () => {
    const interviewer = await createUser(t);
    await addMember(t, orgA.id, interviewer.id, 'interviewer');
    const client = await signIn(t, interviewer);
    expect((await client.get(`/api/v1/organisation/${orgA.id}/role`)).status).toBe(200);
    const res = await client.post(`/api/v1/organisation/${orgA.id}/role`, { name: 'Nope' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
  });
});
