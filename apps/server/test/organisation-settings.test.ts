import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { organisationSettingsOperations as ops } from '@hireloop/contract/operations/organisation-settings';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOperations as auditOps } from '@hireloop/contract/operations/audit';
import type { QueryInput } from '@hireloop/contract/operations/operation';
import { seedDemo } from '../src/db/demo-seed.ts';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { memberships, organisations } from '../src/db/schema/organisations.ts';
import { storedFiles } from '../src/db/schema/outbox.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { users } from '../src/db/schema/users.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { download, pngOf, upload } from './uploads.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-org-'));
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** An organisation with an owner, an admin and a recruiter, each signed in. */
async function team(name?: string) {
  const owner = await createUser(t, { name: 'Olive Owner' });
  const org = await createOrganisation(t, owner, name ? { name } : {});
  const admin = await createUser(t, { name: 'Adam Admin' });
  const recruiter = await createUser(t, { name: 'Rita Recruiter' });
  await addMember(t, org.id, admin.id, 'admin');
  await addMember(t, org.id, recruiter.id, 'recruiter');
  return {
    org,
    owner: { user: owner, client: await signIn(t, owner) },
    admin: { user: admin, client: await signIn(t, admin) },
    recruiter: { user: recruiter, client: await signIn(t, recruiter) },
  };
}

type AuditQuery = QueryInput<typeof auditOps.list>;
/** The audit log's page, parsed with the contract's schema. */
const auditOf = async (c: Client, orgId: string, query?: AuditQuery) =>
  (await expectOk(c, auditOps.list, { params: { organisationId: orgId }, ...(query ? { query } : {}) })).audit_entries;
const auditCall = (c: Client, orgId: string, query?: AuditQuery) =>
  callOperation(c, auditOps.list, { params: { organisationId: orgId }, ...(query ? { query } : {}) });
/** GET organisation/{id}, which must answer 200. */
const settingsOf = async (c: Client, organisationId: string) => (await expectOk(c, ops.get, { params: { organisationId } })).organisation;

describe('GET organisation/{id}', () => {
  it('shows the organisation to every member', async () => {
    const { org, recruiter } = await team('Readable Ltd');
    expect(await settingsOf(recruiter.client, org.id)).toEqual({
      id: org.id,
      name: 'Readable Ltd',
      slug: org.slug,
      logo_url: null,
      website: null,
      timezone: 'UTC',
      offer_approval: null,
      created_at: expect.any(String),
    });
  });
});

describe('PATCH organisation/{id}', () => {
  it('changes name, slug, website and timezone and records one audit entry with before → after', async () => {
    const { org, admin } = await team('Before Name');
    const res = await expectOk(admin.client, ops.update, {
      params: { organisationId: org.id },
      body: { name: 'After Name', slug: `after-${org.id.slice(0, 8)}`, website: 'https://after.example', timezone: 'america/new_york' },
    });
    expect(res.organisation).toMatchObject({
      name: 'After Name',
      slug: `after-${org.id.slice(0, 8)}`,
      website: 'https://after.example',
      timezone: 'America/New_York',
    });
    const log = await auditOf(admin.client, org.id);
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({
      action: 'organisation.updated',
      target_type: 'organisation',
      target_id: org.id,
      actor: { type: 'user', id: admin.user.id, name: 'Adam Admin' },
      before: { name: 'Before Name', slug: org.slug, website: null, timezone: 'UTC' },
      after: { name: 'After Name', slug: `after-${org.id.slice(0, 8)}`, website: 'https://after.example', timezone: 'America/New_York' },
    });
    // GET auth carries the new name for the header and switcher.
    expect((await admin.client.get('auth')).json.auth.organisations.find((o: { id: string }) => o.id === org.id).name).toBe('After Name');
  });

  it('audits only what changed, and nothing when nothing changed', async () => {
    const { org, owner } = await team();
    await expectOk(owner.client, ops.update, { params: { organisationId: org.id }, body: { timezone: 'Europe/Paris', name: org.name } });
    await expectOk(owner.client, ops.update, { params: { organisationId: org.id }, body: { timezone: 'Europe/Paris' } });
    const entries = (await auditOf(owner.client, org.id)).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toEqual({ timezone: 'UTC' });
    expect(entries[0]?.after).toEqual({ timezone: 'Europe/Paris' });
  });

  it('refuses a slug another organisation has (409, field message) and changes nothing', async () => {
    const { org, owner } = await team('Keeps Its Slug');
    const other = await createOrganisation(t, await createUser(t));
    const res = await expectStatus(owner.client, ops.update, 409, {
      params: { organisationId: org.id },
      body: { name: 'Renamed', slug: other.slug },
    });
    expect(res.errors).toEqual({ slug: ['This URL slug is already taken.'] });
    expect(await settingsOf(owner.client, org.id)).toMatchObject({ name: 'Keeps Its Slug', slug: org.slug });
    expect((await auditOf(owner.client, org.id)).data).toEqual([]);
  });

  it('refuses a bad slug, a non-http website, a short name and an unknown timezone (422) and changes nothing', async () => {
    const { org, owner } = await team('Stays Put');
    const res = await expectStatus(owner.client, ops.update, 422, {
      params: { organisationId: org.id },
      body: { name: 'X', slug: 'Not A Slug', website: 'javascript:alert(1)', timezone: 'Nowhere/Land' },
    });
    expect(res.errors).toEqual({
      name: ['The name must be at least 2 characters.'],
      slug: ['Use lowercase letters, digits and single dashes.'],
      website: ['Enter a full URL, e.g. https://example.com.'],
      timezone: ['Choose a valid timezone, e.g. Europe/London.'],
    });
    expect((await settingsOf(owner.client, org.id)).name).toBe('Stays Put');
  });

  it('clears the website with an empty string', async () => {
    const { org, owner } = await team();
    await expectOk(owner.client, ops.update, { params: { organisationId: org.id }, body: { website: 'https://x.example' } });
    const res = await expectOk(owner.client, ops.update, { params: { organisationId: org.id }, body: { website: '' } });
    expect(res.organisation.website).toBeNull();
  });

  it('is refused to a recruiter (403)', async () => {
    const { org, recruiter } = await team();
    expect(
      (await callOperation(recruiter.client, ops.update, { params: { organisationId: org.id }, body: { name: 'Mine now' } })).status,
    ).toBe(403);
  });
});

