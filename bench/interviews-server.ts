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
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@hireloop/contract/constants';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_ORGANISATION, seedDemo } from '../apps/server/src/db/demo-seed.ts';
import { organisations } from '../apps/server/src/db/schema/organisations.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { seedBenchInterviews } from './seed-interviews.ts';

const INTERVIEWS = Number(process.env.BENCH_INTERVIEWS ?? 5000);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db);
const db = database.db;

const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, DEMO_ORGANISATION.slug));
if (!org) throw new Error('the demo organisation is missing: did the seed run?');
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.oidcSub, 'demo-owner'));
if (!owner) throw new Error('the demo owner is missing');

const seedStarted = performance.now();
const { recruitmentId, interviews: count } = await seedBenchInterviews(db, org.id, owner.id, INTERVIEWS);
const seedMs = Math.round(performance.now() - seedStarted);

const token = randomToken();
await db.insert(sessions).values({ tokenHash: sha256(token), userId: owner.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
const cookie = `${SESSION_COOKIE}=${token}`;
const listPath = `/api/v1/organisation/${org.id}/recruitments/${recruitmentId}/interviews?per_page=25`;

const app = await buildApp({ config, database });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
await app.listen({ host: config.host, port: config.port });

const page = await app.inject({ method: 'GET', url: listPath, headers: { cookie } });
if (page.statusCode !== 200) throw new Error(`${listPath} answered ${page.statusCode}: ${page.body.slice(0, 300)}`);

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(`${JSON.stringify({ port, organisationId: org.id, cookie, recruitmentId, listPath, seedMs, interviews: count })}\n`);
