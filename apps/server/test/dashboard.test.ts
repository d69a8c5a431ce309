import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicationStageChanges, applications, candidates } from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from '../src/db/schema/recruitments.ts';
import { createDashboardService } from '../src/features/dashboard/service.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let org: { id: string };
const people: Record<'owner' | 'recruiter' | 'manager' | 'interviewer', { id: string; name: string }> = {} as never;
const r: Record<'mine' | 'managers' | 'held' | 'closed', string> = {} as never;
let roleId = '';
let stages: { id: string }[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  people.owner = await createUser(t, { name: 'Olga Owner' });
  org = await createOrganisation(t, people.owner);
  for (const [key, role] of [
    ['recruiter', 'recruiter'],
    ['manager', 'hiring_manager'],
    ['interviewer', 'interviewer'],
  ] as const) {
    people[key] = await createUser(t, { name: `Dash ${key}` });
    await addMember(t, org.id, people[key].id, role);
  }
  const db = t.database.db;
  stages = await db
    .insert(recruitmentStatuses)
    .values(DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ organisationId: org.id, ...s, position: i + 1 })))
    .returning();
  const [role] = await db.insert(jobRoles).values({ organisationId: org.id, name: 'Dash Engineer', status: 'open' }).returning();
  roleId = role!.id;
  const now = Date.now();
  const rows = await db
    .insert(recruitments)
    .values([
      { organisationId: org.id, roleId, name: 'Recruiter’s', ownerId: null, openings: 2, openedAt: new Date(now - 3 * DAY) },
      { organisationId: org.id, roleId, name: 'Manager’s', ownerId: people.manager.id, openedAt: new Date(now - 2 * DAY) },
      { organisationId: org.id, roleId, name: 'Held', ownerId: people.manager.id, status: 'on_hold' },
      { organisationId: org.id, roleId, name: 'Closed', ownerId: people.manager.id, status: 'closed', closedAt: new Date() },
    ])
    .returning();
  [r.mine, r.managers, r.held, r.closed] = rows.map((x) => x.id) as [string, string, string, string];
  await db.insert(recruitmentMembers).values([
    { recruitmentId: r.mine, userId: people.recruiter.id, role: 'recruiter' },
    { recruitmentId: r.held, userId: people.recruiter.id, role: 'recruiter' },
  ]);
  let n = 0;
  const apply = async (
    recruitmentId: string,
    stage: number,
    appliedDaysAgo: number,
    extra: Partial<typeof applications.$inferInsert> = {},
  ) => {
    const [person] = await db
      .insert(candidates)
      .values({ organisationId: org.id, name: `Dash person ${++n}`, email: `dash-${n}@example.test` })
      .returning();
    const [app] = await db
      .insert(applications)
      .values({
        organisationId: org.id,
        candidateId: person!.id,
        recruitmentId,
        statusId: stages[stage]!.id,
        appliedAt: new Date(now - appliedDaysAgo * DAY),
        ...extra,
      })
      .returning();
    return { person: person!, app: app! };
  };
  // The recruiter's: two new this week, one older that moved this week, one hired, one rejected.
  const fresh = await apply(r.mine, 0, 1);
  await apply(r.mine, 0, 2);
  const older = await apply(r.mine, 1, 20);
  await apply(r.mine, 4, 30, { hiredAt: new Date() });
  await apply(r.mine, 0, 3, { rejectedAt: new Date(), rejectionReason: 'Withdrew' });
  const change = (app: { id: string; recruitmentId: string }, from: number | null, to: number, daysAgo: number) => ({
    organisationId: org.id,
    applicationId: app.id,
    recruitmentId: app.recruitmentId,
    fromStatusId: from === null ? null : stages[from]!.id,
    toStatusId: stages[to]!.id,
    movedAt: new Date(now - daysAgo * DAY),
  });
  await db.insert(applicationStageChanges).values([
    change(fresh.app, null, 0, 1), // a new application's first entry is no move
    change(older.app, null, 0, 20),
    change(older.app, 0, 1, 10), // too long ago
    change(older.app, 1, 2, 2),
    change(older.app, 2, 1, 1),
  ]);
  // The manager's: one candidate applied long ago.
  const managers = await apply(r.managers, 0, 40);
  const held = await apply(r.held, 0, 1);
  // Activity: in the recruiter's recruitment, the manager's, and the held one (not on anybody's dashboard).
  const activity = (recruitmentId: string, who: { person: { id: string }; app: { id: string } }, minutesAgo: number) => ({
    organisationId: org.id,
    candidateId: who.person.id,
    applicationId: who.app.id,
    recruitmentId,
    actorUserId: people.owner.id,
    actorName: 'Olga Owner',
    type: 'application.moved',
    data: { minutes_ago: minutesAgo },
    createdAt: new Date(now - minutesAgo * 60_000),
  });
  await db
    .insert(activities)
    .values([
      activity(r.mine, fresh, 30),
      activity(r.mine, older, 10),
      activity(r.managers, managers, 20),
      activity(r.held, held, 5),
      ...Array.from({ length: 25 }, (_, i) => activity(r.managers, managers, 100 + i)),
    ]);
});
afterAll(async () => t.close());

