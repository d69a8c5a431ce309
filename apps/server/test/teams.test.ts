import { teamOperations as ops } from '@hireloop/contract/operations/teams';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { storedFiles } from '../src/db/schema/outbox.ts';
import {
  Client as HttpClient,
  addMember,
  createOrganisation,
  createUser,
  signIn,
  startTestApp,
  type Client,
  type TestApp,
} from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { download, pngOf, upload } from './uploads.ts';

let t: TestApp;
let org: { id: string };
let owner: { id: string; name: string };
let recruiter: { id: string; name: string };
let client: Client;
let other: { id: string };
let stranger: { id: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner);
  recruiter = await createUser(t, { name: 'Rick Recruiter' });
  await addMember(t, org.id, recruiter.id, 'recruiter');
  client = await signIn(t, owner);
  stranger = await createUser(t, { name: 'Stan Stranger' });
  other = await createOrganisation(t, stranger);
});
afterAll(async () => t.close());

const base = () => `organisation/${org.id}/teams`;
const inOrg = () => ({ organisationId: org.id });
const teamOf = (teamId: string) => ({ organisationId: org.id, teamId });
const auditOf = (action: string, targetId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('teams and clients', () => {
  it('creates a client with contact details and records it in the audit log', async () => {
    const res = await expectStatus(client, ops.create, 201, {
      params: inOrg(),
      body: {
        name: '  Acme Retail ',
        kind: 'client',
        description: 'Retail chain we hire store managers for.',
        contact_name: 'Ann Acme',
        contact_email: 'ann@acme.example',
        contact_phone: '+44 20 7946 0000',
      },
    });
    expect(res.team).toMatchObject({
      name: 'Acme Retail',
      kind: 'client',
      contact_name: 'Ann Acme',
      contact_email: 'ann@acme.example',
      members: [],
      roles: [],
    });
    const [entry] = await auditOf('team.created', res.team.id);
    expect(entry).toMatchObject({ actorName: 'Olivia Owner', targetType: 'team', after: { name: 'Acme Retail', kind: 'client' } });
  });

  it('refuses bad input with field messages and creates nothing', async () => {
    const before = (await expectOk(client, ops.list, { params: inOrg() })).teams.meta.total;
    const res = await client.post(base(), {
      name: 'A',
      kind: 'partner',
      description: 'x'.repeat(2001),
      contact_email: 'not-an-email',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['contact_email', 'description', 'kind', 'name']);
    expect(res.json.errors.contact_email).toEqual(['Enter a valid email address.']);
    expect((await expectOk(client, ops.list, { params: inOrg() })).teams.meta.total).toBe(before);
  });

  it('refuses a duplicate name ignoring case with 409 and a field message, on create and rename', async () => {
    await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Platform' } });
    const dup = await expectStatus(client, ops.create, 409, { params: inOrg(), body: { name: 'PLATFORM', kind: 'client' } });
    expect(dup.errors).toEqual({ name: ['A team or client with this name already exists.'] });
    const second = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Data' } })).team;
    const rename = await callOperation(client, ops.update, { params: teamOf(second.id), body: { name: 'platform' } });
    expect(rename.status).toBe(409);
    expect((await expectOk(client, ops.get, { params: teamOf(second.id) })).team.name).toBe('Data');
  });

  it('lists with filters by name and kind, sorting and counts of roles and hiring team', async () => {
    const created = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Zeta Team' } })).team;
    await callOperation(client, ops.setMembers, { params: teamOf(created.id), body: { user_ids: [owner.id, recruiter.id] } });
    await t.database.db.insert(jobRoles).values({ organisationId: org.id, name: 'Backend Engineer', teamId: created.id });
    const clients = (await expectOk(client, ops.list, { params: inOrg(), query: { filter: { kind: 'client' } } })).teams.data;
    expect(clients.map((c) => c.name)).toEqual(['Acme Retail']);
    const byName = (await expectOk(client, ops.list, { params: inOrg(), query: { filter: { name: 'zeta' } } })).teams.data;
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatchObject({ name: 'Zeta Team', roles_count: 1, members_count: 2 });
    const desc = (await expectOk(client, ops.list, { params: inOrg(), query: { sort: '-name' } })).teams.data;
    expect(desc[0]?.name).toBe('Zeta Team');
    const asc = (await expectOk(client, ops.list, { params: inOrg(), query: { sort: 'name', per_page: 2 } })).teams;
    expect(asc.data[0]?.name).toBe('Acme Retail');
    expect(asc.meta).toMatchObject({ per_page: 2, page: 1 });
    const badSort = await client.get(`${base()}?sort=colour`);
    expect(badSort.status).toBe(422);
    expect(badSort.json.errors).toEqual({ sort: ['Sort by one of name, -name, created_at, -created_at.'] });
    const badKind = await client.get(`${base()}?filter[kind]=partner`);
    expect(badKind.status).toBe(422);
    expect(badKind.json.errors).toEqual({ 'filter.kind': ['Filter by team or client.'] });
    const blank = await expectOk(client, ops.list, { params: inOrg(), query: { filter: { kind: ' ', name: '  ' } } });
    expect(blank.teams.meta.total).toBeGreaterThan(1);
  });

  it('shows the detail with hiring team and roles; updates and clears fields with an audit entry', async () => {
    const created = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Design', contact_name: 'Dee' } })).team;
    await callOperation(client, ops.setMembers, { params: teamOf(created.id), body: { user_ids: [recruiter.id] } });
    await t.database.db.insert(jobRoles).values({ organisationId: org.id, name: 'Product Designer', teamId: created.id, status: 'open' });
    const detail = (await expectOk(client, ops.get, { params: teamOf(created.id) })).team;
    expect(detail.members).toEqual([{ id: recruiter.id, name: 'Rick Recruiter', email: expect.any(String), avatar_url: null }]);
    expect(detail.roles).toEqual([{ id: expect.any(String), name: 'Product Designer', status: 'open' }]);
    const res = await expectOk(client, ops.update, {
      params: teamOf(created.id),
      body: { description: 'Makes it nice.', contact_name: null, kind: 'client' },
    });
    expect(res.team).toMatchObject({ name: 'Design', description: 'Makes it nice.', contact_name: null, kind: 'client' });
    expect(res.team.roles).toHaveLength(1);
    const [entry] = await auditOf('team.updated', created.id);
    expect(entry).toMatchObject({ before: { contact_name: 'Dee', kind: 'team' }, after: { contact_name: null, kind: 'client' } });
    expect((await callOperation(client, ops.update, { params: teamOf(created.id), body: { contact_email: 'nope' } })).status).toBe(422);
  });

  it('replaces the hiring team, refusing a non-member and another organisation’s user with 422 and changing nothing', async () => {
    const team = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Hiring Crew' } })).team;
    const ok = await expectOk(client, ops.setMembers, {
      params: teamOf(team.id),
      body: { user_ids: [owner.id, recruiter.id, owner.id] },
    });
    expect(ok.team.members.map((m) => m.id).sort()).toEqual([owner.id, recruiter.id].sort());
    const outsider = await createUser(t);
    for (const ids of [[outsider.id], [stranger.id, owner.id], ['not-a-uuid']]) {
      const res = await expectStatus(client, ops.setMembers, 422, { params: teamOf(team.id), body: { user_ids: ids } });
      expect(res.errors?.user_ids).toEqual(['Every hiring team member must be a member of this organisation.']);
    }
    expect((await expectOk(client, ops.get, { params: teamOf(team.id) })).team.members).toHaveLength(2);
    const cleared = await expectOk(client, ops.setMembers, { params: teamOf(team.id), body: { user_ids: [recruiter.id] } });
    expect(cleared.team.members.map((m) => m.id)).toEqual([recruiter.id]);
    const entries = await auditOf('team.members_replaced', team.id);
    expect(entries).toHaveLength(2);
    expect(entries.some((e) => (e.after as { user_ids: string[] }).user_ids.join() === recruiter.id)).toBe(true);
  });

  it('deletes a team: its roles stay without a team, and the audit log keeps what it was', async () => {
    const team = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Short-lived' } })).team;
    const [role] = await t.database.db
      .insert(jobRoles)
      .values({ organisationId: org.id, name: 'QA Engineer', teamId: team.id })
      .returning();
    expect((await callOperation(client, ops.remove, { params: teamOf(team.id) })).status).toBe(204);
    expect((await callOperation(client, ops.get, { params: teamOf(team.id) })).status).toBe(404);
    const [after] = await t.database.db.select().from(jobRoles).where(eq(jobRoles.id, role!.id));
    expect(after).toMatchObject({ name: 'QA Engineer', teamId: null });
    const [entry] = await auditOf('team.deleted', team.id);
    expect(entry).toMatchObject({ before: { name: 'Short-lived' } });
    expect((await callOperation(client, ops.remove, { params: teamOf(team.id) })).status).toBe(404);
  });

  it('answers 404 for another organisation’s team and a malformed id, and never shows its data', async () => {
    const strangerClient = await signIn(t, stranger);
    const theirs = (await expectOk(strangerClient, ops.create, { params: { organisationId: other.id }, body: { name: 'Their Team' } }))
      .team;
    for (const id of [theirs.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await callOperation(client, ops.get, { params: teamOf(id) })).status).toBe(404);
      expect((await callOperation(client, ops.update, { params: teamOf(id), body: { name: 'Mine now' } })).status).toBe(404);
      expect((await callOperation(client, ops.setMembers, { params: teamOf(id), body: { user_ids: [] } })).status).toBe(404);
      expect((await callOperation(client, ops.remove, { params: teamOf(id) })).status).toBe(404);
    }
    expect((await expectOk(strangerClient, ops.get, { params: { organisationId: other.id, teamId: theirs.id } })).team.name).toBe(
      'Their Team',
    );
    const names = (await expectOk(client, ops.list, { params: inOrg(), query: { per_page: 100 } })).teams.data.map((x) => x.name);
    expect(names).not.toContain('Their Team');
  });

  it('lets an interviewer read teams but not change them', async () => {
    const interviewer = await createUser(t);
    await addMember(t, org.id, interviewer.id, 'interviewer');
    const c = await signIn(t, interviewer);
    expect((await callOperation(c, ops.list, { params: inOrg() })).status).toBe(200);
    expect((await callOperation(c, ops.create, { params: inOrg(), body: { name: 'Sneaky' } })).status).toBe(403);
  });
});

describe('team logo', () => {
  const logoOf = (teamId: string) => `${base()}/${teamId}/logo`;

  it('uploads a logo, serves it to members only, replaces and removes it, with audit entries', async () => {
    const team = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Logo Co', kind: 'client' } })).team;
    expect(team.logo_url).toBeNull();
    const res = await upload(client, logoOf(team.id), 'logo', { bytes: await pngOf(900, 300), filename: 'acme.png', type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.json.team.logo_url).toMatch(new RegExp(`^/api/v1/organisation/${org.id}/teams/${team.id}/logo\\?v=[0-9a-f-]{36}$`));
    const image = await download(await signIn(t, recruiter), res.json.team.logo_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await download(await signIn(t, stranger), `/api/v1/${logoOf(team.id)}`)).status).toBe(404);
    expect((await download(new HttpClient(t.baseUrl), `/api/v1/${logoOf(team.id)}`)).status).toBe(401);
    expect((await auditOf('team.logo_changed', team.id)).length).toBe(1);

    const second = await upload(client, logoOf(team.id), 'logo', { bytes: await pngOf(64, 64), filename: 'b.png', type: 'image/png' });
    expect(second.json.team.logo_url).not.toBe(res.json.team.logo_url);
    const files = await t.database.db.select().from(storedFiles).where(eq(storedFiles.organisationId, org.id));
    expect(files.filter((f) => f.key.includes(`/teams/${team.id}/logo/`))).toHaveLength(1);

    const removed = await expectOk(client, ops.removeLogo, { params: teamOf(team.id) });
    expect(removed.team.logo_url).toBeNull();
    expect((await callOperation(client, ops.logo, { params: teamOf(team.id) })).status).toBe(404);
    expect((await auditOf('team.logo_removed', team.id)).length).toBe(1);
  });

  it('refuses a non-image with the field message and keeps the logo; deleting the team removes its logo file', async () => {
    const team = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Keep Logo Ltd' } })).team;
    await upload(client, logoOf(team.id), 'logo', { bytes: await pngOf(64, 64), filename: 'l.png', type: 'image/png' });
    const bad = await upload(client, logoOf(team.id), 'logo', {
      bytes: Buffer.from('<svg></svg>'),
      filename: 'logo.png',
      type: 'image/png',
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.logo).toEqual(['The file must be a PNG, JPEG, WebP or GIF image.']);
    expect((await expectOk(client, ops.get, { params: teamOf(team.id) })).team.logo_url).not.toBeNull();
    expect((await callOperation(client, ops.remove, { params: teamOf(team.id) })).status).toBe(204);
    const files = await t.database.db.select().from(storedFiles).where(eq(storedFiles.organisationId, org.id));
    expect(files.filter((f) => f.key.includes(`/teams/${team.id}/`))).toHaveLength(0);
  });

  it('lets an interviewer see a logo but not change it', async () => {
    const team = (await expectOk(client, ops.create, { params: inOrg(), body: { name: 'Interviewer View' } })).team;
    const interviewer = await createUser(t, { name: 'Ivy Interviewer' });
    await addMember(t, org.id, interviewer.id, 'interviewer');
    const c = await signIn(t, interviewer);
    const res = await upload(c, logoOf(team.id), 'logo', { bytes: await pngOf(64, 64), filename: 'l.png', type: 'image/png' });
    expect(res.status).toBe(403);
  });
});
