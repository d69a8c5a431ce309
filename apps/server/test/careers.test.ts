import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { clearCareersCaches, flushPageViews, invalidateCareersSite } from '../src/features/careers/service.ts';
import { APPLY_TEXTS } from '../src/features/careers/limits.ts';
import { activities, applications, candidateFiles, candidates } from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { outbox, storedFiles } from '../src/db/schema/outbox.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from '../src/db/schema/recruitments.ts';
import { teams } from '../src/db/schema/teams.ts';
import { careerApplications, careerQuestions, careersPageViews, careersSites, type CareerQuestion } from '../src/db/schema/website.ts';
import { createStorage } from '../src/lib/storage.ts';
import { documents } from './candidate-fixtures.ts';
import { pngOf } from './uploads.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const db = () => t.database.db;

type Org = { id: string; slug: string; name: string };
let acme: Org;
let other: Org;
let unsubscribed: Org;
let owner: { id: string };
let recruiter: { id: string };

let engineering: string;
let design: string;
/** Live roles of acme. */
let backend: { roleId: string; recruitmentId: string };
let designer: { roleId: string; recruitmentId: string };
let support: { roleId: string; recruitmentId: string };
/** Not live: draft, unpublished, closed role, no open recruitment. */
let draftRole: string;
let unpublishedRole: string;
let closedRole: string;
let noRecruitmentRole: string;
/** A live role of the other organisation. */
let otherRole: string;
let unsubscribedRole: string;
let firstStatusId: string;

let ip = 0;
/** Each application from its own address (the rate limit is per address); the rate-limit test reuses one. */
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function makeOrganisation(name: string, products: string[]): Promise<Org> {
  const org = await createOrganisation(t, owner, { name });
  await db().update(organisations).set({ products }).where(eq(organisations.id, org.id));
  await db()
    .insert(recruitmentStatuses)
    .values(DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ organisationId: org.id, ...s, position: i + 1 })));
  return { id: org.id, slug: org.slug, name: org.name };
}

async function makeRole(
  organisationId: string,
  name: string,
  attrs: Partial<typeof jobRoles.$inferInsert> & { recruitment?: 'open' | 'closed' | null; questions?: CareerQuestion[] } = {},
) {
  const { recruitment = 'open', questions, ...values } = attrs;
  const [role] = await db()
    .insert(jobRoles)
    .values({ organisationId, name, status: 'open', published: true, ...values })
    .returning();
  let recruitmentId = '';
  if (recruitment) {
    const [r] = await db()
      .insert(recruitments)
      .values({ organisationId, roleId: role!.id, name: `${name} hiring`, status: recruitment })
      .returning();
    recruitmentId = r!.id;
  }
  if (questions) await db().insert(careerQuestions).values({ roleId: role!.id, organisationId, questions });
  return { roleId: role!.id, recruitmentId };
}

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.baseUrl}${path}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });

async function html(path: string) {
  const res = await page(path);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

type ApplyFields = Record<string, string>;
const validFields = (email: string): ApplyFields => ({
  name: 'Ada Lovelace',
  email,
  phone: '+44 20 7946 0000',
  links: 'https://github.com/ada\nhttps://ada.example.com',
  cover_note: 'I would love to work on your engine.',
  consent: 'yes',
  website: '',
});
const pdf = () => ({ bytes: documents.pdf(), filename: 'ada-cv.pdf', type: 'application/pdf' });

async function apply(
  slug: string,
  roleId: string,
  fields: ApplyFields,
  file: { bytes: Buffer; filename: string; type: string } | null = pdf(),
  o: { json?: boolean; ip?: string } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('resume', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  const res = await fetch(`${t.baseUrl}/careers/${slug}/jobs/${roleId}/apply`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { accept: o.json ? 'application/json' : 'text/html', 'x-forwarded-for': o.ip ?? nextIp() },
  });
  const text = await res.text();
  let json: { message?: string; code?: string; errors?: Record<string, string[]>; redirect?: string } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, location: res.headers.get('location'), text, json, headers: res.headers };
}

