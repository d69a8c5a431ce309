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
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { recruitments } from '../apps/server/src/db/schema/recruitments.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';

const { config, database, organisationId, ownerId } = await openDemoBench();
const [recruitment] = await database.db
  .select({ id: recruitments.id })
  .from(recruitments)
  .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.status, 'open')))
  .limit(1);
if (!recruitment) throw new Error('the demo has no open recruitment');
const cookie = await sessionCookieFor(database, ownerId);
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
const port = await serveUntilSignalled(app, database, config);

const csrf = await app.inject({ method: 'GET', url: '/api/v1/auth/init/csrf-cookie' });
const xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
process.stdout.write(`${JSON.stringify({ port, organisationId, recruitmentId: recruitment.id, cookie, xsrf })}\n`);