describe('logo', () => {
  it('stores an upload as a PNG within 512×512, served to members with nosniff, never as HTML', async () => {
    const { org, admin, recruiter } = await team();
    const res = await upload(admin.client, `organisation/${org.id}/logo`, 'logo', {
      bytes: await pngOf(1024, 256),
      filename: 'logo.png',
      type: 'image/png',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.organisation.logo_url).toMatch(new RegExp(`^/api/v1/organisation/${org.id}/logo\\?v=[0-9a-f-]{36}$`));
    const image = await download(recruiter.client, res.json.organisation.logo_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toBe('inline; filename="logo.png"');
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'png', width: 512, height: 128 });

    const entries = (await auditOf(admin.client, org.id)).data;
    expect(entries[0]).toMatchObject({
      action: 'organisation.logo_changed',
      before: { logo_url: null },
      after: { logo_url: res.json.organisation.logo_url },
    });
  });

  it('does not enlarge a small logo', async () => {
    const { org, owner } = await team();
    const res = await upload(owner.client, `organisation/${org.id}/logo`, 'logo', {
      bytes: await pngOf(100, 50),
      filename: 'l.png',
      type: 'image/png',
    });
    const image = await download(owner.client, res.json.organisation.logo_url);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 100, height: 50 });
  });

  it('is 404 for a member of another organisation and 401 signed out', async () => {
    const { org, owner } = await team();
    await upload(owner.client, `organisation/${org.id}/logo`, 'logo', { bytes: await pngOf(64, 64), filename: 'l.png', type: 'image/png' });
    const stranger = await createUser(t);
    await createOrganisation(t, stranger);
    expect((await download(await signIn(t, stranger), `/api/v1/organisation/${org.id}/logo`)).status).toBe(404);
    expect((await download(new Client(t.baseUrl), `/api/v1/organisation/${org.id}/logo`)).status).toBe(401);
  });

  it('refuses a non-image and an oversized file with the field message, keeping the logo', async () => {
    const { org, owner } = await team();
    const first = await upload(owner.client, `organisation/${org.id}/logo`, 'logo', {
      bytes: await pngOf(64, 64),
      filename: 'l.png',
      type: 'image/png',
    });
    const svg = await upload(owner.client, `organisation/${org.id}/logo`, 'logo', {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      filename: 'logo.png',
      type: 'image/png',
    });
    expect(svg.status).toBe(422);
    expect(svg.json.errors).toEqual({ logo: ['The file must be a PNG, JPEG, WebP or GIF image.'] });
    const big = await upload(owner.client, `organisation/${org.id}/logo`, 'logo', {
      bytes: Buffer.concat([await pngOf(8, 8), Buffer.alloc(3 * 1024 * 1024)]),
      filename: 'big.png',
      type: 'image/png',
    });
    expect(big.status).toBe(413);
    expect(big.json.errors).toEqual({ logo: ['The image may not be larger than 2 MB.'] });
    expect((await settingsOf(owner.client, org.id)).logo_url).toBe(first.json.organisation.logo_url);
  });

  it('a truncated PNG (right magic bytes, broken data) is refused as not an image', async () => {
    const { org, owner } = await team();
    const png = await pngOf(64, 64);
    const res = await upload(owner.client, `organisation/${org.id}/logo`, 'logo', {
      bytes: png.subarray(0, 40),
      filename: 'l.png',
      type: 'image/png',
    });
    expect(res.status).toBe(422);
  });

  it('is removed with DELETE (audited) and then 404', async () => {
    const { org, owner } = await team();
    await upload(owner.client, `organisation/${org.id}/logo`, 'logo', { bytes: await pngOf(64, 64), filename: 'l.png', type: 'image/png' });
    const res = await expectStatus(owner.client, ops.removeLogo, 200, { params: { organisationId: org.id } });
    expect(res.organisation.logo_url).toBeNull();
    const missing = await expectStatus(owner.client, ops.logo, 404, { params: { organisationId: org.id } });
    expect(missing.message).toBe('This organisation has no logo.');
    expect((await auditOf(owner.client, org.id)).data[0]?.action).toBe('organisation.logo_removed');
  });

  it('is refused to a recruiter (403) before the upload is read', async () => {
    const { org, recruiter } = await team();
    const res = await upload(recruiter.client, `organisation/${org.id}/logo`, 'logo', {
      bytes: await pngOf(8, 8),
      filename: 'l.png',
      type: 'image/png',
    });
    expect(res.status).toBe(403);
  });
});

