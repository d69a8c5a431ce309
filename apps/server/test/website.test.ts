import { billingOperations } from '@hireloop/contract/operations/billing';
import { websiteOperations as ops } from '@hireloop/contract/operations/website';
import { WEBSITE_TEXTS, type WebsiteRolePatchBody } from '@hireloop/contract/website';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { storedFiles } from '../src/db/schema/outbox.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { teams } from '../src/db/schema/teams.ts';
import { careerApplications, careersPageViews, careersSites } from '../src/db/schema/website.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { download, pngOf, upload } from './uploads.ts';

let t: TestApp;
let ownerClient: Client;
let recruiterClient: Client;
let managerClient: Client;
let interviewerClient: Client;
let outsiderClient: Client;
let org: { id: string; slug: string; name: string };
let other: { id: string; slug: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner, { name: 'Acme Robotics' });
  for (const [role, set] of [
    ['recruiter', (c: Client) => (recruiterClient = c)],
    ['hiring_manager', (c: Client) => (managerClient = c)],
    ['interviewer', (c: Client) => (interviewerClient = c)],
  ] as const) {
    const user = await createUser(t);
    await addMember(t, org.id, user.id, role);
    set(await signIn(t, user));
  }
  ownerClient = await signIn(t, owner);
  const stranger = await createUser(t);
  other = await createOrganisation(t, stranger, { name: 'Other Co' });
  outsiderClient = await signIn(t, stranger);
});
afterAll(async () => t.close());

const base = (id = org.id) => `organisation/${id}/website`;
/** GET organisation/{id}/website, which must answer 200. */
const siteOf = async (client: Client, organisationId = org.id) => (await expectOk(client, ops.get, { params: { organisationId } })).website;
/** PATCH organisation/{id}/website/roles/{roleId}. */
const patchRole = (client: Client, roleId: string, body: WebsiteRolePatchBody) =>
  callOperation(client, ops.updateRole, { params: { organisationId: org.id, roleId }, body });
const db = () => t.database.db;
const auditOf = (organisationId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, action)));
const setProducts = (id: string, products: string[]) => db().update(organisations).set({ products }).where(eq(organisations.id, id));

async function role(organisationId: string, attrs: Partial<typeof jobRoles.$inferInsert> & { name: string }) {
  const [row] = await db()
    .insert(jobRoles)
    .values({ organisationId, ...attrs })
    .returning();
  return row!;
}
async function openRecruitment(organisationId: string, roleId: string, name = 'Hiring 2026', status = 'open') {
  const [row] = await db().insert(recruitments).values({ organisationId, roleId, name, status }).returning();
  return row!;
}

describe('GET /website: the product state and the site', () => {
  it('shows a fresh organisation as not subscribed with the default settings, without storing a site row', async () => {
    const res = await expectStatus(ownerClient, ops.get, 200, { params: { organisationId: org.id } });
    expect(res.website).toMatchObject({
      product_state: 'not_subscribed',
      url: `${t.baseUrl}/careers/${org.slug}`,
      slug: org.slug,
      headline: 'Careers at Acme Robotics',
      intro: '',
      brand_colour: '#1c7ed6',
      logo_url: null,
    });
    // On trial: the dashboard can say until when the product could be tried.
    expect(res.website.trail_ends_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await db().select().from(careersSites).where(eq(careersSites.organisationId, org.id))).toEqual([]);
  });

  it('is "trial" once subscribed during the trial and "active" on a chosen plan', async () => {
    await expectStatus(ownerClient, billingOperations.subscribe, 200, { params: { organisationId: org.id }, body: { product: 'website' } });
    expect((await siteOf(ownerClient)).product_state).toBe('trial');
    await db().update(organisations).set({ plan: 'team', trailEndsAt: null }).where(eq(organisations.id, org.id));
    expect(await siteOf(ownerClient)).toMatchObject({ product_state: 'active', trail_ends_at: null });
  });

  it('lets a hiring manager look but not an interviewer (403)', async () => {
    expect((await callOperation(managerClient, ops.get, { params: { organisationId: org.id } })).status).toBe(200);
    const res = await callOperation(interviewerClient, ops.get, { params: { organisationId: org.id } });
    expect(res.status).toBe(403);
  });
});

