/**
 * The real app for the mixed-load bench (issue 31): the demo organisation, and with BENCH_CANDIDATES
 * (e.g. 100000) that many more candidates in BENCH_RECRUITMENTS recruitments with their stage history
 * and timeline (bench/seed-candidates.ts, bench/seed-screens.ts). A session for each member who may
 * move candidates and write notes (a team of recruiters), each with its anti-forgery token, and what
 * the load needs to address: recruitments with their stages, applications to move (a disjoint set
 * per worker, so that every acknowledged move changes a stage), candidates to open and annotate.
 * Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL,
 * BENCH_CANDIDATES (default 0: the demo only), BENCH_RECRUITMENTS (default 50).
 * Prints one JSON line once listening (see `MixedInfo` in bench/lib/mixed.ts).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { applications, candidates } from '../apps/server/src/db/schema/candidates.ts';
import { memberships } from '../apps/server/src/db/schema/organisations.ts';
import { recruitmentStatuses } from '../apps/server/src/db/schema/recruitment-settings.ts';
import { recruitments } from '../apps/server/src/db/schema/recruitments.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';
import { seedBenchCandidates } from './seed-candidates.ts';
import { seedBenchHistory } from './seed-screens.ts';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 0);
const RECRUITMENTS = Number(process.env.BENCH_RECRUITMENTS ?? 50);
/** Applications each worker moves at most (a worker is one of the load's connections); the demo has fewer. */
const MOVES_PER_WORKER = 8;
const WORKERS = 32;

const { config, database, organisationId, ownerId } = await openDemoBench();
const db = database.db;
const seedStarted = performance.now();
if (CANDIDATES > 0) {
  const [owner] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, ownerId));
  if (!owner) throw new Error('the demo owner is missing');
  const seeded = await seedBenchCandidates(db, organisationId, { candidates: CANDIDATES, recruitments: RECRUITMENTS });
  await seedBenchHistory(db, organisationId, owner, seeded);
}
const seedMs = Math.round(performance.now() - seedStarted);

// The team: every member who may move candidates and write notes.
const team = await db
  .select({ id: memberships.userId })
  .from(memberships)
  .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.role, ['owner', 'admin', 'recruiter'])));

// Open recruitments, with their stages in pipeline order (the terminal ones left out: a move there is a hire).
const open = await db
  .select({ id: recruitments.id })
  .from(recruitments)
  .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.status, 'open')))
  .limit(10);
const stages = await db
  .select({ id: recruitmentStatuses.id, category: recruitmentStatuses.category })
  .from(recruitmentStatuses)
  .where(eq(recruitmentStatuses.organisationId, organisationId))
  .orderBy(asc(recruitmentStatuses.position));
const movableStages = stages.filter((s) => s.category === 'in_progress').map((s) => s.id);
if (movableStages.length < 2) throw new Error('the pipeline needs two stages to move between');

const active = await db
  .select({ id: applications.id, recruitmentId: applications.recruitmentId })
  .from(applications)
  .innerJoin(candidates, eq(candidates.id, applications.candidateId))
  .where(
    and(
      eq(applications.organisationId, organisationId),
      inArray(
        applications.recruitmentId,
        open.map((r) => r.id),
      ),
      isNull(applications.rejectedAt),
      inArray(applications.statusId, movableStages),
      isNull(candidates.erasedAt),
    ),
  )
  .limit(WORKERS * MOVES_PER_WORKER);
if (active.length < WORKERS) throw new Error(`only ${active.length} applications to move: one per connection at least`);
const perWorker = Math.floor(active.length / WORKERS);
// Candidates to open and annotate: any of the organisation's.
const people = await db
  .select({ id: candidates.id })
  .from(candidates)
  .where(and(eq(candidates.organisationId, organisationId), isNull(candidates.erasedAt)))
  .limit(1000);

const app = await buildApp({ config, database });
const port = await serveUntilSignalled(app, database, config);

const members = [];
for (const member of team) {
  const cookie = await sessionCookieFor(database, member.id);
  const csrf = await app.inject({ method: 'GET', url: '/api/v1/auth/init/csrf-cookie', headers: { cookie } });
  const xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  members.push({ cookie, xsrf });
}

const moves = Array.from({ length: WORKERS }, (_, w) =>
  active.slice(w * perWorker, (w + 1) * perWorker).map((a) => ({ id: a.id, recruitmentId: a.recruitmentId })),
);
process.stdout.write(
  `${JSON.stringify({
    port,
    databaseUrl: database.url,
    organisationId,
    seedMs,
    candidates: CANDIDATES,
    members,
    recruitmentIds: open.map((r) => r.id),
    stageIds: movableStages,
    moves,
    candidateIds: people.map((p) => p.id),
  })}\n`,
);
