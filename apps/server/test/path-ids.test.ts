import { randomUUID } from 'node:crypto';
import { PATH_IDS } from '@hireloop/contract/operations/path-ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';

/**
 * One rule for ids in paths (packages/contract/src/operations/path-ids.ts): a malformed id names
 * nothing, so every route with such a param answers 404 with that resource's text, before its
 * handler runs, for the organisation's owner (who may do everything).
 */
let t: TestApp;
let owner: Client;
let organisationId: string;

beforeAll(async () => {
  t = await startTestApp();
  const user = await createUser(t);
  organisationId = (await createOrganisation(t, user)).id;
  owner = await signIn(t, user);
  await owner.csrf();
});
afterAll(() => t?.close());

describe('ids in paths', () => {
  it('answers 404 with the resource’s text for a malformed id on every route without a body that names one', async () => {
    const routes = t.app.apiRoutes.filter(
      (r) => (r.method === 'GET' || r.method === 'DELETE') && [...r.url.matchAll(/:(\w+)/g)].some((m) => Object.hasOwn(PATH_IDS, m[1]!)),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const names = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const first = names.find((name) => Object.hasOwn(PATH_IDS, name))!;
      const path = r.url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'organisationId' ? organisationId : Object.hasOwn(PATH_IDS, name) ? 'not-a-uuid' : randomUUID(),
      );
      const res = await owner.request(r.method, path);
      expect({ route: `${r.method} ${r.url}`, status: res.status, message: res.json?.message }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 404,
        message: PATH_IDS[first],
      });
    }
  });
});
