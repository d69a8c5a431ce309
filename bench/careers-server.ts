/**
 * The real app on a database seeded for the careers bench (bench/seed-careers.ts: one organisation
 * with the Website product and 200 open, published roles). One bench-only route,
 * `GET /bench/floor-careers`, answers from memory the very bytes (gzipped, same headers) of the
 * careers listing page, behind the same plugins and hooks: the floor. Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL,
 * CAREERS_APPLY_RATE (raised by the bench: the per-address limit is not what is measured),
 * BENCH_CAREERS_ROLES (default 200).
 * Prints one JSON line once listening: { port, slug, listPath, rolePath, applyPath, floorPath, listBytes, seedMs, roles }.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { serveUntilSignalled } from './demo-bench.ts';
import { seedBenchCareers } from './seed-careers.ts';

const FLOOR_PATH = '/bench/floor-careers';
const ROLES = Number(process.env.BENCH_CAREERS_ROLES ?? 200);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...config.databaseLimits });
await database.migrate();
const seedStarted = performance.now();
const seeded = await seedBenchCareers(database.db, ROLES);
const seedMs = Math.round(performance.now() - seedStarted);

const listPath = `/careers/${seeded.slug}`;
// A role with no questions of its own in the middle of the list.
const roleId = seeded.roleIds[Math.floor(seeded.roleIds.length / 2) + 1]!;
const rolePath = `${listPath}/jobs/${roleId}`;
const applyPath = `${rolePath}/apply`;

const app = await buildApp({ config, database });
const floor: { body: Buffer; headers: Record<string, string> } = { body: Buffer.alloc(0), headers: {} };
app.get(FLOOR_PATH, (_request, reply) => {
  void reply.headers(floor.headers).send(floor.body);
});
const port = await serveUntilSignalled(app, database, config);

const page = await app.inject({ method: 'GET', url: listPath, headers: { 'accept-encoding': 'gzip', accept: 'text/html' } });
if (page.statusCode !== 200) throw new Error(`${listPath} answered ${page.statusCode}: ${page.body.slice(0, 300)}`);
floor.body = page.rawPayload;
for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
  const value = page.headers[name];
  if (typeof value === 'string') floor.headers[name] = value;
}
const role = await app.inject({ method: 'GET', url: rolePath, headers: { accept: 'text/html' } });
if (role.statusCode !== 200) throw new Error(`${rolePath} answered ${role.statusCode}: ${role.body.slice(0, 300)}`);

process.stdout.write(
  `${JSON.stringify({
    port,
    slug: seeded.slug,
    listPath,
    rolePath,
    applyPath,
    floorPath: FLOOR_PATH,
    listBytes: page.rawPayload.length,
    listHtmlBytes: (await app.inject({ method: 'GET', url: listPath })).rawPayload.length,
    roleHtmlBytes: role.rawPayload.length,
    seedMs,
    roles: seeded.roleIds.length,
  })}\n`,
);
