/**
 * The careers bench's data: one organisation subscribed to the Website product, with a careers site,
 * twelve teams and `roles` open, published roles (each with an open recruitment, a hiring manager on
 * it, a realistic description and salary; every fifth with two questions of its own) and the default
 * pipeline. Never imported by production code.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { jobRoles } from '../apps/server/src/db/schema/job-roles.ts';
import { memberships, organisations } from '../apps/server/src/db/schema/organisations.ts';
import { recruitmentStatuses } from '../apps/server/src/db/schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from '../apps/server/src/db/schema/recruitments.ts';
import { teams } from '../apps/server/src/db/schema/teams.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { careerQuestions, careersSites } from '../apps/server/src/db/schema/website.ts';

export const BENCH_CAREERS_SLUG = 'bench-careers';

const TEAMS = [
  'Platform',
  'Payments',
  'Data',
  'Mobile',
  'Design',
  'Security',
  'Customer Success',
  'Sales',
  'Marketing',
  'Finance',
  'People',
  'Operations',
];
const TITLES = ['Engineer', 'Senior Engineer', 'Staff Engineer', 'Manager', 'Specialist', 'Lead', 'Analyst', 'Associate'];
const LOCATIONS = ['Berlin', 'London', 'Lisbon', 'Amsterdam', 'Warsaw', 'Remote, Europe', 'Madrid', 'Dublin'];
const LOCATION_TYPES = ['on_site', 'hybrid', 'remote'] as const;
const EMPLOYMENT = ['full_time', 'full_time', 'full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;

const description = (team: string, title: string) =>
  `<p>The ${team} team at Bench Careers Ltd builds and runs the systems our customers rely on every day. As ${title} you will join a small, calm team that ships often and writes things down.</p>` +
  '<h3>What you will do</h3><ul><li>Own a part of the product from the first sketch to production</li><li>Review work and help colleagues grow</li><li>Talk to customers and learn how they really work</li><li>Keep what you build observable, documented and accessible</li></ul>' +
  '<h3>What we look for</h3><ul><li>Several years in a similar role</li><li>Clear written communication in English</li><li>Curiosity, care and a sense of humour</li></ul>' +
  '<h3>What we offer</h3><ul><li>30 days of holiday</li><li>A learning budget</li><li>Flexible hours and a good laptop</li></ul>';

export async function seedBenchCareers(db: Db, count: number) {
  const [org] = await db
    .insert(organisations)
    .values({
      name: 'Bench Careers Ltd',
      slug: BENCH_CAREERS_SLUG,
      products: ['website'],
      trailEndsAt: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning();
  if (!org) throw new Error('bench organisation not created');
  const [owner] = await db
    .insert(users)
    .values({
      oidcIssuer: 'local',
      oidcSub: 'bench-careers-owner',
      email: 'owner@bench-careers.test',
      name: 'Bench Owner',
      currentOrganisationId: org.id,
    })
    .returning();
  await db.insert(memberships).values({ organisationId: org.id, userId: owner!.id, role: 'owner' });
  await db.insert(careersSites).values({
    organisationId: org.id,
    headline: 'Join Bench Careers Ltd',
    intro: 'We build calm software for busy people.\n\nEvery application is read by a person, and you hear back from us within two weeks.',
    // The default brand colour (what a new site gets).
  });
  await db
    .insert(recruitmentStatuses)
    .values(DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ organisationId: org.id, ...s, position: i + 1 })));
  const teamRows = await db
    .insert(teams)
    .values(TEAMS.map((name) => ({ organisationId: org.id, name })))
    .returning({ id: teams.id, name: teams.name });

  const roleRows: (typeof jobRoles.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const team = teamRows[i % teamRows.length]!;
    const title = `${team.name} ${TITLES[i % TITLES.length]!} ${Math.floor(i / teamRows.length) + 1}`;
    const min = 40_000 + (i % 9) * 5_000;
    roleRows.push({
      id: randomUUID(),
      organisationId: org.id,
      name: title,
      teamId: team.id,
      locationType: LOCATION_TYPES[i % LOCATION_TYPES.length]!,
      location: LOCATIONS[i % LOCATIONS.length]!,
      employmentType: EMPLOYMENT[i % EMPLOYMENT.length]!,
      salaryMin: i % 4 === 3 ? null : min,
      salaryMax: i % 4 === 3 ? null : min + 15_000,
      salaryCurrency: i % 4 === 3 ? null : 'EUR',
      descriptionHtml: description(team.name, title),
      status: 'open',
      published: true,
    });
  }
  await db.insert(jobRoles).values(roleRows);
  const recruitmentRows = roleRows.map((r) => ({
    id: randomUUID(),
    organisationId: org.id,
    roleId: r.id!,
    name: r.name,
    status: 'open',
    ownerId: owner!.id,
  }));
  await db.insert(recruitments).values(recruitmentRows);
  await db
    .insert(recruitmentMembers)
    .values(recruitmentRows.map((r) => ({ recruitmentId: r.id, userId: owner!.id, role: 'hiring_manager' })));
  await db.insert(careerQuestions).values(
    roleRows
      .filter((_, i) => i % 5 === 0)
      .map((r) => ({
        organisationId: org.id,
        roleId: r.id!,
        questions: [
          { id: randomUUID(), label: 'Why this role?', kind: 'long_text' as const, required: false },
          { id: randomUUID(), label: 'Can you start within three months?', kind: 'yes_no' as const, required: false },
        ],
      })),
  );
  for (const table of ['job_roles', 'recruitments', 'career_questions']) await db.execute(sql.raw(`analyze ${table}`));
  return { organisationId: org.id, slug: org.slug, roleIds: roleRows.map((r) => r.id!) };
}
