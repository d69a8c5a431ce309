import { and, eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { jobRoles } from './schema/job-roles.ts';
import { experienceLevels } from './schema/recruitment-settings.ts';

type DemoRole = {
  name: string;
  level: string;
  locationType: 'remote' | 'hybrid' | 'on_site';
  location: string;
  employmentType: 'full_time' | 'part_time' | 'contract' | 'temporary' | 'internship';
  salary: [number, number, string, 'year' | 'month' | 'hour'] | null;
  status: 'draft' | 'open' | 'closed';
  description: string;
};

const about = (intro: string, tasks: string[], wants: string[]) =>
  `<p>${intro}</p><h3>What you will do</h3><ul>${tasks.map((t) => `<li>${t}</li>`).join('')}</ul>` +
  `<h3>What we look for</h3><ul>${wants.map((w) => `<li>${w}</li>`).join('')}</ul>`;

/** Ten roles of Northwind Labs (the teams seed assigns them to teams by name). */
export const DEMO_ROLES: DemoRole[] = [
  {
    name: 'Senior Backend Engineer',
    level: 'Senior',
    locationType: 'hybrid',
    location: 'Berlin',
    employmentType: 'full_time',
    salary: [75000, 95000, 'EUR', 'year'],
    status: 'open',
    description: about(
      'Northwind Labs builds the logistics platform behind 400 warehouses. You will own services that route <strong>two million parcels a day</strong>.',
      [
        'Design and run TypeScript services on PostgreSQL',
        'Review code and mentor two mid-level engineers',
        'Take part in a calm, well-documented on-call rotation',
      ],
      ['5+ years building backend systems', 'Solid SQL and data-modelling skills', 'Clear written communication in English'],
    ),
  },
  {
    name: 'Product Designer',
    level: 'Mid-level',
    locationType: 'remote',
    location: 'Europe (CET ± 2h)',
    employmentType: 'full_time',
    salary: [55000, 70000, 'EUR', 'year'],
    status: 'open',
    description: about(
      'Shape the tools our warehouse teams use every day, from the first sketch to the shipped screen.',
      [
        'Run discovery interviews with operators',
        'Design flows and prototypes in Figma',
        'Work with engineers on accessible, shippable detail',
      ],
      ['A portfolio of shipped product work', 'Experience with design systems', 'Curiosity about how physical work gets done'],
    ),
  },
  {
    name: 'Customer Success Manager',
    level: 'Mid-level',
    locationType: 'on_site',
    location: 'London',
    employmentType: 'full_time',
    salary: [42000, 52000, 'GBP', 'year'],
    status: 'open',
    description: about(
      'Be the trusted partner of our retail customers after they sign, from onboarding to renewal.',
      ['Lead onboarding for new accounts', 'Run quarterly business reviews', 'Turn customer feedback into product requests'],
      ['3+ years in customer success or account management', 'Retail or logistics experience is a plus'],
    ),
  },
  {
    name: 'Frontend Developer',
    level: 'Junior',
    locationType: 'hybrid',
    location: 'Berlin',
    employmentType: 'full_time',
    salary: [48000, 58000, 'EUR', 'year'],
    status: 'open',
    description: about(
      'Join the team building our React dashboards, with a mentor and a clear growth plan.',
      ['Build accessible React screens', 'Write tests with Vitest and Playwright'],
      ['A first year or two of professional frontend work', 'Care for detail and usability'],
    ),
  },
  {
    name: 'Engineering Manager, Platform',
    level: 'Lead',
    locationType: 'hybrid',
    location: 'Berlin',
    employmentType: 'full_time',
    salary: [95000, 115000, 'EUR', 'year'],
    status: 'open',
    description: about(
      'Lead the six-person platform team that keeps our infrastructure fast, safe and boring.',
      ['Hire, coach and grow engineers', 'Own the platform roadmap with product'],
      ['Experience leading an engineering team', 'A background in infrastructure or backend work'],
    ),
  },
  {
    name: 'Data Engineer',
    level: 'Senior',
    locationType: 'remote',
    location: 'Germany',
    employmentType: 'full_time',
    salary: [70000, 88000, 'EUR', 'year'],
    status: 'draft',
    description: about(
      'Build the pipelines that turn warehouse scans into forecasts our customers trust.',
      ['Own our dbt models and Airflow jobs', 'Work with analysts on data quality'],
      ['Strong SQL and Python', 'Experience with event data at scale'],
    ),
  },
  {
    name: 'Brand Designer (contract)',
    level: 'Senior',
    locationType: 'remote',
    location: 'Europe',
    employmentType: 'contract',
    salary: [450, 600, 'EUR', 'hour'],
    status: 'closed',
    description: '<p>A six-month contract to refresh the Northwind Labs brand ahead of our Series B.</p>',
  },
  {
    name: 'Customer Support Specialist',
    level: 'Junior',
    locationType: 'on_site',
    location: 'Manchester',
    employmentType: 'part_time',
    salary: [14, 16, 'GBP', 'hour'],
    status: 'open',
    description: about(
      'Help store teams of our retail customers by phone and chat, 25 hours a week.',
      ['Answer questions about orders and deliveries', 'Write clear help-centre articles'],
      ['Friendly, patient written English', 'Some experience in support or retail'],
    ),
  },
  {
    name: 'Sales Development Representative',
    level: 'Junior',
    locationType: 'hybrid',
    location: 'Amsterdam',
    employmentType: 'full_time',
    salary: [40000, 46000, 'EUR', 'year'],
    status: 'draft',
    description: '<p>Open the first conversations with logistics leaders across the Benelux.</p>',
  },
  {
    name: 'Operations Intern',
    level: 'Junior',
    locationType: 'on_site',
    location: 'Berlin',
    employmentType: 'internship',
    salary: [1800, 1800, 'EUR', 'month'],
    status: 'closed',
    description: '<p>A six-month paid internship in our operations team. Applications for this year have closed.</p>',
  },
];

/** Inserts the demo roles with their levels (run after the experience levels are seeded). */
export async function seedDemoRoles(tx: Db, organisationId: string) {
  const levels = await tx
    .select({ id: experienceLevels.id, name: experienceLevels.name })
    .from(experienceLevels)
    .where(and(eq(experienceLevels.organisationId, organisationId)));
  const levelId = (name: string) => levels.find((l) => l.name === name)?.id ?? null;
  await tx.insert(jobRoles).values(
    DEMO_ROLES.map((r) => ({
      organisationId,
      name: r.name,
      experienceLevelId: levelId(r.level),
      locationType: r.locationType,
      location: r.location,
      employmentType: r.employmentType,
      salaryMin: r.salary?.[0] ?? null,
      salaryMax: r.salary?.[1] ?? null,
      salaryCurrency: r.salary?.[2] ?? null,
      salaryPeriod: r.salary?.[3] ?? 'year',
      descriptionHtml: r.description,
      status: r.status,
    })),
  );
}
