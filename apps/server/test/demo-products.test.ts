import { onboardingOperations } from '@hireloop/contract/operations/onboardings';
import { websiteOperations } from '@hireloop/contract/operations/website';
import { and, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/demo-seed.ts';
import { DEMO_CAREERS_DAYS } from '../src/db/demo-website.ts';
import { activities, applications } from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { hireDocuments, hireTasks, hires, onboardingStages, onboardingTemplates, onboardings } from '../src/db/schema/onboarding.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { careerApplications, careerQuestions, careersPageViews, careersSites } from '../src/db/schema/website.ts';
import { users } from '../src/db/schema/users.ts';
import { signIn, startTestApp, type TestApp } from './harness.ts';
import { expectOk } from './operations.ts';

let demo: TestApp;
beforeAll(async () => {
  demo = await startTestApp();
  await seedDemo(demo.database.db);
}, 90_000);
afterAll(async () => {
  await demo.close();
});

describe('demo data: the Website product', () => {
  it('subscribes Northwind Labs to both products, on its trial', async () => {
    const [org] = await demo.database.db.select().from(organisations);
    expect([...org!.products].sort()).toEqual(['onboarding', 'website']);
    expect(org!.plan).toBe('trial');
    expect(org!.trailEndsAt).not.toBeNull();
  });

  it('has a careers site with the roles of its open recruitments published, two with questions', async () => {
    const db = demo.database.db;
    const [site] = await db.select().from(careersSites);
    expect(site).toMatchObject({ brandColour: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(site!.headline.length).toBeGreaterThan(10);
    expect(site!.intro).toContain('\n\n');
    const published = await db.select().from(jobRoles).where(eq(jobRoles.published, true));
    expect(published.map((r) => r.name).sort()).toEqual(['Customer Success Manager', 'Product Designer', 'Senior Backend Engineer']);
    for (const role of published) {
      expect(role.status).toBe('open');
      const open = await db
        .select()
        .from(recruitments)
        .where(and(eq(recruitments.roleId, role.id), eq(recruitments.status, 'open')));
      expect(open).toHaveLength(1);
    }
    const questions = await db.select().from(careerQuestions);
    expect(questions).toHaveLength(2);
    for (const q of questions) {
      expect(published.map((r) => r.id)).toContain(q.roleId);
      expect(q.questions.length).toBeGreaterThan(0);
      for (const item of q.questions) expect(item).toMatchObject({ id: expect.any(String), label: expect.any(String), required: true });
    }
  });

  it('has two months of visits for the front page and each published role, and applications that came through it', async () => {
    const db = demo.database.db;
    const views = await db
      .select({ page: careersPageViews.page, days: sql<number>`count(*)`.mapWith(Number), total: sql<number>`sum(views)`.mapWith(Number) })
      .from(careersPageViews)
      .groupBy(careersPageViews.page);
    expect(views).toHaveLength(4);
    for (const v of views) {
      expect(v.days).toBe(DEMO_CAREERS_DAYS);
      expect(v.total).toBeGreaterThan(300);
    }
    const sent = await db
      .select({ source: applications.source, roleId: careerApplications.roleId, recruitmentRole: recruitments.roleId })
      .from(careerApplications)
      .innerJoin(applications, eq(applications.id, careerApplications.applicationId))
      .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId));
    expect(sent.length).toBeGreaterThan(5);
    for (const a of sent) {
      expect(a.source).toBe('careers_site');
      expect(a.roleId).toBe(a.recruitmentRole);
    }
    const withAnswers = await db
      .select()
      .from(careerApplications)
      .where(sql`jsonb_array_length(${careerApplications.answers}) > 0`);
    expect(withAnswers.length).toBeGreaterThan(0);
    expect(withAnswers[0]!.answers[0]).toMatchObject({
      question_id: expect.any(String),
      label: expect.any(String),
      answer: expect.any(String),
    });
    expect((await db.select().from(careerApplications).where(isNotNull(careerApplications.coverNote))).length).toBeGreaterThan(0);
  });
});

describe('demo data: the Onboarding product', () => {
  it('has the default stages and two templates with tasks and documents', async () => {
    const db = demo.database.db;
    const stages = await db.select().from(onboardingStages).orderBy(onboardingStages.position);
    expect(stages.map((s) => [s.name, s.category])).toEqual([
      ['Offer accepted', 'in_progress'],
      ['Paperwork', 'in_progress'],
      ['Equipment', 'in_progress'],
      ['First day', 'in_progress'],
      ['Done', 'done'],
    ]);
    const templates = await db.select().from(onboardingTemplates).orderBy(onboardingTemplates.name);
    expect(templates.map((t) => t.name)).toEqual(['Engineering', 'General']);
    for (const t of templates) {
      expect(t.documents.map((d) => d.name)).toEqual(['ID copy', 'Bank details', 'Signed contract']);
      expect(new Set(t.tasks.map((task) => task.owner))).toEqual(new Set(['user', 'manager', 'buddy', 'new_hire']));
      for (const task of t.tasks) expect(task.owner_user_id === null).toBe(task.owner !== 'user');
    }
  });

  it('has hires of several roles spread over the stages, checklists about half done, some overdue', async () => {
    const db = demo.database.db;
    const ob = await db.select().from(onboardings);
    expect(ob.length).toBeGreaterThanOrEqual(2);
    const all = await db.select().from(hires);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((h) => h.stageId)).size).toBeGreaterThanOrEqual(4);
    // Every hire was hired in a recruitment of the onboarding's role; the accepted offer's candidate is among them.
    for (const h of all) {
      const [app] = await db.select().from(applications).where(eq(applications.id, h.applicationId!));
      expect(app!.hiredAt).not.toBeNull();
      expect(app!.candidateId).toBe(h.candidateId);
      expect(h.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(h.managerId).not.toBeNull();
      expect(h.buddyId).not.toBeNull();
    }
    expect(all.filter((h) => h.offerId)).toHaveLength(1);
    const tasks = await db.select().from(hireTasks);
    const done = tasks.filter((t) => t.doneAt).length;
    expect(done / tasks.length).toBeGreaterThan(0.3);
    expect(done / tasks.length).toBeLessThan(0.7);
    const overdue = await db
      .select()
      .from(hireTasks)
      .where(and(isNull(hireTasks.doneAt), lt(hireTasks.dueDate, sql`current_date`)));
    expect(overdue.length).toBeGreaterThan(0);
    for (const t of tasks) expect(t.ownerKind === 'new_hire' || t.ownerId !== null).toBe(true);
    const documents = await db.select().from(hireDocuments);
    expect(documents).toHaveLength(all.length * 3);
    const started = await db.select().from(activities).where(eq(activities.type, 'onboarding.started'));
    expect(started.map((a) => a.candidateId).sort()).toEqual(all.map((h) => h.candidateId).sort());
  });
});

