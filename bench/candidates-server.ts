/**
 * The real app on a database seeded for the hiring-core bench: the demo organisation plus
 * 100,000 candidates in 50 recruitments (bench/seed-candidates.ts), a session for the demo owner
 * and a write API key. Bench-only routes, behind the same plugins and hooks:
 * - `GET /bench/floor-candidates` answers from memory the very bytes of the measured candidates page (the floor);
 * - `GET /bench/floor-candidate-search`, the search across the organisation's database floor: one
 *   named prepared statement through a bare `pg` Pool (the app's size) checks the session and the
 *   membership and reads the search's page and total, then sends the bytes the API answered.
 * - `GET /bench/event-loop`: the event loop's delay (perf_hooks) since `?reset=1`, in ms.
 * Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL,
 * BENCH_CANDIDATES (default 100000), BENCH_RECRUITMENTS (default 50).
 * Prints one JSON line once listening: { port, organisationId, cookie, apiKey, recruitmentId, statusId, listPath, floorPath,
 *   searchPath, searchFloorPath, eventLoopPath, seedMs, candidates }.
 */
import { API_KEY_SCOPES } from '@hireloop/contract/api-keys';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '@hireloop/contract/constants';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { apiKeys } from '../apps/server/src/db/schema/api-keys.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';
import { seedBenchCandidates } from './seed-candidates.ts';

const FLOOR_PATH = '/bench/floor-candidates';
const SEARCH_FLOOR_PATH = '/bench/floor-candidate-search';
const EVENT_LOOP_PATH = '/bench/event-loop';
const SEARCH_TERM = 'candidate4242';
/** The app's pool size (apps/server/src/db/client.ts). */
const POOL_SIZE = 10;
/**
 * The least database work for the search's answer: a live session of a member of the organisation,
 * then the page of matches for the term's one word (the name and e-mail word index of migration 0016,
 * as the app's word tier) with their total, joined back to the candidates for the fields the answer
 * shows.
 */
const SEARCH_FLOOR_SQL = `with who as (
  select 1 from sessions s join memberships m on m.user_id = s.user_id and m.organisation_id = $2
  where s.token_hash = $1 and s.expires_at > now() and s.last_seen_at > $3)
select c.*, p.total from (
  select m.id, m.search_name, count(*) over () as total
  from (select c.id, c.search_name from candidates c
    where c.organisation_id = $2 and c.erased_at is null and c.search_vector @@ hireloop_word_query($4) limit 1000) m
  where exists (select 1 from who)
  order by m.search_name, m.id limit 25) p
join candidates c on c.id = p.id
order by p.search_name, p.id`;
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
const searchPath = `/api/v1/organisation/${organisationId}/candidates?per_page=25&filter[search]=${SEARCH_TERM}`;
const searchFloor = { body: '', contentType: '' };
const pool = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
app.addHook('onClose', async () => pool.end());
app.get(SEARCH_FLOOR_PATH, async (request, reply) => {
  const found = await pool.query({
    name: 'bench_floor_candidate_search',
    text: SEARCH_FLOOR_SQL,
    values: [sha256(request.cookies[SESSION_COOKIE] ?? ''), organisationId, new Date(Date.now() - SESSION_IDLE_MS), SEARCH_TERM],
    rowMode: 'array',
  });
  if (found.rowCount === 0) return reply.code(401).send({ message: 'You are not signed in.', code: 'unauthenticated' });
  return reply.type(searchFloor.contentType).send(searchFloor.body);
});
// The event loop's delay, sampled every 10 ms: `?reset=1` starts a measurement, a plain GET reads it.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const ms = (ns: number) => Math.round(ns / 1e5) / 10;
app.get(EVENT_LOOP_PATH, (request, reply) => {
  if ((request.query as { reset?: string }).reset) loopDelay.reset();
  void reply.send({ p50Ms: ms(loopDelay.percentile(50)), p99Ms: ms(loopDelay.percentile(99)), maxMs: ms(loopDelay.max) });
});
const port = await serveUntilSignalled(app, database, config);

const page = await app.inject({ method: 'GET', url: listPath, headers: { cookie } });
if (page.statusCode !== 200) throw new Error(`${listPath} answered ${page.statusCode}: ${page.body.slice(0, 300)}`);
floor.body = page.body;
floor.contentType = String(page.headers['content-type']);

const search = await app.inject({ method: 'GET', url: searchPath, headers: { cookie } });
if (search.statusCode !== 200) throw new Error(`${searchPath} answered ${search.statusCode}: ${search.body.slice(0, 300)}`);
searchFloor.body = search.body;
searchFloor.contentType = String(search.headers['content-type']);
const check = await app.inject({ method: 'GET', url: SEARCH_FLOOR_PATH, headers: { cookie } });
if (check.statusCode !== 200 || check.body !== searchFloor.body)
  throw new Error(`${SEARCH_FLOOR_PATH} does not reproduce ${searchPath}: ${check.statusCode} ${check.body.slice(0, 300)}`);

process.stdout.write(
  `${JSON.stringify({ port, organisationId, cookie, apiKey, recruitmentId, statusId, listPath, floorPath: FLOOR_PATH, searchPath, searchFloorPath: SEARCH_FLOOR_PATH, eventLoopPath: EVENT_LOOP_PATH, seedMs, candidates: seeded.candidates })}\n`,
);
