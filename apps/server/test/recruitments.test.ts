import type { BodyInput, QueryInput } from '@hireloop/contract/operations/operation';
import { recruitmentOperations as ops } from '@hireloop/contract/operations/recruitments';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/demo-seed.ts';
import { apiKeys } from '../src/db/schema/api-keys.ts';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { applicationStageChanges, applications, candidates } from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { teams } from '../src/db/schema/teams.ts';
import { users } from '../src/db/schema/users.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
let org: { id: string };
let other: { id: string };
let owner: { id: string; name: string };
let recruiter: { id: string; name: string };
let interviewer: { id: string; name: string };
let stranger: { id: string; name: string };
let client: Client;
let interviewerClient: Client;
const ids = { team: '', role: '', closedRole: '', draftRole: '', otherRole: '' };
/** The pipeline, in order: Applied, Screening, Interview, Offer, Hired, Rejected. */
let stages: { id: string; name: string; category: string }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner);
  recruiter = await createUser(t, { name: 'Rick Recruiter' });
  await addMember(t, org.id, recruiter.id, 'recruiter');
  interviewer = await createUser(t, { name: 'Ivy Interviewer' });
  await addMember(t, org.id, interviewer.id, 'interviewer');
  client = await signIn(t, owner);
  interviewerClient = await signIn(t, interviewer);
  stranger = await createUser(t, { name: 'Stan Stranger' });
  other = await createOrganisation(t, stranger);
  const db = t.database.db;
  stages = await db
    .insert(recruitmentStatuses)
    .values(DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ organisationId: org.id, ...s, position: i + 1 })))
    .returning();
  await db.insert(recruitmentStatuses).values({ organisationId: other.id, name: 'Applied', position: 1 });
  const [team] = await db.insert(teams).values({ organisationId: org.id, name: 'Platform' }).returning();
  ids.team = team!.id;
  const roles = await db
    .insert(jobRoles)
    .values([
      { organisationId: org.id, name: 'Backend Engineer', status: 'open', teamId: team!.id },
      { organisationId: org.id, name: 'Retired Role', status: 'closed' },
      { organisationId: org.id, name: 'Draft Role', status: 'draft' },
      { organisationId: other.id, name: 'Foreign Role', status: 'open' },
    ])
    .returning();
  [ids.role, ids.closedRole, ids.draftRole, ids.otherRole] = roles.map((r) => r.id) as [string, string, string, string];
});
afterAll(async () => t.close());

