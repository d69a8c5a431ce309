import { applicationOperations } from '@hireloop/contract/operations/applications';
import { auditOperations } from '@hireloop/contract/operations/audit';
import { operationPath } from '@hireloop/contract/operations/path';
import { websiteOperations } from '@hireloop/contract/operations/website';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../src/db/schema/organisations.ts';
import { seedPipeline } from './candidate-fixtures.ts';
import { createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';

// Every date-shaped query parameter refuses what is not a real date with a 422 and its message: never
// a 500 (`filter[applied_from]=2026-13-45` once threw a RangeError inside the check).

let t: TestApp;
let client: Client;
let paths: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t);
  const org = await createOrganisation(t, owner);
  await t.database.db
    .update(organisations)
    .set({ products: ['website'] })
    .where(eq(organisations.id, org.id));
  client = await signIn(t, owner);
  const recruitment = (await (await seedPipeline(t, org.id)).recruitment('Dates')).id;
  const params = { organisationId: org.id, recruitment };
  paths = {
    'filter[applied_from]': `/api/v1/${operationPath(applicationOperations.list, params)}`,
    'filter[applied_to]': `/api/v1/${operationPath(applicationOperations.list, params)}`,
    'export filter[applied_from]': `/api/v1/${operationPath(applicationOperations.export, params)}`,
    'export filter[applied_to]': `/api/v1/${operationPath(applicationOperations.export, params)}`,
    from: `/api/v1/${operationPath(websiteOperations.stats, params)}`,
    to: `/api/v1/${operationPath(websiteOperations.stats, params)}`,
    'audit filter[from]': `/api/v1/${operationPath(auditOperations.list, params)}`,
    'audit filter[to]': `/api/v1/${operationPath(auditOperations.list, params)}`,
  };
});
afterAll(() => t?.close());

/** Shapes a person or a program gets wrong: out of range, the wrong order, too short, too long, not a date. */
const WRONG = [
  '2026-13-45',
  '2026-02-30',
  '2025-02-29',
  '2026-00-10',
  '2026-01-00',
  '9999-99-99',
  '0000-00-00',
  '2026-1-1',
  '31/12/2026',
  '12/31/2026',
  '2026-12-31T25:00:00Z',
  'abc',
  '2026-12-3１',
  '-2026-01-01',
  '2026-01-01'.repeat(30),
];

describe('date-shaped query parameters', () => {
  it.each([
    'filter[applied_from]',
    'filter[applied_to]',
    'export filter[applied_from]',
    'export filter[applied_to]',
    'from',
    'to',
    'audit filter[from]',
    'audit filter[to]',
  ])('%s: every malformed or impossible date is a 422 naming the parameter, never a 500', async (name) => {
    const param = name.replace(/^(export|audit) /, '');
    for (const value of WRONG) {
      const answer = await client.get(`${paths[name]}?${encodeURIComponent(param)}=${encodeURIComponent(value)}`);
      expect(answer.status, `${name}=${value}: ${answer.text.slice(0, 200)}`).toBe(422);
      expect(answer.json.code).toBe('validation_failed');
    }
    // A real day is taken.
    const good = await client.get(`${paths[name]}?${encodeURIComponent(param)}=2026-02-28`);
    expect(good.status, good.text.slice(0, 200)).toBe(200);
  });
});
