/**
 * The real app plus two bench-only routes that answer the very bytes `GET /api/v1/auth` answers
 * for the demo owner, in the same process, behind the same plugins and hooks:
 *
 * - `GET /bench/floor`: from memory, without session lookup or database. The gap to it is what
 *   session + database + serialisation cost.
 * - `GET /bench/floor-db` (the database floor): the least database work for the same answer: the
 *   cookie's token hashed, then one named prepared statement through a bare `pg` Pool (as many
 *   connections as the app's pool) that checks the session (absolute and idle expiry) and reads the
 *   user and their organisations with their role, as the answer needs; then the same bytes (a
 *   session it does not find is a 401). The gap to it is what the app adds to that one round trip.
 *
 * Never imported by production code. Environment: PORT, HOST, DATA_DIR (fresh), LOG_LEVEL, as for
 * the server. Prints one JSON line on stdout once listening: { port, cookie, bytes, contentType }.
 */
import { SESSION_COOKIE, SESSION_IDLE_MS } from '@hireloop/contract/constants';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { sha256 } from '../apps/server/src/lib/tokens.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';

const FLOOR_PATH = '/bench/floor';
const FLOOR_DB_PATH = '/bench/floor-db';
const AUTH_PATH = '/api/v1/auth';
/** The app's pool size (apps/server/src/db/client.ts). */
const POOL_SIZE = 10;
/** Everything GET /auth answers with, for a live session: the user, their organisations and their role in each. */
const FLOOR_SQL = `select u.id, u.name, u.email, u.avatar_url, u.current_organisation_id, o.id, o.name, o.slug, o.trail_ends_at, m.role
from sessions s
join users u on u.id = s.user_id
left join memberships m on m.user_id = s.user_id
left join organisations o on o.id = m.organisation_id
where s.token_hash = $1 and s.expires_at > now() and s.last_seen_at > $2
order by o.id = u.current_organisation_id desc nulls last, m.created_at`;

const { config, database, ownerId } = await openDemoBench();
// A session for the demo owner, as a completed sign-in leaves it (see apps/server/test/harness.ts).
const cookie = await sessionCookieFor(database, ownerId);

const app = await buildApp({ config, database });

// Filled in once listening (the app cannot answer before it is ready, and no route can be added after).
const floor = { body: '', contentType: '' };
app.get(FLOOR_PATH, (_request, reply) => {
  void reply.type(floor.contentType).send(floor.body);
});

const pool = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
app.addHook('onClose', async () => pool.end());
app.get(FLOOR_DB_PATH, async (request, reply) => {
  const token = request.cookies[SESSION_COOKIE] ?? '';
  const found = await pool.query({
    name: 'bench_floor_auth',
    text: FLOOR_SQL,
    values: [sha256(token), new Date(Date.now() - SESSION_IDLE_MS)],
    rowMode: 'array',
  });
  if (found.rowCount === 0) return reply.code(401).send({ message: 'You are not signed in.', code: 'unauthenticated' });
  return reply.type(floor.contentType).send(floor.body);
});

const port = await serveUntilSignalled(app, database, config);

const auth = await app.inject({ method: 'GET', url: AUTH_PATH, headers: { cookie } });
if (auth.statusCode !== 200) throw new Error(`${AUTH_PATH} answered ${auth.statusCode} for the demo owner: ${auth.body}`);
floor.body = auth.body;
floor.contentType = String(auth.headers['content-type']);

// The comparison is only fair if the floors really send the same bytes.
for (const url of [FLOOR_PATH, FLOOR_DB_PATH]) {
  const check = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (check.statusCode !== 200 || check.body !== floor.body || check.headers['content-type'] !== floor.contentType) {
    throw new Error(`${url} does not reproduce ${AUTH_PATH}: ${check.statusCode} ${String(check.headers['content-type'])} ${check.body}`);
  }
}

process.stdout.write(`${JSON.stringify({ port, cookie, bytes: Buffer.byteLength(floor.body), contentType: floor.contentType })}\n`);