const dashboardOf = async (who: keyof typeof people) => {
  const res = await (await signIn(t, people[who])).get(`organisation/${org.id}/dashboard`);
  expect(res.status, res.text).toBe(200);
  return res.json.dashboard;
};

describe('the dashboard', () => {
  it("shows the recruiter's open recruitments with this week's movement and their recent activity", async () => {
    const d = await dashboardOf('recruiter');
    expect(d.recruitments).toEqual([
      {
        id: r.mine,
        name: 'Recruiter’s',
        role: { id: roleId, name: 'Dash Engineer' },
        active_count: 4,
        new_this_week: 3,
        moved_this_week: 2,
        hired_count: 1,
        openings: 2,
      },
    ]);
    expect(d.recent_activity.map((a: { data: { minutes_ago: number } }) => a.data.minutes_ago)).toEqual([10, 30]);
    expect(d.recent_activity[0]).toMatchObject({
      type: 'application.moved',
      actor: { id: people.owner.id, name: 'Olga Owner' },
      recruitment: { id: r.mine, name: 'Recruiter’s' },
      candidate: { name: expect.stringMatching(/^Dash person/) },
    });
    expect(d.counts).toEqual({ open_recruitments: 1, active_candidates: 4, new_this_week: 3, hired_this_month: 1 });
    expect(d).toMatchObject({ interviews: [], feedback_owed: [], approvals: [] });
  });

  it('shows an owner who is on no recruitment every open one, newest first, and the latest 20 activities', async () => {
    const d = await dashboardOf('owner');
    expect(d.recruitments.map((x: { id: string }) => x.id)).toEqual([r.managers, r.mine]);
    expect(d.recent_activity).toHaveLength(20);
    expect(d.recent_activity.slice(0, 3).map((a: { data: { minutes_ago: number } }) => a.data.minutes_ago)).toEqual([10, 20, 30]);
    expect(d.counts.open_recruitments).toBe(2);
  });

  it('shows a hiring manager the ones they own, and an interviewer on none nothing', async () => {
    const m = await dashboardOf('manager');
    expect(m.recruitments).toEqual([expect.objectContaining({ id: r.managers, active_count: 1, new_this_week: 0, moved_this_week: 0 })]);
    const i = await dashboardOf('interviewer');
    expect(i.recruitments).toEqual([]);
    expect(i.recent_activity).toEqual([]);
    expect(i.counts).toEqual({ open_recruitments: 0, active_candidates: 0, new_this_week: 0, hired_this_month: 0 });
  });

  it("counts this week from exactly a week ago: the first day's part, the days after it, and nothing earlier", async () => {
    // Its own organisation and a fixed clock: a week ago is 12:00 UTC, half-way through the first day.
    const owner = await createUser(t);
    const o = await createOrganisation(t, owner);
    const db = t.database.db;
    const [stage0, stage1] = await db
      .insert(recruitmentStatuses)
      .values(DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ organisationId: o.id, ...s, position: i + 1 })))
      .returning();
    const [role] = await db.insert(jobRoles).values({ organisationId: o.id, name: 'Week role', status: 'open' }).returning();
    const [week] = await db
      .insert(recruitments)
      .values({ organisationId: o.id, roleId: role!.id, name: 'Week', ownerId: owner.id })
      .returning();
    const now = new Date('2026-03-10T12:00:00Z');
    const at = (iso: string) => new Date(iso);
    const times = ['2026-03-03T11:59:00Z', '2026-03-03T12:00:00Z', '2026-03-03T23:59:00Z', '2026-03-04T00:00:00Z', '2026-03-10T11:00:00Z'];
    const people = await db
      .insert(candidates)
      .values(times.map((_, i) => ({ organisationId: o.id, name: `Week person ${i}`, email: `week-${i}@example.test` })))
      .returning();
    const made = await db
      .insert(applications)
      .values(
        times.map((iso, i) => ({
          organisationId: o.id,
          candidateId: people[i]!.id,
          recruitmentId: week!.id,
          statusId: stage1!.id,
          appliedAt: at(iso),
        })),
      )
      .returning();
    await db.insert(applicationStageChanges).values(
      times.map((iso, i) => ({
        organisationId: o.id,
        applicationId: made[i]!.id,
        recruitmentId: week!.id,
        fromStatusId: stage0!.id,
        toStatusId: stage1!.id,
        movedAt: at(iso),
      })),
    );
    const d = await createDashboardService(db).of(o.id, { userId: owner.id, role: 'owner' }, now);
    expect(d.recruitments).toEqual([expect.objectContaining({ id: week!.id, new_this_week: 4, moved_this_week: 4 })]);
    expect(d.counts.new_this_week).toBe(4);
  });

  it('answers a member of another organisation 404', async () => {
    const stranger = await createUser(t);
    await createOrganisation(t, stranger);
    expect((await (await signIn(t, stranger)).get(`organisation/${org.id}/dashboard`)).status).toBe(404);
  });
});
