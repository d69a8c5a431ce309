/**
 * The real app plus one bench-only route, `GET /bench/floor`, that answers the very bytes
 * `GET /api/v1/auth` answers for the demo owner, without session lookup or database. It runs
 * in the same process, behind the same plugins and hooks, so the gap between the two routes is
 * what session + database + serialisation cost. Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh), LOG_LEVEL, as for the server.
 * Prints one JSON line on stdout once listening: { port, cookie, bytes, contentType }.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';

const FLOOR_PATH = '/bench/floor';
const AUTH_PATH = '/api/v1/auth';

const { config, database, ownerId } = await openDemoBench();
// A session for the demo owner, as a completed sign-in leaves it (see apps/server/test/harness.ts).
const cookie = await sessionCookieFor(database, ownerId);

const app = await buildApp({ config, database });

// Filled in once listening (the app cannot answer before it is ready, and no route can be added after).
const floor = { body: '', contentType: '' };
app.get(FLOOR_PATH, (_request, reply) => {
  void reply.type(floor.contentType).send(floor.body);
});

const port = await serveUntilSignalled(app, database, config);

const auth = await app.inject({ method: 'GET', url: AUTH_PATH, headers: { cookie } });
if (auth.statusCode !== 200) throw new Error(`${AUTH_PATH} answered ${auth.statusCode} for the demo owner: ${auth.body}`);
floor.body = auth.body;
floor.contentType = String(auth.headers['content-type']);

// The comparison is only fair if the floor really sends the same bytes.
const check = await app.inject({ method: 'GET', url: FLOOR_PATH });
if (check.statusCode !== 200 || check.body !== floor.body || check.headers['content-type'] !== floor.contentType) {
  throw new Error(
    `${FLOOR_PATH} does not reproduce ${AUTH_PATH}: ${check.statusCode} ${String(check.headers['content-type'])} ${check.body}`,
  );
}

process.stdout.write(`${JSON.stringify({ port, cookie, bytes: Buffer.byteLength(floor.body), contentType: floor.contentType })}\n`);
