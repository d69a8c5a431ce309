/**
 * The real app on a database seeded for the screens bench: the demo organisation plus 100,000
 * candidates in 50 recruitments (bench/seed-candidates.ts) with their stage history and timeline
 * (bench/seed-screens.ts), 2,000 interviews (bench/seed-interviews.ts), 1,500 onboarding hires with
 * their tasks, 90 days of careers-site views and a third of the applications through the site, 500
 * notifications and 20,000 audit entries (seedBenchScreensExtras), the demo owner on the hiring
 * team of every bench recruitment; beside it a second, small organisation (300 candidates in 2
 * recruitments, the same owner) that the same read connections serve. A session for the demo owner.
 * No bench-only route: the floor is `GET /api/v1/auth`, measured in the same run.
 * Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL,
 * BENCH_CANDIDATES (default 100000), BENCH_RECRUITMENTS (default 50).
 * Prints one JSON line once listening: { port, cookie, seedMs, candidates, screens } where screens
 * names, per screen, the paths its page requests on first load.
 */
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { jobRoles } from '../apps/server/src/db/schema/job-roles.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createOrganisationService } from '../apps/server/src/features/organisations/service.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';
import { seedBenchCandidates } from './seed-candidates.ts';
import { seedBenchInterviews } from './seed-interviews.ts';
import { seedBenchHistory, seedBenchScreensExtras } from './seed-screens.ts';

// The seed inserts 100,000 applications (and their history) in single statements, each row passing the
// counting triggers: on a loaded machine that outlasts the app's 30 s statement limit, which is for
// requests. The limit is raised for this process only; no measured call comes near either.
process.env.DATABASE_STATEMENT_TIMEOUT_MS ??= '600000';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 100_000);
const RECRUITMENTS = Number(process.env.BENCH_RECRUITMENTS ?? 50);

const { config, database, organisationId, ownerId } = await openDemoBench();
const db = database.db;
const [owner] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, ownerId));
if (!owner) throw new Error('the demo owner is missing');

const seedStarted = performance.now();
const seeded = await seedBenchCandidates(db, organisationId, { candidates: CANDIDATES, recruitments: RECRUITMENTS });
await seedBenchHistory(db, organisationId, owner, seeded);
await seedBenchInterviews(db, organisationId, ownerId, 2000);
await seedBenchScreensExtras(db, organisationId, owner, seeded, { hires: 1500, notifications: 500, audit: 20_000 });

// The small organisation beside it: its own pipeline (created with it), one role, 300 candidates.
const small = await createOrganisationService(db).create(ownerId, { name: 'Bench Small Ltd', timezone: 'Europe/London' });
await db.insert(jobRoles).values({ organisationId: small.id, name: 'Bench role' });
const smallSeeded = await seedBenchCandidates(db, small.id, { candidates: 300, recruitments: 2 });
await seedBenchHistory(db, small.id, owner, smallSeeded);
const seedMs = Math.round(performance.now() - seedStarted);

const cookie = await sessionCookieFor(database, ownerId);
const app = await buildApp({ config, database });
const port = await serveUntilSignalled(app, database, config);

const org = (id: string) => `/api/v1/organisation/${id}`;
const everything = `per_page=${MAX_PER_PAGE}`;
const recruitment = seeded.recruitmentIds[0]!;
/** A UTC day `offset` days from today, as the website figures ask for them. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** Per screen, what its page (apps/web/src/features/…) requests on first load, besides the shell's /auth. */
const screensOf = (id: string, recruitmentId: string) => ({
  // dashboard-page.tsx: useDashboard, useOrganisationUsers, useBilling, useRoles.
  dashboard: [`${org(id)}/dashboard`, `${org(id)}/users`, `${org(id)}/billing`, `${org(id)}/role`],
  // recruitment-dashboard-page.tsx: the list (active, newest first) with its pipeline bars, and the filters' lists.
  recruitments: [
    `${org(id)}/recruitments?page=1&per_page=25&sort=-opened_at&filter[status]=active`,
    `${org(id)}/recruitment-status?${everything}`,
    `${org(id)}/role?${everything}`,
    `${org(id)}/teams?${everything}`,
  ],
  // recruitment-detail-layout.tsx and recruitment-analytics-page.tsx.
  analytics: [`${org(id)}/recruitments/${recruitmentId}`, `${org(id)}/recruitments/${recruitmentId}/analytics`],
  // candidates-page.tsx (view=board) in recruitment-detail-layout.tsx: the recruitment, the stages, the board.
  board: [
    `${org(id)}/recruitments/${recruitmentId}`,
    `${org(id)}/recruitment-status?${everything}`,
    `${org(id)}/recruitments/${recruitmentId}/board`,
  ],
  // candidates-page.tsx (the table, its default query: url-state.ts listParamsOf).
  candidates: [
    `${org(id)}/recruitments/${recruitmentId}`,
    `${org(id)}/recruitment-status?${everything}`,
    `${org(id)}/recruitments/${recruitmentId}/applications?page=1&per_page=25&sort=-applied_at&filter[state]=active`,
  ],
  // onboarding-dashboard-page.tsx: useOnboardingDashboard, and the accepted offers to bring in (a manager).
  onboarding: [`${org(id)}/onboarding`, `${org(id)}/onboarding/accepted-offers`],
  // website-dashboard-page.tsx: useWebsite, useBilling, and website-figures.tsx's last 30 days (statsRange).
  website: [`${org(id)}/website`, `${org(id)}/billing`, `${org(id)}/website/stats?from=${day(-29)}&to=${day(0)}`],
  // notification-bell.tsx (in the shell, on every page): useNotifications.
  notifications: ['/api/v1/notifications'],
  // organisation-settings-page.tsx: the settings, audit-log-section.tsx's first page and the people filter.
  audit: [org(id), `${org(id)}/audit-log?page=1&per_page=20`, `${org(id)}/users?${everything}`],
});
const screens = screensOf(organisationId, recruitment);
const smallScreens = screensOf(small.id, smallSeeded.recruitmentIds[0]!);
// The small organisation has neither Onboarding nor the Website product: those pages show their offer instead.
const { onboarding: _o, website: _w, ...smallChecked } = smallScreens;
for (const path of [...Object.values(screens).flat(), ...Object.values(smallChecked).flat()]) {
  const answer = await app.inject({ method: 'GET', url: path, headers: { cookie } });
  if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
}

process.stdout.write(`${JSON.stringify({ port, cookie, seedMs, candidates: seeded.candidates, screens, smallScreens })}\n`);
