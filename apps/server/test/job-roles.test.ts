import { roleOperations as ops } from '@hireloop/contract/operations/roles';
import { can } from '@hireloop/contract/permissions';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { experienceLevels } from '../src/db/schema/recruitment-settings.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { teams } from '../src/db/schema/teams.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import type { BodyInput, QueryInput } from '@hireloop/contract/operations/operation';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
let org: { id: string };
let other: { id: string };
let owner: Client;
let outsider: Client;
const ids = { team: '', otherTeam: '', level: '', otherLevel: '' };

beforeAll(async () => {
  t = await startTestApp();
  const dana = await createUser(t, { name: 'Dana Roles' });
  org = await createOrganisation(t, dana);
  owner = await signIn(t, dana);
  const stranger = await createUser(t);
  other = await createOrganisation(t, stranger);
  outsider = await signIn(t, stranger);
  const db = t.database.db;
  const [team] = await db.insert(teams).values({ organisationId: org.id, name: 'Platform' }).returning();
  const [otherTeam] = await db.insert(teams).values({ organisationId: other.id, name: 'Elsewhere' }).returning();
  const [level] = await db.insert(experienceLevels).values({ organisationId: org.id, name: 'Senior (test)', position: 90 }).returning();
  const [otherLevel] = await db
    .insert(experienceLevels)
    .values({ organisationId: other.id, name: 'Senior (other)', position: 90 })
    .returning();
  ids.team = team!.id;
  ids.otherTeam = otherTeam!.id;
  ids.level = level!.id;
  ids.otherLevel = otherLevel!.id;
});
afterAll(async () => t.close());

const base = () => `organisation/${org.id}/role`;
const inOrg = () => ({ organisationId: org.id });
const roleOf = (role: string) => ({ organisationId: org.id, role });

const full = () => ({
  name: 'Senior Backend Engineer',
  team_id: ids.team,
  experience_level_id: ids.level,
  location_type: 'hybrid' as const,
  location: 'Berlin',
  employment_type: 'full_time' as const,
  salary_min: 70000,
  salary_max: 90000,
  salary_currency: 'EUR',
  salary_period: 'year' as const,
  description_html: '<p>Build <strong>APIs</strong>.</p>',
  status: 'open' as const,
});

async function create(body: BodyInput<typeof ops.create>) {
  return (await expectStatus(owner, ops.create, 201, { params: inOrg(), body })).role;
}

