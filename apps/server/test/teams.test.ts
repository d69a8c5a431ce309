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
const auditOf = (action: string, targetId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('teams and clients', () => {
  it('creates a client with contact details and records it in the audit log', async () => {
    const res = await client.post(base(), {
      name: '  Acme Retail ',
      kind: 'client',
      description: 'Retail chain we hire store managers for.',
      contact_name: 'Ann Acme',
      contact_email: 'ann@acme.example',
      contact_phone: '+44 20 7946 0000',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.team).toMatchObject({
      name: 'Acme Retail',
      kind: 'client',
      contact_name: 'Ann Acme',
      contact_email: 'ann@acme.example',
      members: [],
      roles: [],
    });
    const [entry] = await auditOf('team.created', res.json.team.id);
    expect(entry).toMatchObject({ actorName: 'Olivia Owner', targetType: 'team', after: { name: 'Acme Retail', kind: 'client' } });
  });

  it('refuses bad input with field messages and creates nothing', async () => {
    const before = (await client.get(base())).json.teams.meta.total;
    const res = await client.post(base(), {
      name: 'A',
      kind: 'partner',
      description: 'x'.repeat(2001),
      contact_email: 'not-an-email',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['contact_email', 'description', 'kind', 'name']);
    expect(res.json.errors.contact_email).toEqual(['Enter a valid email address.']);
    expect((await client.get(base())).json.teams.meta.total).toBe(before);
  });

  it('refuses a duplicate name ignoring case with 409 and a field message, on create and rename', async () => {
    await client.post(base(), { name: 'Platform' });
    const dup = await client.post(base(), { name: 'PLATFORM', kind: 'client' });
    expect(dup.status).toBe(409);
    expect(dup.json.errors).toEqual({ name: ['A team or client with this name already exists.'] });
    const second = (await client.post(base(), { name: 'Data' })).json.team;
    const rename = await client.patch(`${base()}/${second.id}`, { name: 'platform' });
    expect(rename.status).toBe(409);
    expect((await client.get(`${base()}/${second.id}`)).json.team.name).toBe('Data');
  });

  it('lists with filters by name and kind, sorting and counts of roles and hiring team', async () => {
    const created = (await client.post(base(), { name: 'Zeta Team' })).json.team;
    await client.put(`${base()}/${created.id}/members`, { user_ids: [owner.id, recruiter.id] });
    await t.database.db.insert(jobRoles).values({ organisationId: org.id, name: 'Backend Engineer', teamId: created.id });
    const clients = (await client.get(`${base()}?filter[kind]=client`)).json.teams.data;
    expect(clients.map((c: { name: string }) => c.name)).toEqual(['Acme Retail']);
    const byName = (await client.get(`${base()}?filter[name]=zeta`)).json.teams.data;
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatchObject({ name: 'Zeta Team', roles_count: 1, members_count: 2 });
    const desc = (await client.get(`${base()}?sort=-name`)).json.teams.data;
    expect(desc[0].name).toBe('Zeta Team');
    const asc = (await client.get(`${base()}?sort=name&per_page=2`)).json.teams;
    expect(asc.data[0].name).toBe('Acme Retail');
    expect(asc.meta).toMatchObject({ per_page: 2, page: 1 });
    expect((await client.get(`${base()}?sort=colour`)).status).toBe(422);
    expect((await client.get(`${base()}?filter[kind]=partner`)).status).toBe(422);
  });

  it('shows the detail with hiring team and roles; updates and clears fields with an audit entry', async () => {
    const created = (await client.post(base(), { name: 'Design', contact_name: 'Dee' })).json.team;
    await client.put(`${base()}/${created.id}/members`, { user_ids: [recruiter.id] });
    await t.database.db.insert(jobRoles).values({ organisationId: org.id, name: 'Product Designer', teamId: created.id, status: 'open' });
    const detail = (await client.get(`${base()}/${created.id}`)).json.team;
    expect(detail.members).toEqual([{ id: recruiter.id, name: 'Rick Recruiter', email: expect.any(String), avatar_url: null }]);
    expect(detail.roles).toEqual([{ id: expect.any(String), name: 'Product Designer', status: 'open' }]);
    const res = await client.patch(`${base()}/${created.id}`, { description: 'Makes it nice.', contact_name: null, kind: 'client' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.team).toMatchObject({ name: 'Design', description: 'Makes it nice.', contact_name: null, kind: 'client' });
    expect(res.json.team.roles).toHaveLength(1);
    const [entry] = await auditOf('team.updated', created.id);
    expect(entry).toMatchObject({ before: { contact_name: 'Dee', kind: 'team' }, after: { contact_name: null, kind: 'client' } });
    expect((await client.patch(`${base()}/${created.id}`, { contact_email: 'nope' })).status).toBe(422);
  });

  it('replaces the hiring team, refusing a non-member and another organisation’s user with 422 and changing nothing', async () => {
    const team = (await client.post(base(), { name: 'Hiring Crew' })).json.team;
    const ok = await client.put(`${base()}/${team.id}/members`, { user_ids: [owner.id, recruiter.id, owner.id] });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.team.members.map((m: { id: string }) => m.id).sort()).toEqual([owner.id, recruiter.id].sort());
    const outsider = await createUser(t);
    for (const ids of [[outsider.id], [stranger.id, owner.id], ['not-a-uuid']]) {
      const res = await client.put(`${base()}/${team.id}/members`, { user_ids: ids });
      expect(res.status).toBe(422);
      expect(res.json.errors.user_ids).toEqual(['Every hiring team member must be a member of this organisation.']);
    }
    expect((await client.get(`${base()}/${team.id}`)).json.team.members).toHaveLength(2);
    const cleared = await client.put(`${base()}/${team.id}/members`, { user_ids: [recruiter.id] });
    expect(cleared.json.team.members.map((m: { id: string }) => m.id)).toEqual([recruiter.id]);
    const entries = await auditOf('team.members_replaced', team.id);
    expect(entries).toHaveLength(2);
    expect(entries.some((e) => (e.after as { user_ids: string[] }).user_ids.join() === recruiter.id)).toBe(true);
  });

  it('deletes a team: its roles stay without a team, and the audit log keeps what it was', async () => {
    const team = (await client.post(base(), { name: 'Short-lived' })).json.team;
    const [role] = await t.database.db
      .insert(jobRoles)
      .values({ organisationId: org.id, name: 'QA Engineer', teamId: team.id })
      .returning();
    expect((await client.delete(`${base()}/${team.id}`)).status).toBe(204);
    expect((await client.get(`${base()}/${team.id}`)).status).toBe(404);
    const [after] = await t.database.db.select().from(jobRoles).where(eq(jobRoles.id, role!.id));
    expect(after).toMatchObject({ name: 'QA Engineer', teamId: null });
    const [entry] = await auditOf('team.deleted', team.id);
    expect(entry).toMatchObject({ before: { name: 'Short-lived' } });
    expect((await client.delete(`${base()}/${team.id}`)).status).toBe(404);
  });

  it('answers 404 for another organisation’s team and a malformed id, and never shows its data', async () => {
    const strangerClient = await signIn(t, stranger);
    const theirs = (await strangerClient.post(`organisation/${other.id}/teams`, { name: 'Their Team' })).json.team;
    for (const id of [theirs.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await client.get(`${base()}/${id}`)).status).toBe(404);
      expect((await client.patch(`${base()}/${id}`, { name: 'Mine now' })).status).toBe(404);
      expect((await client.put(`${base()}/${id}/members`, { user_ids: [] })).status).toBe(404);
      expect((await client.delete(`${base()}/${id}`)).status).toBe(404);
    }
    expect((await strangerClient.get(`organisation/${other.id}/teams/${theirs.id}`)).json.team.name).toBe('Their Team');
    const names = (await client.get(`${base()}?per_page=100`)).json.teams.data.map((x: { name: string }) => x.name);
    expect(names).not.toContain('Their Team');
  });

  it('lets an interviewer read teams but not change them', async () => {
    const interviewer = await createUser(t);
    await addMember(t, org.id, interviewer.id, 'interviewer');
    const c = await signIn(t, interviewer);
    expect((await c.get(base())).status).toBe(200);
    expect((await c.post(base(), { name: 'Sneaky' })).status).toBe(403);
  });
});

describe('team logo', () => {
  const logoOf = (teamId: string) => `${base()}/${teamId}/logo`;

  it('uploads a logo, serves it to members only, replaces and removes it, with audit entries', async () => {
    const team = (await client.post(base(), { name: 'Logo Co', kind: 'client' })).json.team;
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

    const removed = await client.delete(logoOf(team.id));
    expect(removed.status).toBe(200);
    expect(removed.json.team.logo_url).toBeNull();
    expect((await client.get(logoOf(team.id))).status).toBe(404);
    expect((await auditOf('team.logo_removed', team.id)).length).toBe(1);
  });

  it('refuses a non-image with the field message and keeps the logo; deleting the team removes its logo file', async () => {
    const team = (await client.post(base(), { name: 'Keep Logo Ltd' })).json.team;
    await upload(client, logoOf(team.id), 'logo', { bytes: await pngOf(64, 64), filename: 'l.png', type: 'image/png' });
    const bad = await upload(client, logoOf(team.id), 'logo', {
      bytes: Buffer.from('<svg></svg>'),
      filename: 'logo.png',
      type: 'image/png',
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.logo).toEqual(['The file must be a PNG, JPEG, WebP or GIF image.']);
    expect((await client.get(`${base()}/${team.id}`)).json.team.logo_url).not.toBeNull();
    expect((await client.delete(`${base()}/${team.id}`)).status).toBe(204);
    const files = await t.database.db.select().from(storedFiles).where(eq(storedFiles.organisationId, org.id));
    expect(files.filter((f) => f.key.includes(`/teams/${team.id}/`))).toHaveLength(0);
  });

  it('lets an interviewer see a logo but not change it', async () => {
    const team = (await client.post(base(), { name: 'Interviewer View' })).json.team;
    const interviewer = await createUser(t, { name: 'Ivy Interviewer' });
    await addMember(t, org.id, interviewer.id, 'interviewer');
    const c = await signIn(t, interviewer);
    const res = await upload(c, logoOf(team.id), 'logo', { bytes: await pngOf(64, 64), filename: 'l.png', type: 'image/png' });
    expect(res.status).toBe(403);
  });
});
