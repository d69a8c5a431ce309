/**
 * The real app on the demo seed, for the CSV import's event-loop bench. This process measures its
 * own event loop with `perf_hooks.monitorEventLoopDelay` (1 ms resolution) and exposes it on two
 * bench-only routes, added before listening, behind the same plugins and hooks as the API:
 * `GET /bench/loop` (p50/p95/p99/max in ms since the last reset, and the sample count; `?reset=1`
 * starts a new window) and `GET /bench/ping` (answers `ok` without touching the database: the
 * latency an outside client sees for the loop alone). Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh; also holds the stored uploads) or DATABASE_URL, LOG_LEVEL.
 * Prints one JSON line once listening: { port, organisationId, recruitmentId, cookie, xsrf }.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@hireloop/contract/constants';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_ORGANISATION, seedDemo } from '../apps/server/src/db/demo-seed.ts';
import { organisations } from '../apps/server/src/db/schema/organisations.ts';
import { recruitments } from '../apps/server/src/db/schema/recruitments.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db);
const db = database.db;

const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, DEMO_ORGANISATION.slug));
if (!org) throw new Error('the demo organisation is missing: did the seed run?');
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.oidcSub, 'demo-owner'));
if (!owner) throw new Error('the demo owner is missing');
const [recruitment] = await db
  .select({ id: recruitments.id })
  .from(recruitments)
  .where(and(eq(recruitments.organisationId, org.id), eq(recruitments.status, 'open')))
  .limit(1);
if (!recruitment) throw new Error('the demo has no open recruitment');
const token = randomToken();
await db.insert(sessions).values({ tokenHash: sha256(token), userId: owner.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
const msOf = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

const app = await buildApp({ config, database });
app.get<{ Querystring: { reset?: string } }>('/bench/loop', (request, reply) => {
  const body = {
    samples: histogram.count,
    p50Ms: msOf(histogram.percentile(50)),
    p95Ms: msOf(histogram.percentile(95)),
    p99Ms: msOf(histogram.percentile(99)),
    maxMs: msOf(histogram.max),
  };
  if (request.query.reset) histogram.reset();
  void reply.send(body);
});
app.get('/bench/ping', (_request, reply) => {
  void reply.type('text/plain').send('ok');
});
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
await app.listen({ host: config.host, port: config.port });

const csrf = await app.inject({ method: 'GET', url: '/api/v1/auth/init/csrf-cookie' });
const xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(
  `${JSON.stringify({ port, organisationId: org.id, recruitmentId: recruitment.id, cookie: `${SESSION_COOKIE}=${token}`, xsrf })}\n`,
);