describe('PATCH /website: settings', () => {
  it('changes the headline, intro and colour (stored lowercase) and records one audit entry', async () => {
    const res = await expectStatus(recruiterClient, ops.update, 200, {
      params: { organisationId: org.id },
      body: { headline: '  Build robots with us ', intro: 'We are hiring.\n\nCome along.', brand_colour: '#0B7285' },
    });
    expect(res.website).toMatchObject({
      headline: 'Build robots with us',
      intro: 'We are hiring.\n\nCome along.',
      brand_colour: '#0b7285',
    });
    const [entry, ...rest] = await auditOf(org.id, 'website.updated');
    expect(rest).toEqual([]);
    expect(entry!.before).toMatchObject({ headline: 'Careers at Acme Robotics', brand_colour: '#1c7ed6' });
    expect(entry!.after).toMatchObject({ headline: 'Build robots with us', brand_colour: '#0b7285' });
    // The same values again change nothing and are not audited.
    await expectOk(recruiterClient, ops.update, { params: { organisationId: org.id }, body: { headline: 'Build robots with us' } });
    expect(await auditOf(org.id, 'website.updated')).toHaveLength(1);
  });

  it.each([
    ['a colour name', { brand_colour: 'red' }, 'brand_colour', WEBSITE_TEXTS.brandColour],
    ['a short hex colour', { brand_colour: '#12345' }, 'brand_colour', WEBSITE_TEXTS.brandColour],
    ['a headline of 121 characters', { headline: 'x'.repeat(121) }, 'headline', WEBSITE_TEXTS.headlineMax],
    ['a blank headline', { headline: '   ' }, 'headline', WEBSITE_TEXTS.headlineRequired],
    ['an intro of 2001 characters', { intro: 'y'.repeat(2001) }, 'intro', WEBSITE_TEXTS.introMax],
  ])('refuses %s with a clear field message and changes nothing', async (_label, body, field, message) => {
    const res = await expectStatus(ownerClient, ops.update, 422, { params: { organisationId: org.id }, body });
    expect(res.code).toBe('validation_failed');
    expect(res.errors?.[field]).toEqual([message]);
    expect(await siteOf(ownerClient)).toMatchObject({ headline: 'Build robots with us', brand_colour: '#0b7285' });
  });

  it('refuses a hiring manager (403)', async () => {
    expect(
      (await callOperation(managerClient, ops.update, { params: { organisationId: org.id }, body: { headline: 'Nope' } })).status,
    ).toBe(403);
  });
});

describe('the careers site logo', () => {
  it('uploads, serves to members only, replaces and removes the logo, with audit entries', async () => {
    const res = await upload(ownerClient, `${base()}/logo`, 'logo', {
      bytes: await pngOf(900, 300),
      filename: 'acme.png',
      type: 'image/png',
    });
    expect(res.status, res.text).toBe(200);
    const url = res.json.website.logo_url as string;
    expect(url).toMatch(new RegExp(`^/api/v1/organisation/${org.id}/website/logo\\?v=[0-9a-f-]{36}$`));
    const image = await download(managerClient, url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await download(outsiderClient, `/api/v1/${base()}/logo`)).status).toBe(404);
    expect((await download(new Client(t.baseUrl), `/api/v1/${base()}/logo`)).status).toBe(401);
    expect(await auditOf(org.id, 'website.logo_changed')).toHaveLength(1);

    const second = await upload(ownerClient, `${base()}/logo`, 'logo', {
      bytes: await pngOf(64, 64),
      filename: 'b.png',
      type: 'image/png',
    });
    expect(second.json.website.logo_url).not.toBe(url);
    const stored = await db()
      .select()
      .from(storedFiles)
      .where(like(storedFiles.key, `organisations/${org.id}/careers/logo/%`));
    expect(stored).toHaveLength(1);
    const [changed] = (await auditOf(org.id, 'website.logo_changed')).filter((e) => (e.before as { logo: string | null }).logo !== null);
    expect(changed!.before).toEqual({ logo: url.split('v=')[1] });

    const bad = await upload(ownerClient, `${base()}/logo`, 'logo', {
      bytes: Buffer.from('not an image'),
      filename: 'x.png',
      type: 'image/png',
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.logo).toEqual(['The file must be a PNG, JPEG, WebP or GIF image.']);
    expect((await siteOf(ownerClient)).logo_url).toBe(second.json.website.logo_url);

    expect(
      (await upload(managerClient, `${base()}/logo`, 'logo', { bytes: await pngOf(8, 8), filename: 'l.png', type: 'image/png' })).status,
    ).toBe(403);

    const removed = await expectStatus(ownerClient, ops.removeLogo, 200, { params: { organisationId: org.id } });
    expect(removed.website.logo_url).toBeNull();
    expect(await expectStatus(ownerClient, ops.logo, 404, { params: { organisationId: org.id } })).toEqual({
      message: WEBSITE_TEXTS.noLogo,
      code: 'not_found',
    });
    expect(await auditOf(org.id, 'website.logo_removed')).toHaveLength(1);
    // Settings survive the logo's coming and going.
    expect((await siteOf(ownerClient)).headline).toBe('Build robots with us');
  });
});