describe('DELETE organisation/{id}', () => {
  it('refuses a wrong confirmation name (422, field message) and deletes nothing', async () => {
    const { org, owner, admin } = await team('Precise Name Ltd');
    for (const confirm of ['precise name ltd', 'Precise Name Ltd ', '']) {
      const res = await expectStatus(owner.client, ops.remove, 422, {
        params: { organisationId: org.id },
        body: { confirm_name: confirm },
      });
      expect(res.errors).toEqual({ confirm_name: ['Type the organisation’s name exactly as shown to confirm.'] });
    }
    const missing = await callOperation(owner.client, ops.remove, {
      params: { organisationId: org.id },
      body: {} as { confirm_name: string },
    });
    expect(missing.status).toBe(422);
    expect((await callOperation(admin.client, ops.get, { params: { organisationId: org.id } })).status).toBe(200);
  });

  it('is for the owner only: an admin gets 403', async () => {
    const { org, admin } = await team('Admin Cannot');
    const res = await callOperation(admin.client, ops.remove, {
      params: { organisationId: org.id },
      body: { confirm_name: 'Admin Cannot' },
    });
    expect(res.status).toBe(403);
  });

  it('deletes the organisation and all its rows and files; members then get 404 and lose it as current', async () => {
    const { org, owner, admin, recruiter } = await team('Doomed Co');
    const survivor = await createOrganisation(t, await createUser(t), { name: 'Survivor Co' });
    await addMember(t, survivor.id, admin.user.id, 'recruiter');
    await t.database.db.update(users).set({ currentOrganisationId: org.id }).where(eq(users.id, recruiter.user.id));
    await t.database.db.insert(jobRoles).values({ organisationId: org.id, name: 'Doomed role' });
    await expectOk(owner.client, ops.update, { params: { organisationId: org.id }, body: { timezone: 'Asia/Tokyo' } });
    await upload(owner.client, `organisation/${org.id}/logo`, 'logo', { bytes: await pngOf(64, 64), filename: 'l.png', type: 'image/png' });
    const logoDir = path.join(dataDir, 'files', 'organisations', org.id, 'logo');
    expect(await readdir(logoDir)).toHaveLength(1);

    await expectStatus(owner.client, ops.remove, 204, { params: { organisationId: org.id }, body: { confirm_name: 'Doomed Co' } });

    const db = t.database.db;
    expect(await db.select().from(organisations).where(eq(organisations.id, org.id))).toEqual([]);
    expect(await db.select().from(memberships).where(eq(memberships.organisationId, org.id))).toEqual([]);
    expect(await db.select().from(jobRoles).where(eq(jobRoles.organisationId, org.id))).toEqual([]);
    expect(await db.select().from(auditLog).where(eq(auditLog.organisationId, org.id))).toEqual([]);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.organisationId, org.id))).toEqual([]);
    expect(await readdir(logoDir)).toEqual([]);

    for (const member of [owner, admin, recruiter]) {
      expect((await callOperation(member.client, ops.get, { params: { organisationId: org.id } })).status).toBe(404);
      expect((await member.client.get(`organisation/${org.id}/users`)).status).toBe(404);
    }
    const recruiterAuth = (await recruiter.client.get('auth')).json.auth;
    expect(recruiterAuth.user.current_organisation_id).toBeNull();
    expect(recruiterAuth.organisations).toEqual([]);
    expect((await admin.client.get('auth')).json.auth.organisations.map((o: { name: string }) => o.name)).toEqual(['Survivor Co']);
    // The people themselves stay.
    expect(await db.select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);
  });
});

