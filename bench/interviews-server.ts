/**
 * The real app on a database seeded for the interviews bench: the demo organisation plus 5,000
 * interviews in one recruitment (two interviewers each, a third of the past ones with scorecards),
 * generated in the database with generate_series, and a session for the demo owner.
 * Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL,
 * BENCH_INTERVIEWS (default 5000).
 * Prints one JSON line once listening: { port, organisationId, cookie, recruitmentId, listPath, seedMs, interviews }.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';
import { seedBenchInterviews } from './seed-interviews.ts';

const INTERVIEWS = Number(process.env.BENCH_INTERVIEWS ?? 5000);

const { config, database, organisationId, ownerId } = await openDemoBench();
const db = database.db;

const seedStarted = performance.now();
const { recruitmentId, interviews: count } = await seedBenchInterviews(db, organisationId, ownerId, INTERVIEWS);
const seedMs = Math.round(performance.now() - seedStarted);

const cookie = await sessionCookieFor(database, ownerId);
const listPath = `/api/v1/organisation/${organisationId}/recruitments/${recruitmentId}/interviews?per_page=25`;

const app = await buildApp({ config, database });
const port = await serveUntilSignalled(app, database, config);

const page = await app.inject({ method: 'GET', url: listPath, headers: { cookie } });
if (page.statusCode !== 200) throw new Error(`${listPath} answered ${page.statusCode}: ${page.body.slice(0, 300)}`);

process.stdout.write(`${JSON.stringify({ port, organisationId, cookie, recruitmentId, listPath, seedMs, interviews: count })}\n`);