describe('PATCH /website/roles/:roleId: publishing and questions', () => {
  it('publishes a role; it is live only while open with an open recruitment and subscribed, else says why', async () => {
    const r = await role(org.id, { name: 'Robot Whisperer', status: 'open', location: 'Berlin' });
    const res = await expectStatus(recruiterClient, ops.updateRole, 200, {
      params: { organisationId: org.id, roleId: r.id },
      body: { published: true },
    });
    expect(res.role).toMatchObject({
      id: r.id,
      published: true,
      status: 'open',
      live: false,
      open_recruitment: null,
      not_live_reason: WEBSITE_TEXTS.notLive.noOpenRecruitment,
    });
    expect(await auditOf(org.id, 'website.role_published')).toHaveLength(1);

    const recruitment = await openRecruitment(org.id, r.id);
    const listed = (await siteOf(ownerClient)).roles.find((x: { id: string }) => x.id === r.id);
    expect(listed).toMatchObject({ live: true, not_live_reason: null, open_recruitment: { id: recruitment.id, name: 'Hiring 2026' } });

    await setProducts(org.id, []);
    const unsubscribed = (await siteOf(ownerClient)).roles.find((x: { id: string }) => x.id === r.id);
    expect(unsubscribed).toMatchObject({ live: false, not_live_reason: WEBSITE_TEXTS.notLive.notSubscribed });
    await setProducts(org.id, ['website']);

    await db().update(jobRoles).set({ status: 'closed' }).where(eq(jobRoles.id, r.id));
    const closed = (await siteOf(ownerClient)).roles.find((x: { id: string }) => x.id === r.id);
    expect(closed).toMatchObject({ live: false, not_live_reason: WEBSITE_TEXTS.notLive.roleNotOpen });

    const off = await expectOk(recruiterClient, ops.updateRole, {
      params: { organisationId: org.id, roleId: r.id },
      body: { published: false },
    });
    expect(off.role).toMatchObject({ published: false, live: false, not_live_reason: WEBSITE_TEXTS.notLive.notPublished });
    expect(await auditOf(org.id, 'website.role_unpublished')).toHaveLength(1);
  });

  it('stores questions in order, gives new ones ids and keeps the ids of existing ones', async () => {
    const r = await role(org.id, { name: 'Gripper Engineer', status: 'open' });
    const first = await expectStatus(ownerClient, ops.updateRole, 200, {
      params: { organisationId: org.id, roleId: r.id },
      body: {
        questions: [
          { label: ' Why robots? ', kind: 'long_text', required: true },
          { label: 'Can you start in May?', kind: 'yes_no' },
        ],
      },
    });
    const [why, may] = first.role.questions;
    expect(why).toEqual({ id: expect.stringMatching(UUID), label: 'Why robots?', kind: 'long_text', required: true });
    expect(may).toEqual({ id: expect.stringMatching(UUID), label: 'Can you start in May?', kind: 'yes_no', required: false });

    const second = await expectOk(ownerClient, ops.updateRole, {
      params: { organisationId: org.id, roleId: r.id },
      body: {
        questions: [
          { id: 'made-up', label: 'Portfolio link', kind: 'short_text', required: false },
          { id: why!.id, label: 'Why robots, really?', kind: 'long_text', required: true },
        ],
      },
    });
    const [portfolio, kept] = second.role.questions;
    expect(portfolio!.id).toMatch(UUID);
    expect(portfolio!.id).not.toBe('made-up');
    expect(kept).toEqual({ id: why!.id, label: 'Why robots, really?', kind: 'long_text', required: true });
    expect((await siteOf(ownerClient)).roles.find((x) => x.id === r.id)?.questions).toEqual(second.role.questions);
    const entries = await auditOf(org.id, 'website.questions_changed');
    expect(entries.filter((e) => e.targetId === r.id)).toHaveLength(2);
  });

  it.each([
    [
      '21 questions',
      { questions: Array.from({ length: 21 }, (_, i) => ({ label: `Q${i}`, kind: 'short_text' })) },
      'questions',
      WEBSITE_TEXTS.questionsMax,
    ],
    [
      'a label of 201 characters',
      { questions: [{ label: 'z'.repeat(201), kind: 'short_text' }] },
      'questions.0.label',
      WEBSITE_TEXTS.questionLabelMax,
    ],
    ['an empty label', { questions: [{ label: '', kind: 'short_text' }] }, 'questions.0.label', WEBSITE_TEXTS.questionLabelRequired],
    ['an unknown kind', { questions: [{ label: 'Colour?', kind: 'dropdown' }] }, 'questions.0.kind', WEBSITE_TEXTS.questionKind],
    ['published as text', { published: 'yes' }, 'published', 'Say whether the role is published.'],
  ])('refuses %s with a clear message', async (_label, body, field, message) => {
    const r = await role(org.id, { name: 'Validation role' });
    const res = await expectStatus(ownerClient, ops.updateRole, 422, {
      params: { organisationId: org.id, roleId: r.id },
      body: body as WebsiteRolePatchBody,
    });
    expect(res.errors?.[field]).toEqual([message]);
  });

  it("answers 404 for another organisation's role and a malformed id; 403 for a hiring manager", async () => {
    const foreign = await role(other.id, { name: 'Foreign role', status: 'open' });
    const res = await expectStatus(ownerClient, ops.updateRole, 404, {
      params: { organisationId: org.id, roleId: foreign.id },
      body: { published: true },
    });
    expect(res.message).toBe(WEBSITE_TEXTS.roleNotFound);
    expect((await db().select().from(jobRoles).where(eq(jobRoles.id, foreign.id)))[0]!.published).toBe(false);
    expect((await patchRole(ownerClient, 'not-a-uuid', { published: true })).status).toBe(404);
    const mine = await role(org.id, { name: 'Manager role' });
    expect((await patchRole(managerClient, mine.id, { published: true })).status).toBe(403);
    // Only the organisation's own roles are listed.
    const ids = (await siteOf(ownerClient)).roles.map((x) => x.id);
    expect(ids).not.toContain(foreign.id);
  });
});