describe('GET organisation/{id}/audit-log', () => {
  it('pages newest first and filters by action, actor, target type and dates', async () => {
    const { org, owner, admin } = await team();
    await expectOk(owner.client, ops.update, { params: { organisationId: org.id }, body: { timezone: 'Europe/Madrid' } });
    await expectOk(admin.client, ops.update, { params: { organisationId: org.id }, body: { timezone: 'Europe/Rome' } });
    await upload(admin.client, `organisation/${org.id}/logo`, 'logo', { bytes: await pngOf(16, 16), filename: 'l.png', type: 'image/png' });

    const all = await auditOf(owner.client, org.id, { per_page: 2 });
    expect(all.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(all.data.map((e) => e.action)).toEqual(['organisation.logo_changed', 'organisation.updated']);
    const page2 = await auditOf(owner.client, org.id, { per_page: 2, page: 2 });
    expect(page2.data[0]?.after).toEqual({ timezone: 'Europe/Madrid' });

    const byAction = await auditOf(owner.client, org.id, { filter: { action: 'organisation.updated' } });
    expect(byAction.meta.total).toBe(2);
    const byActor = await auditOf(owner.client, org.id, { filter: { actor: owner.user.id } });
    expect(byActor.data.map((e) => e.after)).toEqual([{ timezone: 'Europe/Madrid' }]);
    const byTarget = await auditOf(owner.client, org.id, { filter: { target_type: 'member' } });
    expect(byTarget.meta.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect((await auditOf(owner.client, org.id, { filter: { from: today, to: today } })).meta.total).toBe(3);
    expect((await auditOf(owner.client, org.id, { filter: { to: '2000-01-01' } })).meta.total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await auditOf(owner.client, org.id, { filter: { from: future } })).meta.total).toBe(0);
  });

  it('refuses invalid dates, a reversed range and a malformed actor (422 with field messages)', async () => {
    const { org, owner } = await team();
    const params = { organisationId: org.id };
    const bad = await expectStatus(owner.client, auditOps.list, 422, {
      params,
      query: { filter: { from: 'yesterday', to: '2025-02-30' } },
    });
    expect(bad.errors).toEqual({ 'filter.from': ['Non ISO 8601 compliant date'], 'filter.to': ['Non ISO 8601 compliant date'] });
    const reversed = await expectStatus(owner.client, auditOps.list, 422, {
      params,
      query: { filter: { from: '2025-03-02', to: '2025-03-01' } },
    });
    expect(reversed.errors).toEqual({ 'filter.to': ['The end date must not be before the start date.'] });
    const actor = await expectStatus(owner.client, auditOps.list, 422, { params, query: { filter: { actor: 'bob' } } });
    expect(actor.errors).toEqual({ 'filter.actor': ['Choose a person from the list.'] });
  });

  it('is for owners and admins: a recruiter gets 403', async () => {
    const { org, recruiter } = await team();
    expect((await auditCall(recruiter.client, org.id)).status).toBe(403);
  });

  it("never shows another organisation's entries", async () => {
    const a = await team();
    const b = await team();
    await expectOk(b.owner.client, ops.update, { params: { organisationId: b.org.id }, body: { timezone: 'Asia/Seoul' } });
    expect((await auditOf(a.owner.client, a.org.id)).data).toEqual([]);
    expect((await auditCall(a.owner.client, b.org.id)).status).toBe(404);
  });
});

describe('demo data', () => {
  it('gives the demo organisation a short audit history, and Dana the London timezone', async () => {
    const demo = await startTestApp();
    try {
      await seedDemo(demo.database.db);
      const [dana] = await demo.database.db.select().from(users).where(eq(users.email, 'demo@hireloop.test'));
      const client = await signIn(demo, dana!);
      expect((await client.get('me')).json.profile.timezone).toBe('Europe/London');
      const log = await auditOf(client, dana!.currentOrganisationId!);
      expect(log.data.map((e) => e.action)).toEqual([
        'invitation.created',
        'member.role_changed',
        'organisation.updated',
        'organisation.created',
      ]);
      expect(log.data[2]).toMatchObject({
        actor: { name: 'Marcus Lee' },
        after: { website: 'https://northwind.example' },
      });
    } finally {
      await demo.close();
    }
  });
});
