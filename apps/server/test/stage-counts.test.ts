import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATION, seedDemo } from '../src/db/demo-seed.ts';
import { applicationStageChanges, applications, candidates } from '../src/db/schema/candidates.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { outer } from '../src/db/sql.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * The applications per recruitment and status that the triggers on applications keep (migration 0025,
 * docs/decisions/017-screens-under-row-level-security.md) always equal a count of the applications
 * themselves, whatever changed them: the demo seed, inserts, moves, rejections, transfers and deletions,
 * one row or many in a statement, as the owner or as hireloop_app in its organisation. The same for the
 * applications and moves per recruitment and day (migration 0028).
 */

let t: TestApp;
let orgId: string;

type Count = { recruitment_id: string; status_id: string; active: number; rejected: number };
const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Count[] }).rows;

/** What the table says, and what counting the applications says (rows of zero left out of both). */
async function keptAndCounted() {
  const kept = await rows(sql`select recruitment_id, status_id, active, rejected from recruitment_stage_counts
    where active <> 0 or rejected <> 0 order by 1, 2`);
  const counted = await rows(sql`select recruitment_id, status_id,
      (count(*) filter (where rejected_at is null))::int as active, (count(*) filter (where rejected_at is not null))::int as rejected
    from applications group by 1, 2 order by 1, 2`);
  return { kept, counted };
}

type DayFigure = { recruitment_id: string; day: string; applied: number; moved: number };
const dayRows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: DayFigure[] }).rows;

/** The applications and moves per recruitment and UTC day the triggers keep (migration 0028), and a recount. */
async function daysKeptAndCounted() {
  const kept = await dayRows(sql`select recruitment_id, day::text as day, applied, moved from recruitment_day_figures
    where applied <> 0 or moved <> 0 order by 1, 2`);
  const counted = await dayRows(sql`select x.recruitment_id, x.day::text as day, sum(x.applied)::int as applied, sum(x.moved)::int as moved
    from (select a.recruitment_id, (a.applied_at at time zone 'UTC')::date as day, 1 as applied, 0 as moved from applications a
          union all
          select m.recruitment_id, (m.moved_at at time zone 'UTC')::date, 0, 1 from application_stage_changes m
           where m.from_status_id is not null) x
    group by 1, 2 order by 1, 2`);
  return { kept, counted };
}

async function expectKept() {
  const { kept, counted } = await keptAndCounted();
  expect(counted.length).toBeGreaterThan(0);
  expect(kept).toEqual(counted);
  const days = await daysKeptAndCounted();
  expect(days.counted.length).toBeGreaterThan(0);
  expect(days.kept).toEqual(days.counted);
}

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.database.db);
  const [org] = await t.database.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, DEMO_ORGANISATION.slug));
  orgId = org!.id;
});
afterAll(async () => t.close());

