import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATION, seedDemo } from '../src/db/demo-seed.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { siteFingerprint } from '../src/features/careers/repository.ts';
import { ORGANISATION_PREFIX } from '../src/http/organisation-scope.ts';
import { createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';

/**
 * Counts and figures are data too: a stranger gets 404 for an object and zero for a figure.
 *
 * The same new organisation is built, through the API, in two apps: one alone on its database and
 * one beside the demo organisation (hundreds of candidates, hires with overdue tasks, careers visits,
 * notifications). Every figure and list the new organisation reads must be the same in both, once ids
 * and times are set aside: anything the neighbour adds to a count is a leak between organisations.
 */

type World = { t: TestApp; owner: Client; orgId: string; ids: Record<string, string> };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A new organisation as its owner builds it in the first hour: both products, a role, a recruitment, a candidate, a hire with no tasks. */
async function newOrganisation(t: TestApp): Promise<World> {
  const user = await createUser(t, { name: 'Ola Berg', email: 'ola@fjord.test' });
  const owner = await signIn(t, user);
  const created = await owner.post('organisations', { name: 'Fjord Studio', slug: 'fjord-studio', timezone: 'UTC' });
  expect(created.status, created.text).toBe(201);
  const orgId = created.json.organisation.id as string;
  const o = (rest: string) => `organisation/${orgId}${rest}`;
  for (const product of ['onboarding', 'website']) {
    const res = await owner.post(o('/billing/products'), { product });
    expect(res.status, res.text).toBeLessThan(300);
  }
  const role = await owner.post(o('/role'), { name: 'Product Designer', status: 'open' });
  expect(role.status, role.text).toBe(201);
  const roleId = role.json.role.id as string;
  const recruitment = await owner.post(o('/recruitments'), { role_id: roleId, name: 'Product Designer 2026' });
  expect(recruitment.status, recruitment.text).toBe(201);
  const recruitmentId = recruitment.json.recruitment.id as string;
  const application = await owner.post(o(`/recruitments/${recruitmentId}/applications`), {
    candidate: { name: 'Mika Sand', email: 'mika@sand.test' },
  });
  expect(application.status, application.text).toBe(201);
  const candidateId = application.json.application.candidate.id as string;
  const hire = await owner.post(o('/hires'), { candidate_id: candidateId, role_id: roleId, start_date: day(7) });
  expect(hire.status, hire.text).toBe(201);
  const hireId = hire.json.hire.id as string;
  const onboardingId = hire.json.hire.onboarding_id as string;
  return {
    t,
    owner,
    orgId,
    ids: {
      role: roleId,
      recruitment: recruitmentId,
      application: application.json.application.id as string,
      candidate: candidateId,
      onboardingId,
      hireId,
    },
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIMESTAMP = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;
/**
 * Ids, times and the app's own address differ between the two apps; nothing else may. Rows written
 * in the same instant come back in id order, so a list is compared as a multiset.
 */
function normalise(value: unknown, world: World): unknown {
  if (typeof value === 'string') return value.replaceAll(world.t.baseUrl, '<app>').replace(UUID, '<id>').replace(TIMESTAMP, '<time>');
  if (Array.isArray(value)) return value.map((v) => JSON.stringify(normalise(v, world))).sort();
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, world)]));
  return value;
}

/** Every GET the new organisation's owner can make, with its own ids in the path (binary downloads aside). */
function figureRoutes(world: World): string[] {
  const scoped = world.t.app.apiRoutes
    .filter((r) => r.method === 'GET' && r.url.includes(ORGANISATION_PREFIX))
    .map((r) => r.url.slice(r.url.indexOf(ORGANISATION_PREFIX) + ORGANISATION_PREFIX.length));
  const params: Record<string, string> = {
    ':role': world.ids.role!,
    ':recruitment': world.ids.recruitment!,
    ':application': world.ids.application!,
    ':candidate': world.ids.candidate!,
    ':onboardingId': world.ids.onboardingId!,
    ':hireId': world.ids.hireId!,
  };
  const binary = /logo|\.pdf|\/export|\/file/;
  const paths = scoped
    .filter((path) => !binary.test(path))
    .map((path) => path.replace(/:\w+/g, (p) => params[p] ?? p))
    .filter((path) => !path.includes(':'));
  return [...new Set(paths)].map((path) => `organisation/${world.orgId}${path}`);
}

async function snapshot(world: World): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const paths = [...figureRoutes(world), 'notifications', 'auth'];
  for (const path of paths) {
    const query = path.endsWith('/interviews/conflicts') ? `?starts_at=${day(1)}T10:00:00Z&ends_at=${day(1)}T11:00:00Z` : '';
    const res = await world.owner.get(`${path}${query}`);
    const key = path.replace(world.orgId, '{org}').replace(UUID, (id) => `{${Object.entries(world.ids).find(([, v]) => v === id)?.[0]}}`);
    out.set(key, `${res.status} ${JSON.stringify(normalise(res.json ?? res.text, world))}`);
  }
  return out;
}

let alone: World;
let crowded: World;
let demo: TestApp;

beforeAll(async () => {
  const [a, b] = await Promise.all([startTestApp(), startTestApp()]);
  demo = b;
  await seedDemo(demo.database.db);
  alone = await newOrganisation(a);
  crowded = await newOrganisation(demo);
}, 120_000);

afterAll(async () => {
  await Promise.all([alone?.t.close(), demo?.close()]);
});

describe('a new organisation beside a busy one', () => {
  it('sees zero overdue tasks on the Onboarding Dashboard while the neighbour has overdue tasks', async () => {
    const res = await crowded.owner.get(`organisation/${crowded.orgId}/onboarding`);
    expect(res.status, res.text).toBe(200);
    const rows = res.json.onboarding.onboardings as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hires: 1, overdue_tasks: 0 });
  });

  it('reads every count, figure and list exactly as it would alone on its database', async () => {
    const [mine, theirs] = await Promise.all([snapshot(alone), snapshot(crowded)]);
    const keys = [...mine.keys()];
    // The figures a person reads first: the check must cover them, not shrink silently.
    for (const figure of [
      'organisation/{org}/dashboard',
      'organisation/{org}/recruitments/{recruitment}/analytics',
      'organisation/{org}/recruitments',
      'organisation/{org}/candidates',
      'organisation/{org}/onboarding',
      'organisation/{org}/onboardings/{onboardingId}',
      'organisation/{org}/website',
      'organisation/{org}/website/stats',
      'organisation/{org}/billing',
      'organisation/{org}/users',
      'notifications',
    ]) {
      expect(keys).toContain(figure);
    }
    expect(keys.length).toBeGreaterThan(30);
    const differences = keys
      .filter((key) => theirs.get(key) !== mine.get(key))
      .map((key) => ({ key, alone: mine.get(key), crowded: theirs.get(key) }));
    expect(differences).toEqual([]);
  });
});

describe("the careers site's fingerprint", () => {
  it('changes when one of the organisation’s roles changes, and not when a neighbour’s does', async () => {
    const db = demo.database.db;
    const [northwind] = await db.select().from(organisations).where(eq(organisations.slug, DEMO_ORGANISATION.slug));
    const before = await siteFingerprint(db, northwind!.id);
    await db
      .update(jobRoles)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(jobRoles.id, crowded.ids.role!));
    expect(await siteFingerprint(db, northwind!.id)).toBe(before);
    const [own] = await db.select().from(jobRoles).where(eq(jobRoles.organisationId, northwind!.id)).limit(1);
    await db
      .update(jobRoles)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(jobRoles.id, own!.id));
    expect(await siteFingerprint(db, northwind!.id)).not.toBe(before);
  });
});
