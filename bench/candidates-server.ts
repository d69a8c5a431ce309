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
import { API_KEY_SCOPES } from '@hireloop/contract/api-keys';
import { buildApp } from '../apps/server/src/app.ts';
import { apiKeys } from '../apps/server/src/db/schema/api-keys.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';
import { seedBenchCandidates } from './seed-candidates.ts';

const FLOOR_PATH = '/bench/floor-candidates';
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 100_000);
const RECRUITMENTS = Number(process.env.BENCH_RECRUITMENTS ?? 50);

const { config, database, organisationId, ownerId } = await openDemoBench();
const db = database.db;

const seedStarted = performance.now();
const seeded = await seedBenchCandidates(db, organisationId, { candidates: CANDIDATES, recruitments: RECRUITMENTS });
const seedMs = Math.round(performance.now() - seedStarted);

const apiKey = `hl_${randomToken()}`;
await db.insert(apiKeys).values({
  organisationId,
  name: 'Bench import key',
  prefix: apiKey.slice(0, 11),
  tokenHash: sha256(apiKey),
  scopes: API_KEY_SCOPES,
  createdBy: ownerId,
});
const cookie = await sessionCookieFor(database, ownerId);

const recruitmentId = seeded.recruitmentIds[0]!;
const statusId = seeded.statusIds[1] ?? seeded.statusIds[0]!;
const listPath = `/api/v1/organisation/${organisationId}/recruitments/${recruitmentId}/applications?per_page=25&sort=-applied_at&filter[status]=${statusId}`;

const app = await buildApp({ config, database });
const floor = { body: '', contentType: '' };
app.get(FLOOR_PATH, (_request, reply) => {
  void reply.type(floor.contentType).send(floor.body);
});
const port = await serveUntilSignalled(app, database, config);

const page = await app.inject({ method: 'GET', url: listPath, headers: { cookie } });
if (page.statusCode !== 200) throw new Error(`${listPath} answered ${page.statusCode}: ${page.body.slice(0, 300)}`);
floor.body = page.body;
floor.contentType = String(page.headers['content-type']);

process.stdout.write(
  `${JSON.stringify({ port, organisationId, cookie, apiKey, recruitmentId, statusId, listPath, floorPath: FLOOR_PATH, seedMs, candidates: seeded.candidates })}\n`,
);