const base = () => `organisation/${org.id}/recruitments`;
const inOrg = () => ({ organisationId: org.id });
const recruitmentOf = (recruitment: string) => ({ organisationId: org.id, recruitment });
const auditOf = (action: string, targetId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

/** Starts a recruitment as the owner. */
const create = async (body: BodyInput<typeof ops.create>) =>
  (await expectStatus(client, ops.create, 201, { params: inOrg(), body })).recruitment;

let serial = 0;
/** Puts a candidate into the recruitment directly (the applications feature is not under test here). */
async function addApplication(
  recruitmentId: string,
  stage: number,
  a: Partial<typeof applications.$inferInsert> = {},
  organisationId = org.id,
) {
  const db = t.database.db;
  const [person] = await db
    .insert(candidates)
    .values({ organisationId, name: `Person ${++serial}`, email: `person-${serial}@example.test` })
    .returning();
  const [row] = await db
    .insert(applications)
    .values({ organisationId, candidateId: person!.id, recruitmentId, statusId: stages[stage]!.id, ...a })
    .returning();
  return row!;
}

describe('recruitments', () => {
  it('starts a recruitment for a role with defaults, a hiring team, an audit entry and notifications', async () => {
    const res = await expectStatus(client, ops.create, 201, {
      params: inOrg(),
      body: {
        role_id: ids.role,
        hiring_team: [
          { user_id: recruiter.id, role: 'recruiter' },
          { user_id: owner.id, role: 'hiring_manager' },
          { user_id: recruiter.id, role: 'interviewer' },
        ],
      },
    });
    const r = res.recruitment;
    expect(r).toMatchObject({
      name: 'Backend Engineer',
      description: null,
      status: 'open',
      role: { id: ids.role, name: 'Backend Engineer' },
      team: { id: ids.team, name: 'Platform' },
      owner: { id: owner.id, name: 'Olivia Owner' },
      openings: 1,
      target_date: null,
      closed_at: null,
      close_reason: null,
      candidates_count: 0,
      active_count: 0,
      rejected_count: 0,
      hired_count: 0,
    });
    expect(r.stage_counts).toEqual(stages.map((s) => ({ status_id: s.id, count: 0 })));
    // One entry per person (the first given), ordered by name.
    expect(r.hiring_team).toEqual([
      { user_id: owner.id, name: 'Olivia Owner', email: expect.any(String), avatar_url: null, role: 'hiring_manager' },
      { user_id: recruiter.id, name: 'Rick Recruiter', email: expect.any(String), avatar_url: null, role: 'recruiter' },
    ]);
    const [entry] = await auditOf('recruitment.created', r.id);
    expect(entry).toMatchObject({
      actorName: 'Olivia Owner',
      targetType: 'recruitment',
      after: { name: 'Backend Engineer', status: 'open' },
    });
    // The recruiter is told; the owner who created it is not.
    const told = await t.database.db.select().from(notifications).where(eq(notifications.organisationId, org.id));
    expect(told.map((n) => ({ user: n.userId, type: n.type, url: n.data.url }))).toEqual([
      { user: recruiter.id, type: 'assigned', url: `/recruitment/${r.id}` },
    ]);
    await expectStatus(client, ops.remove, 204, { params: recruitmentOf(r.id) });
  });

  it('takes every field on create and reads the detail back', async () => {
    const res = await expectStatus(client, ops.create, 201, {
      params: inOrg(),
      body: {
        role_id: ids.draftRole,
        name: '  Draft hiring  ',
        description: 'Two seats.',
        owner_id: recruiter.id,
        openings: 2,
        target_date: '2026-12-31',
        hiring_team: [{ user_id: interviewer.id, role: 'interviewer' }],
      },
    });
    const got = await expectStatus(interviewerClient, ops.get, 200, { params: recruitmentOf(res.recruitment.id) });
    expect(got.recruitment).toMatchObject({
      name: 'Draft hiring',
      description: 'Two seats.',
      owner: { id: recruiter.id, name: 'Rick Recruiter' },
      openings: 2,
      target_date: '2026-12-31',
      team: null,
      hiring_team: [{ user_id: interviewer.id, role: 'interviewer' }],
    });
    await expectStatus(client, ops.remove, 204, { params: recruitmentOf(res.recruitment.id) });
  });

  it('refuses bad input with the contract texts and creates nothing', async () => {
    const bad = await client.post(base(), {
      role_id: 'nope',
      name: 'A',
      openings: 0,
      target_date: '31/12/2026',
      hiring_team: [{ user_id: 'x', role: 'boss' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toMatchObject({
      role_id: [RECRUITMENT_TEXTS.roleUnknown],
      name: ['The name must be at least 2 characters.'],
      openings: ['At least one opening.'],
      target_date: ['Enter a date as YYYY-MM-DD.'],
    });
    const refused = (body: { role_id: string; owner_id?: string; hiring_team?: { user_id: string; role: 'interviewer' }[] }) =>
      expectStatus(client, ops.create, 422, { params: inOrg(), body });
    expect((await refused({ role_id: ids.otherRole })).errors).toEqual({ role_id: [RECRUITMENT_TEXTS.roleUnknown] });
    expect((await refused({ role_id: ids.closedRole })).errors).toEqual({ role_id: [RECRUITMENT_TEXTS.roleClosed] });
    expect((await refused({ role_id: ids.role, owner_id: stranger.id })).errors).toEqual({ owner_id: [RECRUITMENT_TEXTS.ownerUnknown] });
    expect((await refused({ role_id: ids.role, hiring_team: [{ user_id: stranger.id, role: 'interviewer' }] })).errors).toEqual({
      hiring_team: [RECRUITMENT_TEXTS.memberUnknown],
    });
    expect((await expectOk(client, ops.list, { params: inOrg() })).recruitments.meta.total).toBe(0);
  });

  it('lets an interviewer read but not start one (403)', async () => {
    await expectStatus(interviewerClient, ops.list, 200, { params: inOrg() });
    expect((await callOperation(interviewerClient, ops.create, { params: inOrg(), body: { role_id: ids.role } })).status).toBe(403);
  });

  it('lets a write API key start one (no owner by default; the whole hiring team is told) and a read key only list', async () => {
    const db = t.database.db;
    const token = (scope: string) => `hl_${scope.padEnd(43, 'k')}`;
    await db.insert(apiKeys).values(
      ['read', 'write'].map((scope) => ({
        organisationId: org.id,
        name: `Recruitments ${scope}`,
        prefix: token(scope).slice(0, 11),
        tokenHash: sha256(token(scope)),
        scopes: [`recruitments:${scope}`],
      })),
    );
    const bearer = (scope: string) => ({ headers: { authorization: `Bearer ${token(scope)}` } });
    const anonymous = new Client(t.baseUrl);
    const res = await expectStatus(anonymous, ops.create, 201, {
      params: inOrg(),
      body: { role_id: ids.role, name: 'By key', hiring_team: [{ user_id: owner.id, role: 'recruiter' }] },
      ...bearer('write'),
    });
    expect(res.recruitment.owner).toBeNull();
    const told = await db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told.map((n) => n.data.url)).toContain(`/recruitment/${res.recruitment.id}`);
    const [entry] = await auditOf('recruitment.created', res.recruitment.id);
    expect(entry!.actorName).toBe('API key “Recruitments write”');
    await expectStatus(anonymous, ops.analytics, 200, { params: recruitmentOf(res.recruitment.id), ...bearer('read') });
    expect((await callOperation(anonymous, ops.create, { params: inOrg(), body: { role_id: ids.role }, ...bearer('read') })).status).toBe(
      403,
    );
    expect((await anonymous.get(`organisation/${org.id}/dashboard`, bearer('write'))).status).toBe(403);
    await expectStatus(anonymous, ops.remove, 204, { params: recruitmentOf(res.recruitment.id), ...bearer('write') });
  });

  it('holds, closes with a reason and reopens, recording the close', async () => {
    const r = await create({ role_id: ids.role, name: 'Lifecycle' });
    const update = (body: BodyInput<typeof ops.update>) => expectStatus(client, ops.update, 200, { params: recruitmentOf(r.id), body });
    const held = await update({ status: 'on_hold' });
    expect(held.recruitment).toMatchObject({ status: 'on_hold', closed_at: null });
    const closed = await update({ status: 'closed', close_reason: 'Filled internally' });
    expect(closed.recruitment).toMatchObject({ status: 'closed', close_reason: 'Filled internally' });
    expect(Date.parse(closed.recruitment.closed_at ?? '')).toBeGreaterThan(0);
    const [entry] = await auditOf('recruitment.closed', r.id);
    expect(entry).toMatchObject({ before: { status: 'on_hold' }, after: { status: 'closed', close_reason: 'Filled internally' } });
    const reopened = await update({ status: 'open' });
    expect(reopened.recruitment).toMatchObject({ status: 'open', closed_at: null, close_reason: null });
    expect(await auditOf('recruitment.reopened', r.id)).toHaveLength(1);
    const bad = await client.patch(`${base()}/${r.id}`, { status: 'paused' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ status: ['Choose open, on hold or closed.'] });
  });

  it('the same hold, close or reopen twice (a double click, a retry): the same answer, recorded once', async () => {
    const r = await create({ role_id: ids.role, name: 'Twice' });
    const path = `${base()}/${r.id}`;
    const twice = async (body: Record<string, unknown>) => {
      const [first, second] = await Promise.all([client.patch(path, body), client.patch(path, body)]);
      expect([first.status, second.status], second.text).toEqual([200, 200]);
      // The one that ran second found it done: it answers with it as it is, updated_at and all.
      const again = await client.patch(path, body);
      expect(again.status, again.text).toBe(200);
      expect(again.json).toEqual(second.json);
      return again.json.recruitment;
    };

    expect(await twice({ status: 'on_hold' })).toMatchObject({ status: 'on_hold' });
    expect(await auditOf('recruitment.status_changed', r.id)).toHaveLength(1);
    expect(await twice({ status: 'closed', close_reason: 'Budget frozen' })).toMatchObject({
      status: 'closed',
      close_reason: 'Budget frozen',
    });
    expect(await auditOf('recruitment.closed', r.id)).toHaveLength(1);
    expect(await twice({ status: 'open' })).toMatchObject({ status: 'open', closed_at: null });
    expect(await auditOf('recruitment.reopened', r.id)).toHaveLength(1);
    expect(await auditOf('recruitment.updated', r.id)).toEqual([]);

    // Another reason is a different request: as before, it replaces the reason of the closed recruitment.
    await client.patch(path, { status: 'closed', close_reason: 'Budget frozen' });
    const other = await client.patch(path, { status: 'closed', close_reason: 'Filled internally' });
    expect(other.status, other.text).toBe(200);
    expect(other.json.recruitment).toMatchObject({ status: 'closed', close_reason: 'Filled internally' });
    expect(await auditOf('recruitment.closed', r.id)).toHaveLength(2);
  });

  it('changes fields and replaces the hiring team, telling only the newcomers', async () => {
    const r = await create({ role_id: ids.role, name: 'Team swap', hiring_team: [{ user_id: recruiter.id, role: 'recruiter' }] });
    const res = await expectStatus(client, ops.update, 200, {
      params: recruitmentOf(r.id),
      body: {
        name: 'Team swapped',
        openings: 3,
        target_date: '2027-01-15',
        hiring_team: [
          { user_id: recruiter.id, role: 'coordinator' },
          { user_id: interviewer.id, role: 'interviewer' },
        ],
      },
    });
    expect(res.recruitment).toMatchObject({ name: 'Team swapped', openings: 3, target_date: '2027-01-15' });
    expect(res.recruitment.hiring_team.map((m) => [m.user_id, m.role])).toEqual([
      [interviewer.id, 'interviewer'],
      [recruiter.id, 'coordinator'],
    ]);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, interviewer.id));
    expect(told.filter((n) => n.data.url === `/recruitment/${r.id}`)).toHaveLength(1);
    const foreign = await expectStatus(client, ops.update, 422, {
      params: recruitmentOf(r.id),
      body: { owner_id: stranger.id, hiring_team: [{ user_id: stranger.id, role: 'recruiter' }] },
    });
    expect(foreign.errors).toEqual({ owner_id: [RECRUITMENT_TEXTS.ownerUnknown], hiring_team: [RECRUITMENT_TEXTS.memberUnknown] });
    const cleared = await expectStatus(client, ops.update, 200, {
      params: recruitmentOf(r.id),
      body: { hiring_team: [], owner_id: null, target_date: null },
    });
    expect(cleared.recruitment).toMatchObject({ hiring_team: [], owner: null, target_date: null });
  });

  it('deletes one without candidates (recorded) and refuses one with candidates', async () => {
    const empty = await create({ role_id: ids.role, name: 'Empty' });
    await expectStatus(client, ops.remove, 204, { params: recruitmentOf(empty.id) });
    const [entry] = await auditOf('recruitment.deleted', empty.id);
    expect(entry).toMatchObject({ before: { name: 'Empty' } });
    await expectStatus(client, ops.get, 404, { params: recruitmentOf(empty.id) });
    const full = await create({ role_id: ids.role, name: 'Full' });
    await addApplication(full.id, 0);
    const res = await expectStatus(client, ops.remove, 422, { params: recruitmentOf(full.id) });
    expect(res.message).toBe(RECRUITMENT_TEXTS.deleteWithApplications);
    await expectStatus(client, ops.get, 200, { params: recruitmentOf(full.id) });
  });

  it('answers 404 with the contract text for a malformed, unknown or foreign id', async () => {
    const [foreignRole] = await t.database.db.select().from(jobRoles).where(eq(jobRoles.id, ids.otherRole));
    const foreign = (
      await expectStatus(await signIn(t, stranger), ops.create, 201, {
        params: { organisationId: other.id },
        body: { role_id: foreignRole!.id },
      })
    ).recruitment;
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', foreign.id]) {
      const params = recruitmentOf(id);
      for (const res of [
        await expectStatus(client, ops.get, 404, { params }),
        await expectStatus(client, ops.update, 404, { params, body: { name: 'Taken over' } }),
        await expectStatus(client, ops.remove, 404, { params }),
        await expectStatus(client, ops.analytics, 404, { params }),
      ]) {
        expect(res).toEqual({ message: RECRUITMENT_TEXTS.notFound, code: 'not_found' });
      }
    }
  });
});

describe('the recruitment list', () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    const db = t.database.db;
    await db.insert(jobRoles).values({ organisationId: org.id, name: 'Designer', status: 'open' });
    const [designer] = await db
      .select()
      .from(jobRoles)
      .where(and(eq(jobRoles.organisationId, org.id), eq(jobRoles.name, 'Designer')));
    for (const [name, role, status, ownerId] of [
      ['List alpha', ids.role, 'open', owner.id],
      ['List beta', designer!.id, 'on_hold', recruiter.id],
      ['List gamma', ids.role, 'closed', recruiter.id],
    ] as const) {
      const r = await create({ role_id: role, name, owner_id: ownerId });
      if (status !== 'open') await expectOk(client, ops.update, { params: recruitmentOf(r.id), body: { status } });
      made[name] = r.id;
    }
    // alpha: 3 candidates (one rejected, one hired); beta: 1; gamma: none.
    await addApplication(made['List alpha']!, 0);
    await addApplication(made['List alpha']!, 0, { rejectedAt: new Date(), rejectionReason: 'Withdrew' });
    await addApplication(made['List alpha']!, 4, { hiredAt: new Date() });
    await addApplication(made['List beta']!, 1);
  });

  type ListQuery = QueryInput<typeof ops.list>;
  const list = async (query: ListQuery) => (await expectStatus(client, ops.list, 200, { params: inOrg(), query })).recruitments;
  /** The names listed of the recruitments named List…, with more filters and the sort. */
  const names = async ({ filter, ...query }: ListQuery = {}) =>
    (await list({ ...query, filter: { name: 'List', ...filter } })).data.map((r) => r.name);

  it('counts applications per stage, every stage present in pipeline order', async () => {
    const [alpha] = (await list({ filter: { name: 'alpha' } })).data;
    expect(alpha!.stage_counts).toEqual(stages.map((s, i) => ({ status_id: s.id, count: i === 0 || i === 4 ? 1 : 0 })));
    expect(alpha).toMatchObject({ candidates_count: 3, active_count: 2, rejected_count: 1, hired_count: 1 });
  });

  it('filters by status (active = open and on hold), role, team, owner and name', async () => {
    expect(await names({ filter: { status: 'open' } })).toEqual(['List alpha']);
    expect(await names({ filter: { status: 'active' }, sort: 'name' })).toEqual(['List alpha', 'List beta']);
    expect(await names({ filter: { status: 'closed' } })).toEqual(['List gamma']);
    expect(await names({ filter: { status: 'all' }, sort: 'name' })).toEqual(['List alpha', 'List beta', 'List gamma']);
    expect(await names({ filter: { role: ids.role }, sort: 'name' })).toEqual(['List alpha', 'List gamma']);
    expect(await names({ filter: { team: ids.team }, sort: 'name' })).toEqual(['List alpha', 'List gamma']);
    expect(await names({ filter: { owner: recruiter.id }, sort: '-name' })).toEqual(['List gamma', 'List beta']);
    expect((await list({ filter: { name: 'bEt' } })).data.map((r) => r.name)).toEqual(['List beta']);
  });

  it('sorts by name, opening date and candidates, and pages', async () => {
    expect(await names({ sort: 'name' })).toEqual(['List alpha', 'List beta', 'List gamma']);
    expect(await names({ sort: '-name' })).toEqual(['List gamma', 'List beta', 'List alpha']);
    expect(await names({ sort: 'opened_at' })).toEqual(['List alpha', 'List beta', 'List gamma']);
    expect(await names()).toEqual(['List gamma', 'List beta', 'List alpha']);
    expect(await names({ sort: '-candidates' })).toEqual(['List alpha', 'List beta', 'List gamma']);
    expect(await names({ sort: 'candidates' })).toEqual(['List gamma', 'List beta', 'List alpha']);
    const page = await list({ filter: { name: 'List' }, sort: 'name', per_page: 2, page: 2 });
    expect(page.meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page.data.map((r) => r.name)).toEqual(['List gamma']);
  });

  it('refuses an unknown sort or filter value with 422', async () => {
    const res = await client.get(`${base()}?sort=age&filter[status]=paused&filter[role]=x`);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      'filter.role': [RECRUITMENT_TEXTS.roleUnknown],
      'filter.status': ['Choose open, on_hold, closed, active or all.'],
      sort: ['Sort by one of name, -name, opened_at, -opened_at, candidates, -candidates.'],
    });
  });

  it("never lists another organisation's recruitments", async () => {
    const res = await expectOk(await signIn(t, stranger), ops.list, {
      params: { organisationId: other.id },
      query: { filter: { name: 'List' } },
    });
    expect(res.recruitments.data).toEqual([]);
  });
});