describe('GET /website/stats', () => {
  it('counts visits and applications per day and role, with conversion, for this organisation only', async () => {
    const s = await openStatsFixture();
    const { stats } = await expectStatus(s.viewer, ops.stats, 200, {
      params: { organisationId: s.orgId },
      query: { from: '2026-03-01', to: '2026-03-03' },
    });
    expect(stats.from).toBe('2026-03-01');
    expect(stats.to).toBe('2026-03-03');
    expect(stats.totals).toEqual({ visits: 30, applications: 3, conversion: 0.1 });
    expect(stats.days).toEqual([
      { day: '2026-03-01', visits: 15, applications: 2 },
      { day: '2026-03-02', visits: 15, applications: 1 },
      { day: '2026-03-03', visits: 0, applications: 0 },
    ]);
    expect(stats.roles).toEqual([
      { role_id: s.alpha, name: 'Alpha', visits: 10, applications: 2, conversion: 0.2 },
      { role_id: s.beta, name: 'Beta', visits: 10, applications: 1, conversion: 0.1 },
      // Published, no traffic yet: conversion 0, not a division by zero.
      { role_id: s.gamma, name: 'Gamma', visits: 0, applications: 0, conversion: 0 },
    ]);
  });

  it('counts only one role in the days and totals with filter[role]; the per-role list stays whole', async () => {
    const s = await openStatsFixture();
    const range = { from: '2026-03-01', to: '2026-03-03' };
    const { stats } = await expectStatus(s.viewer, ops.stats, 200, {
      params: { organisationId: s.orgId },
      query: { ...range, filter: { role: s.alpha } },
    });
    expect(stats.totals).toEqual({ visits: 10, applications: 2, conversion: 0.2 });
    expect(stats.days).toEqual([
      { day: '2026-03-01', visits: 5, applications: 2 },
      { day: '2026-03-02', visits: 5, applications: 0 },
      { day: '2026-03-03', visits: 0, applications: 0 },
    ]);
    expect(stats.roles.map((r) => r.role_id)).toEqual([s.alpha, s.beta, s.gamma]);

    // Beta's application on 4 March is outside the range; its page views on 2 March are in.
    const beta = (
      await expectOk(s.viewer, ops.stats, { params: { organisationId: s.orgId }, query: { ...range, filter: { role: s.beta } } })
    ).stats;
    expect(beta.totals).toEqual({ visits: 10, applications: 1, conversion: 0.1 });
    expect(beta.days.map((d) => [d.visits, d.applications])).toEqual([
      [0, 0],
      [10, 1],
      [0, 0],
    ]);
    // A published role without traffic: zeros, not a division by zero.
    const gamma = (
      await expectOk(s.viewer, ops.stats, { params: { organisationId: s.orgId }, query: { ...range, filter: { role: s.gamma } } })
    ).stats;
    expect(gamma.totals).toEqual({ visits: 0, applications: 0, conversion: 0 });
  });

  it("answers 404 for another organisation's or an unknown role, 422 for a malformed one", async () => {
    const s = await openStatsFixture();
    const foreign = await role(other.id, { name: 'Foreign stats role', status: 'open', published: true });
    for (const id of [foreign.id, '6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f']) {
      const res = await expectStatus(s.viewer, ops.stats, 404, { params: { organisationId: s.orgId }, query: { filter: { role: id } } });
      expect(res.message).toBe(WEBSITE_TEXTS.roleNotFound);
    }
    const malformed = await expectStatus(s.viewer, ops.stats, 422, {
      params: { organisationId: s.orgId },
      query: { filter: { role: 'alpha' } },
    });
    expect(malformed.errors?.['filter.role']).toEqual([WEBSITE_TEXTS.statsRole]);
  });

  it('reads applications per role and day kept equal to the applications through the site, also after one is deleted', async () => {
    const recount = sql`select organisation_id, role_id, (created_at at time zone 'UTC')::date::text as day, count(*)::int as n
      from career_applications group by 1, 2, 3 order by 1, 2, 3`;
    const kept = sql`select organisation_id, role_id, day::text as day, applications as n
      from careers_application_days where applications <> 0 order by 1, 2, 3`;
    const rowsOf = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: unknown[] }).rows;
    expect(await rowsOf(recount)).not.toEqual([]);
    expect(await rowsOf(kept)).toEqual(await rowsOf(recount));
    const [one] = await db().select({ id: careerApplications.applicationId }).from(careerApplications).limit(1);
    await db().delete(careerApplications).where(eq(careerApplications.applicationId, one!.id));
    expect(await rowsOf(kept)).toEqual(await rowsOf(recount));
  });

  it('defaults to the last 30 days ending today', async () => {
    const { stats } = await expectStatus(ownerClient, ops.stats, 200, { params: { organisationId: org.id } });
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.to).toBe(today);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)?.day).toBe(today);
    expect(stats.totals.conversion).toBe(0);
  });

  it.each([
    ['from=2026-03-05&to=2026-03-01', { from: '2026-03-05', to: '2026-03-01' }, 'from', WEBSITE_TEXTS.statsOrder],
    ['from=2026-02-30', { from: '2026-02-30' }, 'from', WEBSITE_TEXTS.statsDate],
    ['to=yesterday', { to: 'yesterday' }, 'to', WEBSITE_TEXTS.statsDate],
    ['from=2024-01-01&to=2026-01-01', { from: '2024-01-01', to: '2026-01-01' }, 'from', WEBSITE_TEXTS.statsRange],
  ])('refuses ?%s with a clear message', async (_label, query, field, message) => {
    const res = await expectStatus(ownerClient, ops.stats, 422, { params: { organisationId: org.id }, query });
    expect(res.errors?.[field]).toEqual([message]);
  });
});

