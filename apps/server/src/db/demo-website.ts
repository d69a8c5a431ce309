import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { generator, insertJson } from './demo-hiring.ts';
import { applications, candidates } from './schema/candidates.ts';
import { jobRoles } from './schema/job-roles.ts';
import { organisations } from './schema/organisations.ts';
import { recruitments } from './schema/recruitments.ts';
import { careerQuestions, careersSites, type CareerQuestion } from './schema/website.ts';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Days of visits the demo careers site has had. */
export const DEMO_CAREERS_DAYS = 60;

export const DEMO_CAREERS_SITE = {
  headline: 'Build the logistics platform behind 400 warehouses',
  intro:
    'Northwind Labs routes two million parcels a day for retailers across Europe. We are a small, calm team that ships often and writes things down.\n\n' +
    'We hire in Berlin, London and remotely within Europe. Every application is read by a person, and you hear back from us within two weeks.',
  brandColour: '#0b7285',
};

/** The demo roles on the careers site, with their own questions (the roles that have an open recruitment). */
const PUBLISHED: { role: string; questions: Omit<CareerQuestion, 'id'>[]; weight: number }[] = [
  {
    role: 'Senior Backend Engineer',
    weight: 1.4,
    questions: [
      {
        label: 'Which of our stack (TypeScript, PostgreSQL, Go, Kubernetes) have you run in production?',
        kind: 'long_text',
        required: true,
      },
      { label: 'Do you need a visa to work in Germany?', kind: 'yes_no', required: true },
    ],
  },
  {
    role: 'Product Designer',
    weight: 1,
    questions: [{ label: 'A link to your portfolio', kind: 'short_text', required: true }],
  },
  { role: 'Customer Success Manager', weight: 0.8, questions: [] },
];

const COVER_NOTES = [
  'I have followed Northwind’s engineering blog for a while and would love to work on the routing problems you describe.',
  'My last three years were spent on warehouse tooling, so this role feels like a natural next step.',
  'I am relocating to Europe next spring and your team’s way of working is exactly what I am looking for.',
  'A friend on your platform team recommended applying. I enjoy calm, well-documented teams.',
  'I like products used by people on their feet all day; I would bring research habits from retail.',
  null,
];
const ANSWERS: Record<CareerQuestion['kind'], string[]> = {
  long_text: [
    'TypeScript and PostgreSQL daily for four years; Kubernetes as a user, not an operator.',
    'Go services on Kubernetes at my current job, PostgreSQL for everything stateful.',
    'All four, though most deeply PostgreSQL: partitioning, logical replication and query tuning.',
  ],
  short_text: ['https://portfolio.example/work', 'https://portfolio.example/case-studies', 'https://portfolio.example/'],
  yes_no: ['no', 'no', 'yes'],
};

/**
 * The Website product of the demo (docs/product.md §16): Northwind Labs is subscribed (to Onboarding too), has a
 * careers site with a headline and brand colour, publishes the roles that have an open recruitment
 * (two with their own questions), had ~60 days of visits, and its recent careers-site applicants
 * (candidates whose source is the careers site) carry what they sent with the form. Deterministic
 * and inserted in a few statements.
 */
export async function seedDemoWebsite(tx: Db, organisationId: string, now = new Date()) {
  const rand = generator(20_261_107);
  const nowMs = now.getTime();
  await tx
    .update(organisations)
    .set({ products: ['website', 'onboarding'] })
    .where(eq(organisations.id, organisationId));
  await tx.insert(careersSites).values({ organisationId, ...DEMO_CAREERS_SITE });

  const roles = await tx
    .select({ id: jobRoles.id, name: jobRoles.name })
    .from(jobRoles)
    .where(
      and(
        eq(jobRoles.organisationId, organisationId),
        inArray(
          jobRoles.name,
          PUBLISHED.map((p) => p.role),
        ),
      ),
    );
  const published = PUBLISHED.flatMap((p) => {
    const role = roles.find((r) => r.name === p.role);
    return role ? [{ ...p, id: role.id, questions: p.questions.map((q) => ({ id: randomUUID(), ...q })) }] : [];
  });
  if (published.length === 0) return;
  await tx
    .update(jobRoles)
    .set({ published: true })
    .where(
      inArray(
        jobRoles.id,
        published.map((p) => p.id),
      ),
    );
  const withQuestions = published.filter((p) => p.questions.length > 0);
  if (withQuestions.length > 0)
    await tx
      .insert(careerQuestions)
      .values(withQuestions.map((p) => ({ organisationId, roleId: p.id, questions: p.questions, updatedAt: new Date(nowMs - 40 * DAY) })));

  // Visits: the front page and each role, more on weekdays, growing a little over the two months.
  const views: { organisationId: string; page: string; day: string; views: number }[] = [];
  for (let d = DEMO_CAREERS_DAYS - 1; d >= 0; d--) {
    const dayMs = nowMs - d * DAY;
    const weekday = new Date(dayMs).getUTCDay();
    const weekFactor = weekday === 0 || weekday === 6 ? 0.55 : 1;
    const trend = 0.75 + (0.5 * (DEMO_CAREERS_DAYS - d)) / DEMO_CAREERS_DAYS;
    const day = isoDay(dayMs);
    views.push({ organisationId, page: 'index', day, views: Math.round(rand.between(45, 85) * weekFactor * trend) });
    for (const p of published)
      views.push({ organisationId, page: p.id, day, views: Math.round(rand.between(12, 30) * p.weight * weekFactor * trend) });
  }
  await insertJson(tx, 'careers_page_views', views);

  // Applications through the site: the careers-site applicants of the published roles' open recruitments.
  const since = new Date(nowMs - DEMO_CAREERS_DAYS * DAY);
  const arrived = await tx
    .select({ applicationId: applications.id, roleId: recruitments.roleId, appliedAt: applications.appliedAt })
    .from(applications)
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .where(
      and(
        eq(applications.organisationId, organisationId),
        eq(applications.source, 'careers_site'),
        eq(recruitments.status, 'open'),
        gte(applications.appliedAt, since),
        inArray(
          recruitments.roleId,
          published.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(applications.appliedAt), asc(candidates.email));
  const rows = arrived.map((a, i) => {
    const role = published.find((p) => p.id === a.roleId)!;
    return {
      applicationId: a.applicationId,
      organisationId,
      roleId: a.roleId,
      coverNote: COVER_NOTES[i % COVER_NOTES.length],
      answers: role.questions.map((q) => ({ question_id: q.id, label: q.label, answer: rand.pick(ANSWERS[q.kind]) })),
      createdAt: a.appliedAt,
    };
  });
  await insertJson(tx, 'career_applications', rows);
}
