/**
 * The real app on a database seeded for the hiring-core bench: the demo organisation plus
 * 100,000 candidates in 50 recruitments (bench/seed-candidates.ts), a session for the demo owner
 * and a write API key. One bench-only route, `GET /bench/floor-candidates`, answers from memory
 * the very bytes of the measured candidates page, behind the same plugins and hooks: the floor.
 * Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL,
 * BENCH_CANDIDATES (default 100000), BENCH_RECRUITMENTS (default 50).
 * Prints one JSON line once listening: { port, organisationId, cookie, apiKey, recruitmentId, statusId, listPath, seedMs }.
 */
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@hireloop/contract/constants';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_ORGANISATION, seedDemo } from '../apps/server/src/db/demo-seed.ts';
import { apiKeys } from '../apps/server/src/db/schema/api-keys.ts';
import { organisations } from '../apps/server/src/db/schema/organisations.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { seedBenchCandidates } from './seed-candidates.ts';

const FLOOR_PATH = '/bench/floor-candidates';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 100_000);
const RECRUITMENTS = Number(process.env.BENCH_RECRUITMENTS ?? 50);

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
const seeded = await seedBenchCandidates(db, org.id, { candidates: CANDIDATES, recruitments: RECRUITMENTS });
const seedMs = Math.round(performance.now() - seedStarted);

const apiKey = `hl_${randomToken()}`;
await db.insert(apiKeys).values({
  organisationId: org.id,
  name: 'Bench import key',
  prefix: apiKey.slice(0, 11),
  tokenHash: sha256(apiKey),
  scopes: ['read', 'write'],
  createdBy: owner.id,
});
const token = randomToken();
await db.insert(sessions).values({ tokenHash: sha256(token), userId: owner.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
const cookie = `${SESSION_COOKIE}=${token}`;

const recruitmentId = seeded.recruitmentIds[0]!;
const statusId = seeded.statusIds[1] ?? seeded.statusIds[0]!;
const listPath = `/api/v1/organisation/${org.id}/recruitments/${recruitmentId}/applications?per_page=25&sort=-applied_at&filter[status]=${statusId}`;

const app = await buildApp({ config, database });
const floor = { body: '', contentType: '' };
app.get(FLOOR_PATH, (_request, reply) => {
  void reply.type(floor.contentType).send(floor.body);
});
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
floor.body = page.body;
floor.contentType = String(page.headers['content-type']);

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(
  `${JSON.stringify({ port, organisationId: org.id, cookie, apiKey, recruitmentId, statusId, listPath, floorPath: FLOOR_PATH, seedMs, candidates: seeded.candidates })}\n`,
);