/** A subscribed organisation with page views and careers-site applications on 1–2 March 2026 (and noise outside). */
async function openStatsFixture() {
  const owner = await createUser(t);
  const o = await createOrganisation(t, owner, { name: 'Stats Org' });
  const [alpha, beta, gamma] = await Promise.all([
    role(o.id, { name: 'Alpha', status: 'open', published: true }),
    role(o.id, { name: 'Beta', status: 'open', published: true }),
    role(o.id, { name: 'Gamma', status: 'open', published: true }),
  ]);
  const [status] = await db().insert(recruitmentStatuses).values({ organisationId: o.id, name: 'Applied', position: 1 }).returning();
  const recruitmentOf = { [alpha!.id]: await openRecruitment(o.id, alpha!.id), [beta!.id]: await openRecruitment(o.id, beta!.id) };
  await db()
    .insert(careersPageViews)
    .values([
      { organisationId: o.id, page: 'index', day: '2026-03-01', views: 10 },
      { organisationId: o.id, page: alpha!.id, day: '2026-03-01', views: 5 },
      { organisationId: o.id, page: alpha!.id, day: '2026-03-02', views: 5 },
      { organisationId: o.id, page: beta!.id, day: '2026-03-02', views: 10 },
      { organisationId: o.id, page: 'index', day: '2026-02-28', views: 99 },
      // Another organisation's views never count.
      { organisationId: org.id, page: 'index', day: '2026-03-01', views: 1000 },
    ])
    // (that row is there already when a second test opens the fixture)
    .onConflictDoNothing();
  const apply = async (organisationId: string, roleId: string, recruitmentId: string, statusId: string, at: string) => {
    const res = (await db().execute(sql`
      with c as (insert into candidates (organisation_id, name, email) values (${organisationId}, 'Applicant', ${`a-${Math.random()}@example.test`}) returning id)
      insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position, source)
      select ${organisationId}, c.id, ${recruitmentId}, ${statusId}, 1, 'careers_site' from c returning id`)) as unknown as {
      rows: { id: string }[];
    };
    await db()
      .insert(careerApplications)
      .values({ applicationId: res.rows[0]!.id, organisationId, roleId, createdAt: new Date(at) });
  };
  await apply(o.id, alpha!.id, recruitmentOf[alpha!.id]!.id, status!.id, '2026-03-01T08:00:00Z');
  await apply(o.id, alpha!.id, recruitmentOf[alpha!.id]!.id, status!.id, '2026-03-01T23:59:00Z');
  await apply(o.id, beta!.id, recruitmentOf[beta!.id]!.id, status!.id, '2026-03-02T00:00:00Z');
  await apply(o.id, beta!.id, recruitmentOf[beta!.id]!.id, status!.id, '2026-03-04T00:00:00Z'); // after the range
  const manager = await createUser(t);
  await addMember(t, o.id, manager.id, 'hiring_manager');
  return { orgId: o.id, viewer: await signIn(t, manager), alpha: alpha!.id, beta: beta!.id, gamma: gamma!.id };
}