describe('POST organisation/{id}/role', () => {
  it('creates a role with every field, shows it with its team and level, and records an audit entry', async () => {
    const { role } = await expectStatus(owner, ops.create, 201, { params: inOrg(), body: full() });
    expect(role).toMatchObject({
      name: 'Senior Backend Engineer',
      team: { id: ids.team, name: 'Platform' },
      level: { id: ids.level, name: 'Senior (test)' },
      location_type: 'hybrid',
      location: 'Berlin',
      employment_type: 'full_time',
      salary_min: 70000,
      salary_max: 90000,
      salary_currency: 'EUR',
      salary_period: 'year',
      description_html: '<p>Build <strong>APIs</strong>.</p>',
      status: 'open',
      published: false,
    });
    expect((await expectOk(owner, ops.get, { params: roleOf(role.id) })).role).toEqual(role);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.targetId, role.id)));
    expect(entry).toMatchObject({ action: 'role.created', targetType: 'job_role', actorName: 'Dana Roles' });
    expect(entry!.after).toMatchObject({ name: 'Senior Backend Engineer', salary_min: 70000, status: 'open' });
  });

  it('defaults to a draft on-site full-time role without team, level or salary', async () => {
    const role = await create({ name: 'Office Manager' });
    expect(role).toMatchObject({
      status: 'draft',
      team: null,
      level: null,
      location_type: 'on_site',
      employment_type: 'full_time',
      salary_min: null,
      salary_currency: null,
      description_html: '',
    });
  });

  it('answers 422 with field messages for bad input, and creates nothing', async () => {
    const before = await t.database.db.select().from(jobRoles).where(eq(jobRoles.organisationId, org.id));
    const res = await owner.post(base(), {
      name: 'X',
      location_type: 'moon',
      employment_type: 'forever',
      salary_min: -5,
      salary_currency: 'eur',
      status: 'published',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(
      ['employment_type', 'location_type', 'name', 'salary_currency', 'salary_min', 'status'].sort(),
    );
    expect(res.json.errors.name).toEqual(['The name must be at least 2 characters.']);
    expect(res.json.errors.salary_min).toEqual(['The salary may not be negative.']);
    expect(res.json.errors.salary_currency).toEqual(['The currency must be a 3-letter ISO 4217 code, such as EUR.']);
    const after = await t.database.db.select().from(jobRoles).where(eq(jobRoles.organisationId, org.id));
    expect(after.length).toBe(before.length);
  });

  it('refuses a minimum above the maximum, and a salary without currency', async () => {
    const order = await expectStatus(owner, ops.create, 422, {
      params: inOrg(),
      body: { name: 'Upside Down', salary_min: 100, salary_max: 50, salary_currency: 'EUR' },
    });
    expect(order.errors).toEqual({ salary_min: ['The minimum salary may not be more than the maximum.'] });
    const currency = await expectStatus(owner, ops.create, 422, { params: inOrg(), body: { name: 'No Currency', salary_max: 50 } });
    expect(currency.errors).toEqual({ salary_currency: ['Choose the currency of the salary.'] });
  });

  it("refuses another organisation's team and level with field messages", async () => {
    const res = await expectStatus(owner, ops.create, 422, {
      params: inOrg(),
      body: { name: 'Borrowed', team_id: ids.otherTeam, experience_level_id: ids.otherLevel },
    });
    expect(res.errors).toEqual({
      team_id: ['Choose a team of this organisation.'],
      experience_level_id: ['Choose an experience level of this organisation.'],
    });
    const [row] = await t.database.db
      .select()
      .from(jobRoles)
      .where(and(eq(jobRoles.organisationId, org.id), eq(jobRoles.name, 'Borrowed')));
    expect(row).toBeUndefined();
  });

  it('sanitises the description: scripts, event handlers, javascript: links and unknown tags go; links get rel', async () => {
    const role = await create({
      name: 'Sanitised',
      description_html:
        '<h2>About</h2><script>alert(1)</script><p onclick="steal()">Hi <em>there</em><img src=x onerror="alert(2)"></p>' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://example.com" onmouseover="x()">good</a>' +
        '<a href="mailto:jobs@example.com">mail</a><iframe src="https://evil.example"></iframe><style>p{}</style>' +
        '<ul><li>One</li></ul><blockquote>Q</blockquote><h1>Big</h1><div>div text</div>',
    });
    const html = role.description_html;
    expect(html).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|iframe|<img|<style|<h1|<div/i);
    expect(html).toContain('<h2>About</h2>');
    expect(html).toContain('<p>Hi <em>there</em></p>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">good</a>');
    expect(html).toContain('<a href="mailto:jobs@example.com" rel="noopener noreferrer">mail</a>');
    expect(html).toContain('<ul><li>One</li></ul><blockquote>Q</blockquote>Bigdiv text');
  });
});

describe('GET organisation/{id}/role', () => {
  it('filters by name, status, team and location type, and keeps id and name on every item', async () => {
    const remote = await create({ name: 'Filter Remote Closed', status: 'closed', location_type: 'remote', team_id: ids.team });
    await create({ name: 'Filter Onsite Draft' });
    const list = async (filter: NonNullable<QueryInput<typeof ops.list>['filter']>) =>
      (await expectOk(owner, ops.list, { params: inOrg(), query: { filter } })).roles;
    const byName = await list({ name: 'filter' });
    expect(byName.data.map((r) => r.name)).toEqual(['Filter Onsite Draft', 'Filter Remote Closed']);
    expect(byName.meta.total).toBe(2);
    const closed = (await list({ name: 'filter', status: 'closed' })).data;
    expect(closed.map((r) => r.id)).toEqual([remote.id]);
    const onTeam = (await list({ team: ids.team, location_type: 'remote' })).data;
    expect(onTeam.map((r) => r.id)).toEqual([remote.id]);
    expect(onTeam[0]).toMatchObject({ team: { id: ids.team, name: 'Platform' }, level: null });
  });

  it('answers 422 for an unknown status, location type or a malformed team filter', async () => {
    const res = await expectStatus(owner, ops.list, 422, {
      params: inOrg(),
      query: { filter: { status: 'gone', location_type: 'moon', team: 'nope' } },
    });
    expect(res.errors).toEqual({
      'filter.location_type': ['Choose remote, hybrid or on-site.'],
      'filter.status': ['Choose draft, open or closed.'],
      'filter.team': ['Choose a team of this organisation.'],
    });
  });

  it("never lists another organisation's roles", async () => {
    await create({ name: 'Private To Org' });
    const res = await expectOk(outsider, ops.list, { params: { organisationId: other.id }, query: { filter: { name: 'private' } } });
    expect(res.roles.data).toEqual([]);
  });
});