/** Rows an application may leave behind, for "nothing stored" checks. */
async function footprint() {
  const count = async (table: PgTable) => {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table);
    return Number(row!.n);
  };
  return {
    candidates: await count(candidates),
    applications: await count(applications),
    files: await count(candidateFiles),
    stored: await count(storedFiles),
    careerApplications: await count(careerApplications),
    mails: await count(outbox),
    notifications: await count(notifications),
  };
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1', CAREERS_APPLY_RATE: '3' });
  owner = await createUser(t);
  recruiter = await createUser(t, { name: 'Rita Recruiter' });
  acme = await makeOrganisation('Acme Rockets', ['website']);
  other = await makeOrganisation('Other Org', ['website']);
  unsubscribed = await makeOrganisation('Quiet Org', []);
  await db().insert(careersSites).values({
    organisationId: acme.id,
    headline: 'Build rockets with us',
    intro: 'We are a small team.\n\nWe ship often.',
    brandColour: '#ffd43b',
  });
  const [eng] = await db().insert(teams).values({ organisationId: acme.id, name: 'Engineering' }).returning();
  const [des] = await db().insert(teams).values({ organisationId: acme.id, name: 'Design' }).returning();
  engineering = eng!.id;
  design = des!.id;
  backend = await makeRole(acme.id, 'Backend Engineer', {
    teamId: engineering,
    location: 'Berlin',
    locationType: 'hybrid',
    employmentType: 'full_time',
    salaryMin: 60000,
    salaryMax: 80000,
    salaryCurrency: 'EUR',
    descriptionHtml: '<h2>What you do</h2><p>Write <strong>fast</strong> code &amp; tests. </script><!-- x --></p>',
    questions: [
      { id: 'visa', label: 'Do you need a visa?', kind: 'yes_no', required: true },
      { id: 'why', label: 'Why us?', kind: 'long_text', required: false },
    ],
  });
  designer = await makeRole(acme.id, 'Product Designer', {
    teamId: design,
    locationType: 'remote',
    employmentType: 'contract',
  });
  support = await makeRole(acme.id, 'Support Lead', { location: 'Lisbon', locationType: 'on_site', employmentType: 'part_time' });
  draftRole = (await makeRole(acme.id, 'Draft Role', { status: 'draft' })).roleId;
  unpublishedRole = (await makeRole(acme.id, 'Hidden Role', { published: false })).roleId;
  closedRole = (await makeRole(acme.id, 'Closed Role', { status: 'closed' })).roleId;
  noRecruitmentRole = (await makeRole(acme.id, 'Paused Role', { recruitment: 'closed' })).roleId;
  otherRole = (await makeRole(other.id, 'Other Secret Role')).roleId;
  unsubscribedRole = (await makeRole(unsubscribed.id, 'Quiet Role')).roleId;
  // On the recruitment's team, and a member of the organisation (nothing reaches anyone else).
  await addMember(t, acme.id, recruiter.id, 'recruiter');
  await db().insert(recruitmentMembers).values({ recruitmentId: backend.recruitmentId, userId: recruiter.id, role: 'recruiter' });
  const [first] = await db()
    .select()
    .from(recruitmentStatuses)
    .where(and(eq(recruitmentStatuses.organisationId, acme.id), eq(recruitmentStatuses.position, 1)));
  firstStatusId = first!.id;
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => clearCareersCaches());