describe('GET /website/jobs: the jobs feed', () => {
  it('lists only live roles with absolute links, for an API key with the read scope', async () => {
    const owner = await createUser(t);
    const o = await createOrganisation(t, owner, { name: 'Feed Co' });
    const owned = await signIn(t, owner);
    await owned.post(`organisation/${o.id}/billing/products`, { product: 'website' });
    const [team] = await db().insert(teams).values({ organisationId: o.id, name: 'Platform' }).returning();
    const live = await role(o.id, {
      name: 'Backend Engineer',
      status: 'open',
      published: true,
      teamId: team!.id,
      location: 'Lisbon',
      locationType: 'hybrid',
      employmentType: 'full_time',
      salaryMin: 60000,
      salaryMax: 80000,
      salaryCurrency: 'EUR',
      descriptionHtml: '<p>Build things.</p>',
    });
    await openRecruitment(o.id, live.id);
    const plain = await role(o.id, { name: 'Designer', status: 'open', published: true, locationType: 'remote' });
    await openRecruitment(o.id, plain.id);
    await role(o.id, { name: 'No recruitment', status: 'open', published: true });
    const onHold = await role(o.id, { name: 'On hold', status: 'open', published: true });
    await openRecruitment(o.id, onHold.id, 'Paused', 'on_hold');
    const unpublished = await role(o.id, { name: 'Unpublished', status: 'open' });
    await openRecruitment(o.id, unpublished.id);
    const draft = await role(o.id, { name: 'Draft', status: 'draft', published: true });
    await openRecruitment(o.id, draft.id);

    const key = await owned.post(`organisation/${o.id}/api-keys`, { name: 'Website', scopes: ['website:read'] });
    expect(key.status, key.text).toBe(201);
    const headers = { authorization: `Bearer ${key.json.token}` };
    const anonymous = new Client(t.baseUrl);
    const feed = await expectStatus(anonymous, ops.jobs, 200, { params: { organisationId: o.id }, headers });
    const slug = (await db().select({ slug: organisations.slug }).from(organisations).where(eq(organisations.id, o.id)))[0]!.slug;
    expect(feed.organisation).toEqual({ name: 'Feed Co', careers_url: `${t.baseUrl}/careers/${slug}` });
    expect(feed.jobs.map((j) => j.title)).toEqual(['Backend Engineer', 'Designer']);
    expect(feed.jobs[0]).toEqual({
      id: live.id,
      title: 'Backend Engineer',
      team: { id: team!.id, name: 'Platform' },
      location: 'Lisbon',
      location_type: 'hybrid',
      employment_type: 'full_time',
      salary: { min: 60000, max: 80000, currency: 'EUR', period: 'year' },
      description_html: '<p>Build things.</p>',
      url: `${t.baseUrl}/careers/${slug}/jobs/${live.id}`,
      apply_url: `${t.baseUrl}/careers/${slug}/jobs/${live.id}#apply`,
      published: true,
    });
    expect(feed.jobs[1]).toMatchObject({ team: null, salary: null, location_type: 'remote' });

    // One live-role rule (features/website/repository.ts): the dashboard marks live, and the careers
    // site lists and opens, exactly the feed's roles.
    const feedIds = feed.jobs.map((j) => j.id).sort();
    const dashboardRoles = (await siteOf(owned, o.id)).roles;
    expect(dashboardRoles).toHaveLength(6);
    expect(
      dashboardRoles
        .filter((r) => r.live)
        .map((r) => r.id)
        .sort(),
    ).toEqual(feedIds);
    const listing = await (await fetch(`${t.baseUrl}/careers/${slug}`)).text();
    for (const r of dashboardRoles) {
      expect(listing.includes(`/careers/${slug}/jobs/${r.id}`), r.id).toBe(r.live);
      expect((await fetch(`${t.baseUrl}/careers/${slug}/jobs/${r.id}`)).status, r.id).toBe(r.live ? 200 : 404);
    }

    // The key reads but may not change the site (website.manage allows no API keys).
    expect(
      (await callOperation(anonymous, ops.update, { params: { organisationId: o.id }, body: { headline: 'x' }, headers })).status,
    ).toBe(403);
    // A key of another organisation sees nothing.
    expect((await callOperation(anonymous, ops.jobs, { params: { organisationId: org.id }, headers })).status).toBe(404);
    // Without the subscription: 404 with a message that says why.
    await expectOk(owned, billingOperations.unsubscribe, { params: { organisationId: o.id, product: 'website' } });
    const gone = await expectStatus(anonymous, ops.jobs, 404, { params: { organisationId: o.id }, headers });
    expect(gone).toEqual({ message: WEBSITE_TEXTS.notSubscribed, code: 'not_found' });
  });

  it('is documented in the OpenAPI document and accepts API keys there', async () => {
    const doc = (await new Client(t.baseUrl).get('/api/v1/openapi.json')).json;
    const op = doc.paths['/api/v1/organisation/{organisationId}/website/jobs'].get;
    expect(op.security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    expect(op.description).toContain('API key');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '404']));
  });
});
