import { onboardingOperations } from '@hireloop/contract/operations/onboardings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ORGANISATION, seedDemo } from '../src/db/demo-seed.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { siteFingerprint } from '../src/features/careers/repository.ts';
import { FILE_DOWNLOAD, scopedGetPath, unfilledParams, type FigureParam } from './figure-routes.ts';
import { createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectOk } from './operations.ts';

/**
 * Counts and figures are data too: a stranger gets 404 for an object and zero for a figure.
 *
 * The same new organisation is built, through the API, in two apps: one alone on its database and
 * one beside the demo organisation (hundreds of candidates, hires with overdue tasks, careers visits,
 * notifications). Every figure and list the new organisation reads must be the same in both, once ids
 * and times are set aside: anything the neighbour adds to a count is a leak between organisations.
 */

type World = { t: TestApp; owner: Client; orgId: string; ids: Record<FigureParam, string> };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Sends a CSV of candidates to a recruitment's import (multipart, as the web app does) and waits until it is done. */
async function importCandidates(owner: Client, orgId: string, recruitmentId: string, lines: string[]): Promise<string> {
  const form = new FormData();
  form.append('mapping', JSON.stringify({ name: 'Name', email: 'Email' }));
  form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'people.csv');
  const xsrf = owner.cookie('XSRF-TOKEN') ?? '';
  const res = await fetch(`${owner.baseUrl}/api/v1/organisation/${orgId}/recruitments/${recruitmentId}/imports`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: `hireloop_session=${owner.cookie('hireloop_session')}; XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: form,
  });
  const body = (await res.json()) as { import: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(202);
  const id = body.import.id;
  await vi.waitFor(
    async () => {
      const status = await owner.get(`organisation/${orgId}/imports/${id}`);
      expect(status.json.import.status).toBe('done');
    },
    { timeout: 60_000, interval: 50 },
  );
  return id;
}

/**
 * A new organisation as its owner builds it in the first hour: both products, a team, a role, a
 * recruitment, candidates typed in and imported, an interview, an offer, an onboarding template and a
 * hire with no tasks: one object for every path parameter of a read (figure-routes.ts).
 */
async function newOrganisation(t: TestApp): Promise<World> {
  const user = await createUser(t, { name: 'Ola Berg', email: 'ola@fjord.test' });
  const owner = await signIn(t, user);
  const created = await owner.post('organisations', { name: 'Fjord Studio', slug: 'fjord-studio', timezone: 'UTC' });
  expect(created.status, created.text).toBe(201);
  const orgId = created.json.organisation.id as string;
  const o = (rest: string) => `organisation/${orgId}${rest}`;
  const ok = <R extends { status: number; text: string }>(res: R) => {
    expect(res.status, res.text).toBeLessThan(300);
    return res;
  };
  for (const product of ['onboarding', 'website']) ok(await owner.post(o('/billing/products'), { product }));
  const team = ok(await owner.post(o('/teams'), { name: 'Design' }));
  const role = ok(await owner.post(o('/role'), { name: 'Product Designer', status: 'open' }));
  const roleId = role.json.role.id as string;
  const recruitment = ok(await owner.post(o('/recruitments'), { role_id: roleId, name: 'Product Designer 2026' }));
  const recruitmentId = recruitment.json.recruitment.id as string;
  const application = ok(
    await owner.post(o(`/recruitments/${recruitmentId}/applications`), { candidate: { name: 'Mika Sand', email: 'mika@sand.test' } }),
  );
  const applicationId = application.json.application.id as string;
  const candidateId = application.json.application.candidate.id as string;
  const importId = await importCandidates(owner, orgId, recruitmentId, [
    'Name,Email',
    'Noor Vale,noor@vale.test',
    'Ravi Lund,ravi@lund.test',
  ]);
  const types = ok(await owner.get(o('/interview-types')));
  const interview = ok(
    await owner.post(o(`/applications/${applicationId}/interviews`), {
      type_id: types.json.interview_types.data[0].id,
      starts_at: `${day(3)}T10:00:00.000Z`,
      location: 'Studio',
      interviewer_ids: [user.id],
    }),
  );
  const offer = ok(
    await owner.post(o(`/applications/${applicationId}/offers`), {
      salary: 72000,
      currency: 'EUR',
      salary_period: 'year',
      start_date: day(40),
      contract_type: 'full_time',
      expires_on: day(14),
      approver_ids: [],
    }),
  );
  const template = ok(
    await owner.post(o('/onboarding-templates'), { name: 'Designers', tasks: [{ title: 'Laptop', owner: 'manager', due_days: 3 }] }),
  );
  const hire = ok(await owner.post(o('/hires'), { candidate_id: candidateId, role_id: roleId, start_date: day(7) }));
  return {
    t,
    owner,
    orgId,
    ids: {
      ':role': roleId,
      ':teamId': team.json.team.id as string,
      ':recruitment': recruitmentId,
      ':application': applicationId,
      ':candidate': candidateId,
      ':import': importId,
      ':interview': interview.json.interview.id as string,
      ':offer': offer.json.offer.id as string,
      ':templateId': template.json.template.id as string,
      ':onboardingId': hire.json.hire.onboarding_id as string,
      ':hireId': hire.json.hire.id as string,
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

/** Every GET the new organisation's owner can make, with its own ids in the path (file downloads aside). */
function figureRoutes(world: World): string[] {
  const paths = world.t.app.apiRoutes
    .map(scopedGetPath)
    .filter((path): path is string => path !== null && !FILE_DOWNLOAD.test(path))
    .map((path) => {
      expect(unfilledParams(path), path).toEqual([]);
      return path.replace(/:\w+/g, (p) => world.ids[p as FigureParam]);
    });
  return [...new Set(paths)].map((path) => `organisation/${world.orgId}${path}`);
}

async function snapshot(world: World): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const paths = [...figureRoutes(world), 'notifications', 'auth'];
  for (const path of paths) {
    const query = path.endsWith('/interviews/conflicts') ? `?starts_at=${day(1)}T10:00:00Z&ends_at=${day(1)}T11:00:00Z` : '';
    const res = await world.owner.get(`${path}${query}`);
    const key = path.replace(world.orgId, '{org}').replace(
      UUID,
      (id) =>
        `{${Object.entries(world.ids)
          .find(([, v]) => v === id)?.[0]
          .slice(1)}}`,
    );
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
    const res = await expectOk(crowded.owner, onboardingOperations.dashboard, { params: { organisationId: crowded.orgId } });
    const rows = res.onboarding.onboardings;
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
      'organisation/{org}/teams/{teamId}',
      'organisation/{org}/imports/{import}',
      'organisation/{org}/interviews/{interview}',
      'organisation/{org}/offers/{offer}',
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
      .where(eq(jobRoles.id, crowded.ids[':role']));
    expect(await siteFingerprint(db, northwind!.id)).toBe(before);
    const [own] = await db.select().from(jobRoles).where(eq(jobRoles.organisationId, northwind!.id)).limit(1);
    await db
      .update(jobRoles)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(jobRoles.id, own!.id));
    expect(await siteFingerprint(db, northwind!.id)).not.toBe(before);
  });
});