describe('careers pages: what is public and what is not', () => {
  it('answers 404 (HTML) for an unknown slug, an organisation without the Website product, and its roles', async () => {
    for (const path of [
      '/careers/no-such-org',
      `/careers/${unsubscribed.slug}`,
      `/careers/${unsubscribed.slug}/jobs/${unsubscribedRole}`,
      `/careers/${acme.slug}/jobs/not-a-uuid`,
      `/careers/${acme.slug}/nothing-here`,
    ]) {
      const res = await html(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('<h1>Page not found</h1>');
      expect(res.text).not.toContain('Quiet Role');
    }
  });

  it('answers 404 for a role that is a draft, unpublished, closed, without an open recruitment, or of another organisation', async () => {
    for (const roleId of [draftRole, unpublishedRole, closedRole, noRecruitmentRole, otherRole]) {
      const res = await html(`/careers/${acme.slug}/jobs/${roleId}`);
      expect(res.status, roleId).toBe(404);
      expect(res.text).not.toContain('Other Secret Role');
    }
    // The other organisation's role is on its own site.
    expect((await html(`/careers/${other.slug}/jobs/${otherRole}`)).status).toBe(200);
  });

  it('answers JSON errors to a client that asks for JSON', async () => {
    const res = await page('/careers/no-such-org', { accept: 'application/json' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });

  it('lists only the organisation’s live roles, grouped by team, with filters', async () => {
    const res = await html(`/careers/${acme.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('etag')).toBeTruthy();
    const text = res.text;
    expect(text).toContain('<html lang="en">');
    expect(text).toContain('<h1>Build rockets with us</h1>');
    expect(text.match(/<h1[ >]/g)).toHaveLength(1);
    for (const name of ['Backend Engineer', 'Product Designer', 'Support Lead']) expect(text).toContain(name);
    for (const name of ['Draft Role', 'Hidden Role', 'Closed Role', 'Paused Role', 'Other Secret Role', 'Quiet Role'])
      expect(text).not.toContain(name);
    // Grouped by team, teams by name, roles without a team last.
    const order = ['>Design<', 'Product Designer', '>Engineering<', 'Backend Engineer', '>Other roles<', 'Support Lead'].map((s) =>
      text.indexOf(s),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain(`<link rel="canonical" href="${t.baseUrl}/careers/${acme.slug}">`);
    expect(text).toMatch(/<meta name="description" content="We are a small team/);
    // Filter choices come from the live roles.
    expect(text).toContain('<option value="Berlin">Berlin</option>');
    expect(text).toContain('<option value="Remote">Remote</option>');
    expect(text).toContain('<label for="filter-location">');

    const remote = await html(`/careers/${acme.slug}?location=Remote`);
    expect(remote.text).toContain('Product Designer');
    expect(remote.text).not.toContain('Backend Engineer');
    expect(remote.text).toContain('<meta name="robots" content="noindex">');
    const partTime = await html(`/careers/${acme.slug}?type=part_time`);
    expect(partTime.text).toContain('Support Lead');
    expect(partTime.text).not.toContain('Product Designer');
    const berlinContract = await html(`/careers/${acme.slug}?location=berlin&type=contract`);
    expect(berlinContract.text).toContain('No open roles match these filters');

    const otherSite = await html(`/careers/${other.slug}`);
    expect(otherSite.text).toContain('Other Secret Role');
    expect(otherSite.text).toContain('<h1>Careers at Other Org</h1>');
    expect(otherSite.text).not.toContain('Backend Engineer');
  });

  it('answers 304 to a matching ETag and gzips for clients that accept it', async () => {
    const first = await page(`/careers/${acme.slug}`);
    const etag = first.headers.get('etag')!;
    await first.text();
    const again = await page(`/careers/${acme.slug}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const gz = await page(`/careers/${acme.slug}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('Backend Engineer');
  });

  it('gives the brand colour readable text and a link shade with enough contrast', async () => {
    const { text } = await html(`/careers/${acme.slug}`);
    // #ffd43b (light yellow): dark text on it; links a darker shade on white.
    expect(text).toContain('--brand:#ffd43b;--on-brand:#111418;');
    const accent = /--accent:(#[0-9a-f]{6})/.exec(text)![1]!;
    expect(accent).not.toBe('#ffd43b');
  });

  it('renders the role page with facts, an accessible form and JobPosting data that parses', async () => {
    const res = await html(`/careers/${acme.slug}/jobs/${backend.roleId}`);
    expect(res.status).toBe(200);
    const text = res.text;
    expect(text.match(/<h1[ >]/g)).toHaveLength(1);
    expect(text).toContain('<h1>Backend Engineer</h1>');
    // The description's h2 sits under "About the role".
    expect(text).toContain('<h3>What you do</h3>');
    expect(text).toContain('€60,000–€80,000 a year');
    expect(text).toContain('id="apply"');
    expect(text).toContain(`action="/careers/${acme.slug}/jobs/${backend.roleId}/apply"`);
    expect(text).toContain('enctype="multipart/form-data"');
    // Every visible input has a label.
    for (const id of ['f-name', 'f-email', 'f-phone', 'f-links', 'f-resume', 'f-cover-note', 'f-consent', 'q-1-yes', 'q-1-no', 'q-2']) {
      expect(text, id).toContain(`for="${id}"`);
      expect(text, id).toContain(`id="${id}"`);
    }
    expect(text).toContain('<legend>Do you need a visa?</legend>');
    expect(text).toContain('<legend>Consent</legend>');

    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text);
    expect(script).not.toBeNull();
    const raw = script![1]!;
    expect(raw).not.toContain('<');
    const posting = JSON.parse(raw);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Backend Engineer',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Acme Rockets' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Berlin' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR', value: { minValue: 60000, maxValue: 80000, unitText: 'YEAR' } },
    });
    // The description is HTML inside the JSON (escaped above); what is not allowed in a description is gone.
    expect(posting.description).toContain('<h2>What you do</h2>');
    expect(posting.description).not.toContain('</script>');
    expect(text).not.toContain('<!-- x -->');
    expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posting.validThrough).toBeUndefined();

    const remote = await html(`/careers/${acme.slug}/jobs/${designer.roleId}`);
    const remotePosting = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(remote.text)![1]!);
    expect(remotePosting).toMatchObject({ jobLocationType: 'TELECOMMUTE', employmentType: 'CONTRACTOR' });
    expect(remotePosting.baseSalary).toBeUndefined();
  });

  it('loads the form check script (deferred, same origin, cached for good) with the server’s rules and messages as data', async () => {
    const res = await html(`/careers/${acme.slug}/jobs/${backend.roleId}`);
    const src = /<script src="(\/careers\/_assets\/form\.[0-9a-f]{12}\.js)" defer><\/script>/.exec(res.text)?.[1];
    expect(src).toBeDefined();
    const rules = JSON.parse(/<script type="application\/json" id="apply-rules">([\s\S]*?)<\/script>/.exec(res.text)![1]!);
    expect(rules.texts.consentRequired).toBe(APPLY_TEXTS.consentRequired);
    expect(rules.texts.summary).toBe(APPLY_TEXTS.summary);
    expect(rules.controls).toContainEqual({ field: 'q_visa', id: 'q-1', anchor: 'q-1-yes', group: true });
    expect(rules.controls).toContainEqual({ field: 'resume', id: 'f-resume', anchor: 'f-resume', group: false });
    // Not on the listing.
    expect((await html(`/careers/${acme.slug}`)).text).not.toContain('_assets/form.');

    const script = await fetch(`${t.baseUrl}${src}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await script.text();
    expect(body).toContain('apply-rules');
    expect(body.length).toBeLessThan(12_000);
    expect((await fetch(`${t.baseUrl}/careers/_assets/form.000000000000.js`)).status).toBe(404);
  });

  it('shows changes: at once after invalidateCareersSite, otherwise once the cached site is found out of date', async () => {
    const role = await makeRole(acme.id, 'Freshly Published', { published: false });
    expect((await html(`/careers/${acme.slug}`)).text).not.toContain('Freshly Published');
    await db().update(jobRoles).set({ published: true, updatedAt: new Date() }).where(eq(jobRoles.id, role.roleId));
    // Still the cached page (within the cache period) …
    expect((await html(`/careers/${acme.slug}`)).text).not.toContain('Freshly Published');
    // … until the site is invalidated.
    invalidateCareersSite(acme.id);
    expect((await html(`/careers/${acme.slug}`)).text).toContain('Freshly Published');
    await db().update(jobRoles).set({ published: false, updatedAt: new Date() }).where(eq(jobRoles.id, role.roleId));
    invalidateCareersSite(acme.id);
    expect((await html(`/careers/${acme.slug}/jobs/${role.roleId}`)).status).toBe(404);
  });

  it('answers 404 once the organisation drops the Website product', async () => {
    const org = await makeOrganisation('Leaving Org', ['website']);
    const { roleId } = await makeRole(org.id, 'Last Role');
    expect((await html(`/careers/${org.slug}`)).status).toBe(200);
    await db().update(organisations).set({ products: [], updatedAt: new Date() }).where(eq(organisations.id, org.id));
    invalidateCareersSite(org.id);
    expect((await html(`/careers/${org.slug}`)).status).toBe(404);
    expect((await html(`/careers/${org.slug}/jobs/${roleId}`)).status).toBe(404);
  });

  it('serves the site logo with its size on the page', async () => {
    const png = await pngOf(120, 48);
    const key = `organisations/${acme.id}/careers/logo/test.png`;
    await createStorage(t.config).put(key, png, 'image/png');
    const [file] = await db()
      .insert(storedFiles)
      .values({ organisationId: acme.id, key, filename: 'logo.png', contentType: 'image/png', size: png.length })
      .returning();
    await db().update(careersSites).set({ logoFileId: file!.id, updatedAt: new Date() }).where(eq(careersSites.organisationId, acme.id));
    invalidateCareersSite(acme.id);
    const { text } = await html(`/careers/${acme.slug}`);
    expect(text).toContain(`<img src="/careers/${acme.slug}/logo?v=${file!.id}" alt="Acme Rockets logo" width="120" height="48">`);
    const logo = await page(`/careers/${acme.slug}/logo?v=${file!.id}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
    expect((await page(`/careers/${other.slug}/logo`)).status).toBe(404);
    await db().update(careersSites).set({ logoFileId: null, updatedAt: new Date() }).where(eq(careersSites.organisationId, acme.id));
    invalidateCareersSite(acme.id);
  });

  it('counts page views in memory and writes them on flush', async () => {
    await flushPageViews();
    const viewsOf = async (p: string) => {
      const rows = await db()
        .select({ views: careersPageViews.views })
        .from(careersPageViews)
        .where(and(eq(careersPageViews.organisationId, acme.id), eq(careersPageViews.page, p)));
      return rows.reduce((a, r) => a + r.views, 0);
    };
    const before = { index: await viewsOf('index'), role: await viewsOf(support.roleId) };
    await (await page(`/careers/${acme.slug}`)).text();
    await (await page(`/careers/${acme.slug}`)).text();
    await (await page(`/careers/${acme.slug}/jobs/${support.roleId}`)).text();
    await (await page(`/careers/${acme.slug}/jobs/${closedRole}`)).text();
    expect(await viewsOf('index')).toBe(before.index);
    await flushPageViews();
    expect(await viewsOf('index')).toBe(before.index + 2);
    expect(await viewsOf(support.roleId)).toBe(before.role + 1);
    expect(await viewsOf(closedRole)).toBe(0);
  });
});

describe('applying', () => {
  it('creates the candidate and the application in the role’s open recruitment, with the résumé, answers, consent, mail and notification', async () => {
    const email = 'ada@example.test';
    const res = await apply(acme.slug, backend.roleId, { ...validFields(email), q_visa: 'no', q_why: 'Rockets.' });
    expect(res.status, res.text).toBe(303);
    expect(res.location).toBe(`/careers/${acme.slug}/jobs/${backend.roleId}/applied`);
    const [candidate] = await db()
      .select()
      .from(candidates)
      .where(and(eq(candidates.organisationId, acme.id), eq(candidates.email, email)));
    expect(candidate).toMatchObject({
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      links: ['https://github.com/ada', 'https://ada.example.com'],
      source: 'careers_site',
      consentSource: 'application_form',
    });
    expect(candidate!.consentAt).not.toBeNull();
    const apps = await db().select().from(applications).where(eq(applications.candidateId, candidate!.id));
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({
      organisationId: acme.id,
      recruitmentId: backend.recruitmentId,
      statusId: firstStatusId,
      source: 'careers_site',
    });
    const files = await db()
      .select({ kind: candidateFiles.kind, filename: storedFiles.filename, contentType: storedFiles.contentType, key: storedFiles.key })
      .from(candidateFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, candidateFiles.storedFileId))
      .where(eq(candidateFiles.candidateId, candidate!.id));
    expect(files).toEqual([expect.objectContaining({ kind: 'resume', filename: 'ada-cv.pdf', contentType: 'application/pdf' })]);
    const object = await createStorage(t.config).get(files[0]!.key);
    expect(object).not.toBeNull();
    const [extra] = await db().select().from(careerApplications).where(eq(careerApplications.applicationId, apps[0]!.id));
    expect(extra).toMatchObject({
      organisationId: acme.id,
      roleId: backend.roleId,
      coverNote: 'I would love to work on your engine.',
      answers: [
        { question_id: 'visa', label: 'Do you need a visa?', answer: 'No' },
        { question_id: 'why', label: 'Why us?', answer: 'Rockets.' },
      ],
    });
    const timeline = await db().select({ type: activities.type }).from(activities).where(eq(activities.candidateId, candidate!.id));
    expect(timeline.map((a) => a.type).sort()).toEqual(['application.created', 'candidate.created', 'file.uploaded']);
    const mails = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'mail'), sql`${outbox.payload}->>'to' = ${email}`));
    expect(mails).toHaveLength(1);
    expect(String(mails[0]!.payload.subject)).toContain('Backend Engineer');
    const notes = await db().select().from(notifications).where(eq(notifications.userId, recruiter.id));
    expect(notes).toEqual([expect.objectContaining({ type: 'new_application', organisationId: acme.id })]);

    const thanks = await html(res.location!);
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain('Thank you for applying');
  });

  it('shows the cover note and the answers to a recruiter in the application’s detail, and to no one outside the organisation', async () => {
    const email = 'katherine@example.test';
    const note = 'I ran the numbers for Friendship 7.\n\nHappy to start in March.';
    const res = await apply(acme.slug, backend.roleId, { ...validFields(email), cover_note: note, q_visa: 'yes', q_why: 'The engine.' });
    expect(res.status, res.text).toBe(303);
    const [row] = await db()
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(candidates, eq(candidates.id, applications.candidateId))
      .where(and(eq(candidates.organisationId, acme.id), eq(candidates.email, email)));
    const path = `organisation/${acme.id}/applications/${row!.id}`;

    const seen = await (await signIn(t, recruiter)).get(path);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.json.application.career_application).toEqual({
      cover_note: note.replaceAll('\n', '\r\n'), // a form post sends line breaks as CRLF
      answers: [
        { question_id: 'visa', label: 'Do you need a visa?', answer: 'Yes' },
        { question_id: 'why', label: 'Why us?', answer: 'The engine.' },
      ],
    });

    // An application added in the app has none; a member of another organisation sees nothing.
    const recruiterClient = await (await signIn(t, recruiter)).csrf();
    const added = await recruiterClient.post(`organisation/${acme.id}/recruitments/${backend.recruitmentId}/applications`, {
      candidate: { name: 'Added By Hand', email: 'by-hand@example.test' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.application.career_application).toBeNull();
    const stranger = await createUser(t);
    await addMember(t, other.id, stranger.id, 'owner');
    const outside = await (await signIn(t, stranger)).get(path);
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('Friendship');
  });

  it('matches an existing person by e-mail: a new application for another role, no second candidate', async () => {
    const email = 'grace@example.test';
    expect((await apply(acme.slug, support.roleId, validFields(email))).status).toBe(303);
    const res = await apply(acme.slug, designer.roleId, { ...validFields('  GRACE@example.test '), name: 'Grace H.' });
    expect(res.status, res.text).toBe(303);
    const people = await db()
      .select()
      .from(candidates)
      .where(and(eq(candidates.organisationId, acme.id), eq(candidates.email, email)));
    expect(people).toHaveLength(1);
    const apps = await db().select().from(applications).where(eq(applications.candidateId, people[0]!.id));
    expect(apps.map((a) => a.recruitmentId).sort()).toEqual([support.recruitmentId, designer.recruitmentId].sort());
  });

  it('treats a second application to the same recruitment as received, without a duplicate, and says so', async () => {
    const email = 'twice@example.test';
    expect((await apply(acme.slug, support.roleId, validFields(email))).status).toBe(303);
    const before = await footprint();
    const res = await apply(acme.slug, support.roleId, validFields(email));
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/careers/${acme.slug}/jobs/${support.roleId}/applied?already=1`);
    expect(await footprint()).toEqual(before);
    expect((await html(res.location!)).text).toContain('You have already applied');
  });

  it('lands an application only in the organisation of the site: another organisation’s role id is a 404', async () => {
    const before = await footprint();
    const res = await apply(acme.slug, otherRole, validFields('intruder@example.test'));
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not found');
    const viaOther = await apply(other.slug, backend.roleId, validFields('intruder@example.test'), pdf(), { json: true });
    expect(viaOther.status).toBe(404);
    expect(viaOther.json).toMatchObject({ code: 'not_found' });
    expect(await footprint()).toEqual(before);
  });

  it('refuses every bad input with a clear message, keeps the typed values, and stores nothing', async () => {
    const before = await footprint();
    const cases: {
      name: string;
      fields?: ApplyFields;
      file?: ReturnType<typeof pdf> | null;
      field: string;
      message: string;
      status?: number;
    }[] = [
      {
        name: 'wrong type',
        file: { bytes: Buffer.from('just text, not a document'), filename: 'cv.pdf', type: 'application/pdf' },
        field: 'resume',
        message: APPLY_TEXTS.resumeType,
      },
      {
        name: 'image as résumé',
        file: { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), filename: 'cv.png', type: 'image/png' },
        field: 'resume',
        message: APPLY_TEXTS.resumeType,
      },
      {
        name: 'over 10 MB',
        file: {
          bytes: Buffer.concat([documents.pdf(), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]),
          filename: 'big.pdf',
          type: 'application/pdf',
        },
        field: 'resume',
        message: APPLY_TEXTS.resumeTooLarge,
        status: 413,
      },
      { name: 'no résumé', file: null, field: 'resume', message: APPLY_TEXTS.resumeRequired },
      { name: 'no consent', fields: { consent: '' }, field: 'consent', message: APPLY_TEXTS.consentRequired },
      { name: 'bad email', fields: { email: 'not-an-email' }, field: 'email', message: APPLY_TEXTS.emailInvalid },
      { name: 'no name', fields: { name: '  ' }, field: 'name', message: APPLY_TEXTS.nameRequired },
      { name: 'bad link', fields: { links: 'javascript:alert(1)' }, field: 'links', message: APPLY_TEXTS.linksInvalid },
      { name: 'required question', fields: { q_visa: '' }, field: 'q_visa', message: APPLY_TEXTS.answerYesNo },
      { name: 'yes/no garbage', fields: { q_visa: 'maybe' }, field: 'q_visa', message: APPLY_TEXTS.answerYesNo },
    ];
    for (const c of cases) {
      const fields = { ...validFields(`bad-${c.name.replace(/\W/g, '')}@example.test`), q_visa: 'yes', ...c.fields };
      const file = c.file === undefined ? pdf() : c.file;
      const res = await apply(acme.slug, backend.roleId, fields, file);
      expect(res.status, c.name).toBe(c.status ?? 422);
      expect(res.headers.get('cache-control'), c.name).toBe('no-store');
      expect(res.text, c.name).toContain('There is a problem with your application');
      expect(res.text, c.name).toContain(c.message.replace(/'/g, '&#39;'));
      expect(res.text, c.name).toContain('aria-invalid="true"');
      // Values kept (except the file).
      if (c.field !== 'name') expect(res.text, c.name).toContain('value="Ada Lovelace"');
      const json = await apply(acme.slug, backend.roleId, fields, file, { json: true });
      expect(json.status, c.name).toBe(c.status ?? 422);
      expect(json.json?.errors?.[c.field], c.name).toEqual([c.message]);
    }
    expect(await footprint()).toEqual(before);
  });

  it('links each error in the summary to its field', async () => {
    const res = await apply(acme.slug, backend.roleId, { ...validFields('x'), consent: '', q_visa: '' }, null);
    expect(res.status).toBe(422);
    expect(res.text).toContain('<a href="#f-email">');
    expect(res.text).toContain('<a href="#f-resume">');
    expect(res.text).toContain('<a href="#q-1-yes">');
    expect(res.text).toContain('<a href="#f-consent">');
    expect(res.text).toContain('aria-describedby="f-email-error"');
    expect(res.text).toContain('<title>Error: Backend Engineer');
  });

  it('refuses a form with too many fields, storing nothing', async () => {
    const before = await footprint();
    const fields: ApplyFields = { ...validFields('many@example.test'), q_visa: 'yes' };
    for (let i = 0; i < 80; i++) fields[`extra_${i}`] = 'x';
    const res = await apply(acme.slug, backend.roleId, fields);
    expect(res.status).toBe(422);
    expect(res.text).toContain(APPLY_TEXTS.tooManyFields);
    expect(await footprint()).toEqual(before);
  });

  it('answers a filled honeypot as if accepted, storing nothing', async () => {
    const before = await footprint();
    const res = await apply(acme.slug, support.roleId, { ...validFields('robot@example.test'), website: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/careers/${acme.slug}/jobs/${support.roleId}/applied`);
    expect(await footprint()).toEqual(before);
  });

  it('refuses closed, unpublished and not-live roles with 404, storing nothing', async () => {
    const before = await footprint();
    for (const roleId of [closedRole, unpublishedRole, draftRole, noRecruitmentRole]) {
      const res = await apply(acme.slug, roleId, validFields('late@example.test'));
      expect(res.status, roleId).toBe(404);
    }
    // Closed after the page was cached: the database decides.
    const closing = await makeRole(acme.id, 'Closing Soon');
    clearCareersCaches();
    expect((await html(`/careers/${acme.slug}/jobs/${closing.roleId}`)).status).toBe(200);
    await db().update(jobRoles).set({ status: 'closed' }).where(eq(jobRoles.id, closing.roleId));
    const res = await apply(acme.slug, closing.roleId, validFields('late@example.test'));
    expect(res.status).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it('refuses applications for an organisation without the Website product', async () => {
    const res = await apply(unsubscribed.slug, unsubscribedRole, validFields('quiet@example.test'));
    expect(res.status).toBe(404);
  });

  it('rate limits applications per address with a clear 429 page', async () => {
    const address = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await apply(acme.slug, support.roleId, { ...validFields(`rl-${i}@example.test`) }, pdf(), { ip: address })).status);
    }
    expect(statuses).toEqual([303, 303, 303]);
    const before = await footprint();
    const limited = await apply(acme.slug, support.roleId, validFields('rl-4@example.test'), pdf(), { ip: address });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('text/html');
    expect(limited.text).toContain(APPLY_TEXTS.rateLimited);
    const json = await apply(acme.slug, support.roleId, validFields('rl-5@example.test'), pdf(), { ip: address, json: true });
    expect(json.status).toBe(429);
    expect(json.json).toMatchObject({ code: 'rate_limited', message: APPLY_TEXTS.rateLimited });
    expect(await footprint()).toEqual(before);
    // Another address is not affected.
    expect((await apply(acme.slug, support.roleId, validFields('rl-6@example.test'))).status).toBe(303);
  });
});

describe('row-level security (docs/decisions/011-row-level-security.md)', () => {
  it('runs each careers request in the organisation its slug names, as hireloop_app; an unknown or unsubscribed slug reaches nothing', async () => {
    // The real app, with the database's organisation transactions observed: in each, before the
    // request's own work, a query without any organisation condition records what it can see.
    type Seen = { organisation: string; role: string; setting: string; roles: string[]; organisations: number };
    const seen: Seen[] = [];
    const app = await buildApp({
      config: t.config,
      database: {
        ...t.database,
        inOrganisation: (organisationId, work) =>
          t.database.inOrganisation(organisationId, async () => {
            const { rows } = (await db().execute(
              sql`select current_user as role, current_setting('app.organisation_id', true) as setting,
                         (select array_agg(name order by name) from job_roles) as roles,
                         (select count(*)::int from organisations) as organisations`,
            )) as unknown as { rows: Omit<Seen, 'organisation'>[] };
            seen.push({ organisation: organisationId, ...rows[0]! });
            return work();
          }),
      },
    });
    const inject = (url: string, init: { method?: 'GET' | 'POST'; payload?: Buffer; headers?: Record<string, string> } = {}) =>
      app.inject({ method: init.method ?? 'GET', url, payload: init.payload, headers: { accept: 'text/html', ...init.headers } });
    try {
      const acmeRoles = (await db().select({ name: jobRoles.name }).from(jobRoles).where(eq(jobRoles.organisationId, acme.id)))
        .map((r) => r.name)
        .sort();
      // As the owner, the same query sees every organisation's roles.
      expect(acmeRoles.length).toBeLessThan((await db().select({ id: jobRoles.id }).from(jobRoles)).length);

      expect((await inject(`/careers/${acme.slug}`)).statusCode).toBe(200);
      expect((await inject(`/careers/${acme.slug}/jobs/${support.roleId}`)).statusCode).toBe(200);
      // HEAD runs the same way (Fastify's HEAD route of each GET is wrapped too).
      expect((await app.inject({ method: 'HEAD', url: `/careers/${acme.slug}` })).statusCode).toBe(200);
      expect((await app.inject({ method: 'HEAD', url: '/careers/no-such-org' })).statusCode).toBe(404);
      const form = new FormData();
      for (const [k, v] of Object.entries(validFields('rls-applicant@example.test'))) form.append(k, v);
      form.append('resume', new Blob([new Uint8Array(documents.pdf())], { type: 'application/pdf' }), 'cv.pdf');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const applied = await inject(`/careers/${acme.slug}/jobs/${support.roleId}/apply`, {
        method: 'POST',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')!, 'x-forwarded-for': nextIp() },
      });
      expect(applied.statusCode, applied.body).toBe(303);

      expect(seen.length).toBeGreaterThanOrEqual(3);
      for (const s of seen) {
        expect(s).toEqual({ organisation: acme.id, role: 'hireloop_app', setting: acme.id, roles: acmeRoles, organisations: 1 });
      }

      // Another organisation's slug runs in that organisation only.
      seen.length = 0;
      expect((await inject(`/careers/${other.slug}`)).statusCode).toBe(200);
      expect(seen.length).toBeGreaterThan(0);
      for (const s of seen) expect(s).toMatchObject({ organisation: other.id, role: 'hireloop_app', roles: ['Other Secret Role'] });

      // No organisation has the slug, or it lacks the Website product: the 404 page, no transaction.
      seen.length = 0;
      for (const path of [
        '/careers/no-such-org',
        '/careers/no-such-org/jobs/' + support.roleId,
        `/careers/${unsubscribed.slug}`,
        `/careers/${unsubscribed.slug}/logo`,
      ]) {
        const res = await inject(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.body).toContain('<h1>Page not found</h1>');
      }
      const before = await footprint();
      const refused = await inject(`/careers/${unsubscribed.slug}/jobs/${unsubscribedRole}/apply`, {
        method: 'POST',
        payload: Buffer.from(await new Request('http://localhost/', { method: 'POST', body: form }).arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')!, 'x-forwarded-for': nextIp(), accept: 'application/json' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'not_found' });
      expect(await footprint()).toEqual(before);
      expect(seen).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
