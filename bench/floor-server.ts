/**
 * The real app plus one bench-only route, `GET /bench/floor`, that answers the very bytes
 * `GET /api/v1/auth` answers for the demo owner, without session lookup or database. It runs
 * in the same process, behind the same plugins and hooks, so the gap between the two routes is
 * what session + database + serialisation cost. Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh), LOG_LEVEL, as for the server.
 * Prints one JSON line on stdout once listening: { port, cookie, bytes, contentType }.
 */
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@hireloop/contract/constants';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/demo-seed.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';

const FLOOR_PATH = '/bench/floor';
const AUTH_PATH = '/api/v1/auth';
const DEMO_OWNER_SUB = 'demo-owner';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db);

// A session for the demo owner, as a completed sign-in leaves it (see apps/server/test/harness.ts).
const owner = (await database.db.select({ id: users.id, sub: users.oidcSub }).from(users)).find((u) => u.sub === DEMO_OWNER_SUB);
if (!owner) throw new Error(`no user with oidc_sub '${DEMO_OWNER_SUB}': did the demo seed run?`);
const token = randomToken();
await database.db
  .insert(sessions)
  .values({ tokenHash: sha256(token), userId: owner.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
const cookie = `${SESSION_COOKIE}=${token}`;

const app = await buildApp({ config, database });

// Filled in once listening (the app cannot answer before it is ready, and no route can be added after).
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

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(`${JSON.stringify({ port, cookie, bytes: Buffer.byteLength(floor.body), contentType: floor.contentType })}\n`);