describe('PATCH and DELETE organisation/{id}/role/{role}', () => {
  it('changes fields, checks the merged salary, sanitises, and audits before → after', async () => {
    const role = await create({ name: 'Patch Me', salary_min: 1000, salary_max: 2000, salary_currency: 'GBP' });
    const bad = await expectStatus(owner, ops.update, 422, { params: roleOf(role.id), body: { salary_min: 5000 } });
    expect(bad.errors).toEqual({ salary_min: ['The minimum salary may not be more than the maximum.'] });
    const res = await expectStatus(owner, ops.update, 200, {
      params: roleOf(role.id),
      body: { name: 'Patched', salary_max: 6000, salary_min: 5000, description_html: '<p>ok</p><script>x</script>' },
    });
    expect(res.role).toMatchObject({ name: 'Patched', salary_min: 5000, salary_max: 6000, description_html: '<p>ok</p>' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, role.id), eq(auditLog.action, 'role.updated')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toMatchObject({ name: 'Patch Me', salary_min: 1000, salary_max: 2000 });
    expect(entries[0]!.after).toMatchObject({ name: 'Patched', salary_min: 5000, salary_max: 6000 });
  });

  it('opens and closes a role; deletes only a draft or closed one (an open one: 409, kept)', async () => {
    const role = await create({ name: 'Lifecycle' });
    expect((await expectOk(owner, ops.update, { params: roleOf(role.id), body: { status: 'open' } })).role.status).toBe('open');
    const [changed] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, role.id), eq(auditLog.action, 'role.status_changed')));
    expect(changed).toMatchObject({ before: { status: 'draft' }, after: { status: 'open' } });
    const refused = await expectStatus(owner, ops.remove, 409, { params: roleOf(role.id) });
    expect(refused.message).toBe('Close the role before deleting it: only draft and closed roles can be deleted.');
    await expectStatus(owner, ops.get, 200, { params: roleOf(role.id) });
    await expectOk(owner, ops.update, { params: roleOf(role.id), body: { status: 'closed' } });
    await expectStatus(owner, ops.remove, 204, { params: roleOf(role.id) });
    await expectStatus(owner, ops.get, 404, { params: roleOf(role.id) });
    const [deleted] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, role.id), eq(auditLog.action, 'role.deleted')));
    expect(deleted).toBeDefined();
    const draft = await create({ name: 'Draft To Delete' });
    await expectStatus(owner, ops.remove, 204, { params: roleOf(draft.id) });
  });

  it('refuses to delete a closed role that has recruitments (422) and keeps it', async () => {
    const role = await create({ name: 'Hired For' });
    await t.database.db.insert(recruitments).values({ organisationId: org.id, roleId: role.id, name: 'Hired For', status: 'closed' });
    await expectOk(owner, ops.update, { params: roleOf(role.id), body: { status: 'closed' } });
    const refused = await expectStatus(owner, ops.remove, 422, { params: roleOf(role.id) });
    expect(refused.message).toBe(RECRUITMENT_TEXTS.roleHasRecruitments);
    expect(refused.errors).toEqual({ role: [RECRUITMENT_TEXTS.roleHasRecruitments] });
    await expectStatus(owner, ops.get, 200, { params: roleOf(role.id) });
  });

  it("answers 404 for another organisation's role id, even through the caller's own organisation, and changes nothing", async () => {
    const theirs = await expectStatus(outsider, ops.create, 201, { params: { organisationId: other.id }, body: { name: 'Their Role' } });
    const id = theirs.role.id;
    await expectStatus(owner, ops.get, 404, { params: roleOf(id) });
    await expectStatus(owner, ops.update, 404, { params: roleOf(id), body: { name: 'Hijacked' } });
    await expectStatus(owner, ops.remove, 404, { params: roleOf(id) });
    await expectStatus(owner, ops.get, 404, { params: roleOf('not-a-uuid') });
    expect((await expectOk(outsider, ops.get, { params: { organisationId: other.id, role: id } })).role.name).toBe('Their Role');
  });

  it('lets an interviewer view or manage roles exactly as the permission matrix says', async () => {
    const viewer = await createUser(t);
    await addMember(t, org.id, viewer.id, 'interviewer');
    const client = await signIn(t, viewer);
    const role = await create({ name: 'Viewable' });
    const get = await callOperation(client, ops.get, { params: roleOf(role.id) });
    const patch = await callOperation(client, ops.update, { params: roleOf(role.id), body: { name: 'Nope' } });
    expect(get.status).toBe(can('interviewer', 'roles.view') ? 200 : 403);
    expect(patch.status).toBe(can('interviewer', 'roles.manage') ? 200 : 403);
  });
});