describe('applications per recruitment and status, kept by triggers', () => {
  it('match the applications after the demo seed', async () => {
    await expectKept();
  });

  it('follow inserts, moves, rejections, restores, transfers and deletions made as hireloop_app in the organisation', async () => {
    const db = t.database.db;
    const [first, second] = await db
      .select({ id: recruitments.id })
      .from(recruitments)
      .where(eq(recruitments.organisationId, orgId))
      .orderBy(recruitments.id)
      .limit(2);
    const statuses = await db
      .select({ id: recruitmentStatuses.id })
      .from(recruitmentStatuses)
      .where(eq(recruitmentStatuses.organisationId, orgId))
      .orderBy(recruitmentStatuses.position);
    const [s0, s1, s2] = statuses.map((s) => s.id);
    await t.database.inOrganisation(orgId, async () => {
      const people = await db
        .insert(candidates)
        .values(Array.from({ length: 6 }, (_, i) => ({ organisationId: orgId, name: `Counted ${i}`, email: `counted-${i}@example.test` })))
        .returning({ id: candidates.id });
      // Several rows in one statement, into two statuses.
      const made = await db
        .insert(applications)
        .values(people.map((p, i) => ({ organisationId: orgId, candidateId: p.id, recruitmentId: first!.id, statusId: i % 2 ? s0! : s1! })))
        .returning({ id: applications.id });
      await expectKept();
      // One move, then a bulk move of everything in s0 to s2 (a status they share).
      await db.update(applications).set({ statusId: s2! }).where(eq(applications.id, made[0]!.id));
      await db
        .update(applications)
        .set({ statusId: s2! })
        .where(and(eq(applications.recruitmentId, first!.id), eq(applications.statusId, s0!)));
      // Reject two, restore one, a change that moves no count (rating), a transfer to the other recruitment.
      await db.update(applications).set({ rejectedAt: new Date() }).where(eq(applications.id, made[1]!.id));
      await db.update(applications).set({ rejectedAt: new Date() }).where(eq(applications.id, made[2]!.id));
      await db.update(applications).set({ rejectedAt: null }).where(eq(applications.id, made[2]!.id));
      await db.update(applications).set({ rating: 4 }).where(eq(applications.id, made[3]!.id));
      await db.update(applications).set({ recruitmentId: second!.id, statusId: s0! }).where(eq(applications.id, made[4]!.id));
      // Their stage history: first entries and moves in one statement, a move dated on another day, one made a first entry.
      const history = await db
        .insert(applicationStageChanges)
        .values([
          ...made.map((a) => ({ organisationId: orgId, applicationId: a.id, recruitmentId: first!.id, toStatusId: s0! })),
          { organisationId: orgId, applicationId: made[0]!.id, recruitmentId: first!.id, fromStatusId: s0!, toStatusId: s2! },
          { organisationId: orgId, applicationId: made[1]!.id, recruitmentId: first!.id, fromStatusId: s1!, toStatusId: s2! },
        ])
        .returning({ id: applicationStageChanges.id });
      await db
        .update(applicationStageChanges)
        .set({ movedAt: new Date(Date.now() - 3 * 86_400_000) })
        .where(eq(applicationStageChanges.id, history.at(-1)!.id));
      await db
        .update(applicationStageChanges)
        .set({ fromStatusId: null })
        .where(eq(applicationStageChanges.id, history.at(-2)!.id));
      // An application dated back (an import keeps the original date).
      await db
        .update(applications)
        .set({ appliedAt: new Date(Date.now() - 10 * 86_400_000) })
        .where(eq(applications.id, made[2]!.id));
      await expectKept();
      // Deleting a candidate takes their applications with it (cascade), and the counts follow.
      await db.delete(candidates).where(eq(candidates.id, people[5]!.id));
      await db.delete(applications).where(eq(applications.id, made[3]!.id));
      await expectKept();
    });
    await expectKept();
  });

  it('lose a deleted recruitment with its applications', async () => {
    const db = t.database.db;
    const [target] = await db
      .select({ id: recruitments.id })
      .from(recruitments)
      .where(
        and(
          eq(recruitments.organisationId, orgId),
          sql`exists (select 1 from applications a where a.recruitment_id = ${outer(recruitments.id)})`,
        ),
      )
      .limit(1);
    await db.delete(recruitments).where(eq(recruitments.id, target!.id));
    const left = await rows(
      sql`select recruitment_id, status_id, active, rejected from recruitment_stage_counts where recruitment_id = ${target!.id}`,
    );
    expect(left).toEqual([]);
    expect(await dayRows(sql`select recruitment_id from recruitment_day_figures where recruitment_id = ${target!.id}`)).toEqual([]);
    await expectKept();
  });

  it('are seen as hireloop_app only for the organisation of the transaction', async () => {
    const other = await t.database.db
      .insert(organisations)
      .values({ name: 'Elsewhere', slug: 'elsewhere-counts' })
      .returning({ id: organisations.id });
    const seen = await t.database.inOrganisation(other[0]!.id, () =>
      rows(sql`select recruitment_id, status_id, active, rejected from recruitment_stage_counts`),
    );
    expect(seen).toEqual([]);
    const own = await t.database.inOrganisation(orgId, () =>
      rows(sql`select recruitment_id, status_id, active, rejected from recruitment_stage_counts`),
    );
    expect(own.length).toBeGreaterThan(0);
  });
});