describe('demo data through the products’ own screens', () => {
  async function dana() {
    const [user] = await demo.database.db.select().from(users).where(eq(users.email, 'demo@hireloop.test'));
    return {
      client: await signIn(demo, user!),
      path: `organisation/${user!.currentOrganisationId}`,
      organisationId: user!.currentOrganisationId!,
    };
  }

  it('shows the Website dashboard on trial with three live roles, figures, and the careers site', async () => {
    const { client, organisationId } = await dana();
    const { website } = await expectOk(client, websiteOperations.get, { params: { organisationId } });
    expect(website.product_state).toBe('trial');
    expect(website.url).toMatch(/\/careers\/northwind-labs$/);
    const live = website.roles.filter((r) => r.live).map((r) => r.name);
    expect(live.sort()).toEqual(['Customer Success Manager', 'Product Designer', 'Senior Backend Engineer']);
    const { stats } = await expectOk(client, websiteOperations.stats, { params: { organisationId } });
    expect(stats.totals.visits).toBeGreaterThan(1000);
    expect(stats.totals.applications).toBeGreaterThan(0);
    expect(stats.days).toHaveLength(30);
    const page = await fetch(`${demo.baseUrl}/careers/northwind-labs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Senior Backend Engineer');
    expect(html).not.toContain('Data Engineer');
  });

  it('shows the Onboarding dashboard with hires in several stages, and a hire’s checklist and documents', async () => {
    const { client, path } = await dana();
    const organisationId = path.slice('organisation/'.length);
    const dashboard = (await expectOk(client, onboardingOperations.dashboard, { params: { organisationId } })).onboarding;
    expect(dashboard.product_state).toBe('trial');
    expect(dashboard.stages.map((s) => s.name)).toEqual(['Offer accepted', 'Paperwork', 'Equipment', 'First day', 'Done']);
    expect(dashboard.onboardings.length).toBeGreaterThanOrEqual(2);
    expect(dashboard.onboardings.reduce((n, o) => n + o.overdue_tasks, 0)).toBeGreaterThan(0);
    const first = dashboard.onboardings.find((o) => o.hires > 1) ?? dashboard.onboardings[0]!;
    const list = (await expectOk(client, onboardingOperations.hires, { params: { organisationId, onboardingId: first.id } })).hires;
    expect(list.data.length).toBe(first.hires);
    const hire = (await expectOk(client, onboardingOperations.hire, { params: { organisationId, hireId: list.data[0]!.id } })).hire;
    expect(hire.tasks.length).toBeGreaterThan(5);
    expect(hire.documents.map((d) => d.name)).toEqual(['ID copy', 'Bank details', 'Signed contract']);
    expect(hire.manager).not.toBeNull();
    expect(hire.buddy).not.toBeNull();
  });
});

describe('demo data: time runs forward', () => {
  /** Pairs besides creation (every other timestamp of a row is checked against its created_at): [earlier, later]. */
  const PAIRS: [string, string][] = [
    ['starts_at', 'ends_at'],
    ['opened_at', 'closed_at'],
    ['applied_at', 'rejected_at'],
    ['applied_at', 'hired_at'],
    ['applied_at', 'stage_entered_at'],
  ];

  it('has no row used, changed, sent or ended before it was created or began (an API key was last used before it was made)', async () => {
    const rowsOf = async <T>(query: SQL) => ((await demo.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const rows = await rowsOf<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type like 'timestamp%' order by table_name, column_name`,
    );
    const byTable = new Map<string, string[]>();
    for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
    // Every table's every timestamp, so a column added later is checked too.
    const checks: [string, string, string][] = [];
    for (const [table, columns] of byTable) {
      if (columns.includes('created_at')) {
        for (const column of columns) if (column !== 'created_at') checks.push([table, 'created_at', column]);
      }
      for (const [earlier, later] of PAIRS) if (columns.includes(earlier) && columns.includes(later)) checks.push([table, earlier, later]);
    }
    expect(checks).toContainEqual(['api_keys', 'created_at', 'last_used_at']);
    const backwards: string[] = [];
    for (const [table, earlier, later] of checks) {
      const found = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(later)} < ${sql.identifier(earlier)}`,
      );
      if (found[0]!.n > 0) backwards.push(`${table}: ${found[0]!.n} with ${later} before ${earlier}`);
    }
    expect(backwards).toEqual([]);
  });
});