describe('recruitment analytics', () => {
  it('computes funnel, time in stage, time to hire, weeks, sources and reasons from a hand-built history', async () => {
    const r = await create({ role_id: ids.role, name: 'Analytics' });
    const db = t.database.db;
    const DAY = 86_400_000;
    const now = new Date();
    const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY;
    const T = monday - 28 * DAY; // four weeks before this week's Monday
    const at = (d: number) => new Date(T + d * DAY);
    const [APPLIED, SCREENING, INTERVIEW, OFFER, HIRED, REJECTED] = [0, 1, 2, 3, 4, 5];
    const history = async (
      stage: number,
      appliedDay: number,
      source: string,
      moves: [number, number][],
      extra: Partial<typeof applications.$inferInsert> = {},
    ) => {
      const app = await addApplication(r.id, stage, { appliedAt: at(appliedDay), source, ...extra });
      let from: string | null = null;
      for (const [to, day] of moves) {
        await db.insert(applicationStageChanges).values({
          organisationId: org.id,
          applicationId: app.id,
          recruitmentId: r.id,
          fromStatusId: from,
          toStatusId: stages[to]!.id,
          movedAt: at(day),
        });
        from = stages[to]!.id;
      }
    };
    // A: all the way to hired in 10 days.
    await history(
      HIRED,
      0,
      'referral',
      [
        [APPLIED, 0],
        [SCREENING, 2],
        [INTERVIEW, 5],
        [OFFER, 9],
        [HIRED, 10],
      ],
      { hiredAt: at(10) },
    );
    // B: rejected while in Interview.
    await history(
      INTERVIEW,
      1,
      'job_board',
      [
        [APPLIED, 1],
        [SCREENING, 2],
        [INTERVIEW, 6],
      ],
      { rejectedAt: at(8), rejectionReason: 'Not qualified' },
    );
    // C: in Screening.
    await history(SCREENING, 7, 'job_board', [
      [APPLIED, 7],
      [SCREENING, 11],
    ]);
    // D: rejected from Applied.
    await history(APPLIED, 8, 'careers_site', [[APPLIED, 8]], { rejectedAt: at(9), rejectionReason: 'Not qualified' });
    // E: moved to the Rejected stage half a day in.
    await history(
      REJECTED,
      21,
      'referral',
      [
        [APPLIED, 21],
        [REJECTED, 21.5],
      ],
      { rejectedAt: at(21.5), rejectionReason: 'Withdrew' },
    );
    // F: screened and moved back to Applied.
    await history(APPLIED, 21, 'referral', [
      [APPLIED, 21],
      [SCREENING, 22],
      [APPLIED, 23],
    ]);

    const a = (await expectStatus(interviewerClient, ops.analytics, 200, { params: recruitmentOf(r.id) })).analytics;
    expect(a.recruitment_id).toBe(r.id);
    expect(a.total_applications).toBe(6);
    expect(a.funnel.map((f) => [f.name, f.reached, f.current, f.conversion])).toEqual([
      ['Applied', 6, 1, null],
      ['Screening', 4, 1, 4 / 6],
      ['Interview', 2, 0, 0.5],
      ['Offer', 1, 0, 0.5],
      ['Hired', 1, 1, 1],
      ['Rejected', 1, 0, null],
    ]);
    expect(a.funnel[0]).toMatchObject({ status_id: stages[0]!.id, colour: '#228be6', category: 'in_progress' });
    expect(a.time_in_stage.map((s) => [s.name, s.average_days, s.median_days, s.samples])).toEqual([
      ['Applied', 1.7, 1, 5],
      ['Screening', 2.67, 3, 3],
      ['Interview', 4, 4, 1],
      ['Offer', 1, 1, 1],
      ['Hired', null, null, 0],
      ['Rejected', null, null, 0],
    ]);
    expect(a.time_to_hire).toEqual({ average_days: 10, median_days: 10, hires: 1 });
    const week = (n: number) => new Date(T + n * 7 * DAY).toISOString().slice(0, 10);
    expect(a.applications_over_time).toEqual([
      { week: week(0), count: 2 },
      { week: week(1), count: 2 },
      { week: week(2), count: 0 },
      { week: week(3), count: 2 },
      { week: week(4), count: 0 },
    ]);
    expect(a.sources).toEqual([
      { source: 'referral', count: 3, hired: 1 },
      { source: 'job_board', count: 2, hired: 0 },
      { source: 'careers_site', count: 1, hired: 0 },
    ]);
    expect(a.rejection_reasons).toEqual([
      { reason: 'Not qualified', count: 2 },
      { reason: 'Withdrew', count: 1 },
    ]);
  });

  it('answers an empty recruitment with zeros and empty series', async () => {
    const r = await create({ role_id: ids.role, name: 'Nothing yet' });
    const a = (await expectOk(client, ops.analytics, { params: recruitmentOf(r.id) })).analytics;
    expect(a.total_applications).toBe(0);
    expect(a.funnel.map((f) => [f.reached, f.conversion])).toEqual([
      [0, null],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, null],
    ]);
    expect(a.time_to_hire).toEqual({ average_days: null, median_days: null, hires: 0 });
    expect(a.applications_over_time).toEqual([]);
    expect(a.sources).toEqual([]);
    expect(a.rejection_reasons).toEqual([]);
  });
});

describe('the demo organisation', () => {
  it('has five recruitments (open, on hold, closed) with ~300 candidates in a funnel, the same on every seed', async () => {
    const seeded = async () => {
      const demo = await startTestApp();
      try {
        await seedDemo(demo.database.db);
        const [dana] = await demo.database.db.select().from(users).where(eq(users.email, 'demo@hireloop.test'));
        const c = await signIn(demo, dana!);
        const path = `organisation/${dana!.currentOrganisationId}`;
        const list = (await c.get(`${path}/recruitments?sort=name`)).json.recruitments.data;
        const backend = list.find((r: { name: string }) => r.name === 'Senior Backend Engineer');
        const analytics = (await c.get(`${path}/recruitments/${backend.id}/analytics`)).json.analytics;
        const dashboard = (await c.get(`${path}/dashboard`)).json.dashboard;
        const billing = (await c.get(`${path}/billing`)).json.billing;
        const people = await demo.database.db.select({ name: candidates.name }).from(candidates).orderBy(candidates.email);
        return { list, analytics, dashboard, billing, people: people.map((p) => p.name) };
      } finally {
        await demo.close();
      }
    };
    const first = await seeded();
    expect(first.list.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Customer Success Manager', 'open'],
      ['Frontend Developer', 'on_hold'],
      ['Operations Intern (spring intake)', 'closed'],
      ['Product Designer', 'open'],
      ['Senior Backend Engineer', 'open'],
    ]);
    // The demo's active recruitments are counted, and fit its trial.
    expect(first.billing).toMatchObject({ plan: 'trial', usage: { active_recruitments: 4 }, limits: { active_recruitments: 10 } });
    expect(first.people).toHaveLength(300);
    expect(new Set(first.people).size).toBe(300);
    for (const r of first.list) expect(r.candidates_count).toBeGreaterThan(20);
    const funnel = first.analytics.funnel.filter((f: { category: string }) => f.category !== 'rejected');
    for (let i = 1; i < funnel.length; i++) expect(funnel[i].reached).toBeLessThanOrEqual(funnel[i - 1].reached);
    expect(funnel[0].reached).toBe(100);
    expect(funnel.at(-1).reached).toBeGreaterThan(0);
    expect(first.analytics.applications_over_time.length).toBeGreaterThanOrEqual(10);
    expect(first.analytics.rejection_reasons.length).toBeGreaterThan(2);
    // Dana is on the hiring team of two of the open recruitments.
    expect(first.dashboard.recruitments.map((r: { name: string }) => r.name).sort()).toEqual([
      'Product Designer',
      'Senior Backend Engineer',
    ]);
    expect(first.dashboard.recent_activity).toHaveLength(20);
    const second = await seeded();
    expect(second.people).toEqual(first.people);
    expect(second.list.map((r: { candidates_count: number; hired_count: number }) => [r.candidates_count, r.hired_count])).toEqual(
      first.list.map((r: { candidates_count: number; hired_count: number }) => [r.candidates_count, r.hired_count]),
    );
  }, 90_000);
});
