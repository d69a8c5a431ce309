/**
 * `npm run bench`: measures the built server against the targets of the foundation issue
 * (item 11) and writes bench/report.md. Targets that miss are reported as FAIL, not thrown:
 * the exit code is non-zero only when a measurement could not be taken. See bench/README.md.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { kb, measureLoginJs, type JsSize } from './lib/js-size.ts';
import { LOAD, loadProblems, measureLoad, type LoadResult } from './lib/load.ts';
import {
  databaseServerPids,
  firstJsonLine,
  freePort,
  memoryOf,
  startChild,
  stopAllChildren,
  stopChild,
  waitFor200,
  type Child,
} from './lib/processes.ts';
import { candidatesRows, candidatesSection, measureCandidates, type CandidatesRun } from './lib/candidates.ts';
import { careersRows, careersSection, measureCareers, type CareersRun } from './lib/careers.ts';
import { importLoopRows, importLoopSection, measureImportLoop, type ImportLoopRun } from './lib/import-loop.ts';
import { measureMembers, membersRows, membersSection, type MembersRun } from './lib/members.ts';
import { interviewsRows, interviewsSection, measureInterviews, type InterviewsRun } from './lib/interviews.ts';
import { measureOffers, offersRows, offersSection, type OffersRun } from './lib/offers.ts';
import { measureRealtime, realtimeRows, realtimeSection, type RealtimeRun } from './lib/realtime.ts';
import { measureMixed, mixedRows, mixedSection, type MixedRun } from './lib/mixed.ts';
import { measureScreens, screensRows, screensSection, type ScreensRun } from './lib/screens.ts';
import { describeMachine, loadAverage, renderReport, renderTable, type Row, type Section } from './lib/report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const reportFile = path.join(root, 'bench/report.md');

const TARGET = {
  coldStartMs: 3_000,
  idleRssBytes: 250 * 1024 ** 2,
  authVsFloor: 0.5,
  /** GET /auth against its database floor (one prepared statement, bare pg Pool, same bytes). */
  authVsDbFloor: 0.7,
  authP95Ms: 10,
  loginJsGzipBytes: 150_000,
} as const;
const WARM_RESTARTS = 3;
/** Runs per route of the /auth comparison (bench/README.md). */
const AUTH_ROUNDS = 2;
const HEALTH = '/api/v1/health';
const FLOOR_START_TIMEOUT_MS = 120_000;
const ORDER = [
  'Cold start',
  'First start',
  'Idle memory',
  'GET /api/v1/auth throughput',
  'GET /api/v1/auth latency',
  'Gzipped JS',
  'Members list',
  'Candidates',
  'Interviews',
  'Offer letter',
  'Realtime',
  'Careers',
  'Import',
];

const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const rps = (value: number) => `${Math.round(value).toLocaleString('en-GB')} req/s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Only what the server needs: a stray DATABASE_URL or NODE_ENV in the shell must not change what is measured. */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The address the bench calls: pages on another host would first be redirected to APP_URL.
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(process.env.WEB_DIST ? { WEB_DIST: webDist } : {}),
  };
}

type Started = { child: Child; baseUrl: string; msToHealthy: number; dataDir: string };

/** The Node.js flags `npm start` runs the server with (package.json's start script): measured as run. */
const startFlags = (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'));

async function startServer(dataDir: string): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = startChild(process.execPath, [...startFlags, serverMain], { cwd: root, env: serverEnv(port, dataDir) });
  try {
    return { child, baseUrl, dataDir, msToHealthy: await waitFor200(`${baseUrl}${HEALTH}`, child, startedAt) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/** A few ordinary requests, so that idle memory includes warmed-up routes and not just a booted process. */
const EXERCISE_PATHS = [...Array<string>(10).fill(HEALTH), '/api/v1/auth', '/api/v1/auth', '/api/v1/openapi.json', '/login', '/'];

async function exercise(baseUrl: string): Promise<void> {
  for (const p of EXERCISE_PATHS) {
    const res = await fetch(`${baseUrl}${p}`, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
  }
}

function jsRow(js: JsSize): Row {
  const metric = 'Gzipped JS loaded by /login';
  const target = `≤ ${kb(TARGET.loginJsGzipBytes)}`;
  if (js.status === 'skipped') return { metric, measured: `skipped: ${js.reason}`, target, verdict: 'SKIP' };
  const method = js.method === 'browser' ? 'Chromium' : 'Vite manifest, static estimate';
  const files = `${js.files.length} file${js.files.length === 1 ? '' : 's'}`;
  return {
    metric,
    measured: `${kb(js.gzipBytes)} (${files}, ${method})`,
    target,
    verdict: js.gzipBytes <= TARGET.loginJsGzipBytes ? 'PASS' : 'FAIL',
  };
}

function jsSection(js: JsSize): Section {
  const lines = js.notes.map((n) => `- ${n}`);
  if (js.status === 'measured') {
    lines.push('', '| File | Raw | Gzip |', '|---|---|---|');
    for (const f of [...js.files].sort((a, b) => b.gzipBytes - a.gzipBytes))
      lines.push(`| ${f.name} | ${kb(f.rawBytes)} | ${kb(f.gzipBytes)} |`);
    lines.push(`| **total** | ${kb(js.files.reduce((t, f) => t + f.rawBytes, 0))} | **${kb(js.gzipBytes)}** |`);
    lines.push('', `Total gzipped: ${js.gzipBytes.toLocaleString('en-GB')} bytes (zlib default level; kB = 1000 bytes, as Vite prints).`);
  }
  return { title: 'JavaScript for /login', lines };
}

function loadRows(auth: LoadResult, dbFloor: LoadResult, floor: LoadResult, others: LoadResult[] = []): Row[] {
  const ratio = auth.requestsPerSecond / floor.requestsPerSecond;
  const dbRatio = auth.requestsPerSecond / dbFloor.requestsPerSecond;
  // Errors or non-2xx answers mean the routes did different work: not a valid comparison.
  const invalid = [auth, dbFloor, floor, ...others].map(loadProblems).filter(Boolean).join('; ');
  return [
    {
      metric: `GET /api/v1/auth throughput vs its database floor (${LOAD.connections} connections, ${LOAD.durationS} s)`,
      measured: rps(auth.requestsPerSecond),
      target: `≥ ${TARGET.authVsDbFloor * 100} % of the database floor`,
      floor: rps(dbFloor.requestsPerSecond),
      ratio: `${(dbRatio * 100).toFixed(1)} %`,
      verdict: invalid ? 'ERROR' : dbRatio >= TARGET.authVsDbFloor ? 'PASS' : 'FAIL',
    },
    {
      metric: `GET /api/v1/auth throughput vs the no-database floor (${LOAD.connections} connections, ${LOAD.durationS} s)`,
      measured: rps(auth.requestsPerSecond),
      target: `≥ ${TARGET.authVsFloor * 100} % of floor`,
      floor: rps(floor.requestsPerSecond),
      ratio: `${(ratio * 100).toFixed(1)} %`,
      verdict: invalid ? 'ERROR' : ratio >= TARGET.authVsFloor ? 'PASS' : 'FAIL',
    },
    {
      metric: `GET /api/v1/auth latency p95 at ${LOAD.connections} connections`,
      measured: `${auth.p95Ms} ms (p50 ${auth.p50Ms} ms, p99 ${auth.p99Ms} ms)`,
      target: `≤ ${TARGET.authP95Ms} ms`,
      floor: `${dbFloor.p95Ms} ms (database floor)`,
      ratio: `${(auth.p95Ms / dbFloor.p95Ms).toFixed(1)}×`,
      verdict: invalid ? 'ERROR' : auth.p95Ms <= TARGET.authP95Ms ? 'PASS' : 'FAIL',
    },
  ];
}

function loadSection(all: Record<'auth' | 'dbFloor' | 'floor', LoadResult[]>, floorInfo: FloorInfo): Section {
  const line = (name: string, round: number, r: LoadResult) =>
    `| ${name} | ${round} | ${rps(r.requestsPerSecond)} | ${r.p50Ms} ms | ${r.p95Ms} ms | ${r.p99Ms} ms | ${r.totalRequests.toLocaleString('en-GB')} | ${r.non2xx} | ${r.errors} | ${r.timeouts} |`;
  return {
    title: 'Throughput: /api/v1/auth against its floors',
    lines: [
      `bench/floor-server.ts runs the app from source (Node type stripping) on a fresh managed PostgreSQL database with the demo seed, plus two routes that answer the same ${floorInfo.bytes} bytes (\`${floorInfo.contentType}\`) as \`GET /api/v1/auth\` for the demo owner: \`GET /bench/floor-db\` (the database floor) after the least database work for that answer (the cookie's token hashed, one named prepared statement through a bare \`pg\` Pool of the app's size: session with its expiry checks, user, organisations and roles), and \`GET /bench/floor\` from memory without session or database. autocannon (in the bench process), ${LOAD.connections} connections, ${LOAD.warmupS} s warm-up then ${LOAD.durationS} s each, 127.0.0.1; ${AUTH_ROUNDS} rounds, the order rotating each round, and the verdicts use each route's best run (highest req/s), as another process on a shared machine can take the cores for a whole run. Percentiles from the latency of every response (bench/lib/load.ts).`,
      '',
      '| Route | Round | Mean req/s | p50 | p95 | p99 | Requests | Non-2xx | Errors | Timeouts |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...all.auth.map((r, i) => line('/api/v1/auth (session cookie)', i + 1, r)),
      ...all.dbFloor.map((r, i) => line('/bench/floor-db (database floor)', i + 1, r)),
      ...all.floor.map((r, i) => line('/bench/floor (no database)', i + 1, r)),
    ],
  };
}

type FloorInfo = { port: number; cookie: string; bytes: number; contentType: string };

function isFloorInfo(value: unknown): value is FloorInfo {
  const v = value as Partial<FloorInfo> | null;
  return typeof v?.port === 'number' && typeof v.cookie === 'string' && typeof v.bytes === 'number' && typeof v.contentType === 'string';
}

/** `BENCH_ONLY=members` (comma-separated: startup, auth, members, candidates, screens, mixed, interviews, offers, realtime, careers, import-loop) runs a subset. */
const only = process.env.BENCH_ONLY?.split(',').map((x) => x.trim());
const runs = (
  part:
    'startup' | 'auth' | 'members' | 'candidates' | 'screens' | 'mixed' | 'interviews' | 'offers' | 'realtime' | 'careers' | 'import-loop',
) => !only || only.includes(part);

/** The second mixed-load run's organisation size (BENCH_MIXED_CANDIDATES; the first runs on the demo alone). */
const MIXED_CANDIDATES = Number(process.env.BENCH_MIXED_CANDIDATES ?? 100_000);

/** The run's scratch directory (databases), removed at the end and on Ctrl-C. */
let tmpDir: string | undefined;

async function main(): Promise<number> {
  const machine = describeMachine(root);
  const rows: Row[] = [];
  const sections: Section[] = [];
  const errors: string[] = [];
  const fail = (what: string, error: unknown) => errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);

  // Only the parts that start the built server need the build; the others run the app from source.
  if ((runs('startup') || runs('realtime')) && !existsSync(serverMain))
    throw new Error(`${path.relative(root, serverMain)} is missing: run \`npm run build\` first`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'hireloop-bench-'));
  // The managed database servers' DATA_DIRs sit inside: as root they run as the OS user postgres,
  // which must be able to pass through this folder (not list it).
  await chmod(tmp, 0o711);
  tmpDir = tmp;
  try {
    // ── 1, 2, 4: the built server, as `npm start` runs it ────────────────────────────────
    const dataDir = path.join(tmp, 'server-data');
    let server: Started | undefined;
    if (runs('startup')) {
      try {
        const first = await startServer(dataDir);
        const exits = [await stopChild(first.child)];
        rows.push({
          metric: 'First start (migration + demo seed) to healthy',
          measured: ms(first.msToHealthy),
          target: 'reported only',
          verdict: 'INFO',
        });
        const warm: number[] = [];
        for (let i = 0; i < WARM_RESTARTS; i++) {
          const started = await startServer(dataDir);
          warm.push(started.msToHealthy);
          // The last one stays up for the memory and JavaScript measurements.
          if (i < WARM_RESTARTS - 1) exits.push(await stopChild(started.child));
          else server = started;
        }
        const cold = median(warm);
        rows.push({
          metric: `Cold start to first healthy response (median of ${WARM_RESTARTS} restarts)`,
          measured: ms(cold),
          target: `≤ ${ms(TARGET.coldStartMs)}`,
          verdict: cold <= TARGET.coldStartMs ? 'PASS' : 'FAIL',
        });
        sections.push({
          title: 'Cold start',
          lines: [
            `\`node apps/server/dist/main.js\` with a fresh DATA_DIR (managed PostgreSQL), LOG_LEVEL=warn; time from spawn to the first 200 of \`GET ${HEALTH}\`, polled every 20 ms.`,
            '',
            `- First start (creates the database, migrates, seeds the demo): ${ms(first.msToHealthy)}`,
            `- Restarts on the same DATA_DIR: ${warm.map(ms).join(', ')} (median ${ms(cold)})`,
            `- Exit status after SIGTERM, runs before each restart: ${exits.join(', ')} (0 = clean shutdown)`,
          ],
        });
      } catch (error) {
        fail('cold start', error);
        rows.push({
          metric: 'Cold start to first healthy response',
          measured: `error: ${message(error)}`,
          target: `≤ ${ms(TARGET.coldStartMs)}`,
          verdict: 'ERROR',
        });
      }

      if (server) {
        try {
          const processes = async () => [server!.child.pid, ...(await databaseServerPids(server!.dataDir))];
          const atHealthy = await memoryOf(await processes());
          await exercise(server.baseUrl);
          await sleep(2_000);
          const pids = await processes();
          const idle = await memoryOf(pids);
          const app = await memoryOf([server.child.pid]);
          const rss = idle.rss;
          sections.push({
            title: 'Idle memory',
            lines: [
              `The app process and its managed database server's ${pids.length - 1} processes together (started as \`npm start\` does: \`node ${startFlags.join(' ')} apps/server/dist/main.js\`).`,
              '',
              `- Right after the first healthy response: RSS ${mb(atHealthy.rss)} (PSS ${mb(atHealthy.pss)})`,
              `- After ${EXERCISE_PATHS.length} requests and 2 s idle: RSS ${mb(idle.rss)}, PSS ${mb(idle.pss)} (PSS shares the database's shared memory among its processes instead of counting it in each); the app process alone: RSS ${mb(app.rss)}`,
            ],
          });
          rows.push({
            metric: 'Idle memory, app + database processes (RSS, after a few requests)',
            measured: mb(rss),
            target: `≤ ${mb(TARGET.idleRssBytes)}`,
            verdict: rss <= TARGET.idleRssBytes ? 'PASS' : 'FAIL',
          });
        } catch (error) {
          fail('idle memory', error);
          rows.push({
            metric: 'Idle memory (RSS)',
            measured: `error: ${message(error)}`,
            target: `≤ ${mb(TARGET.idleRssBytes)}`,
            verdict: 'ERROR',
          });
        }
        try {
          const js = await measureLoginJs(server.baseUrl, webDist);
          rows.push(jsRow(js));
          sections.push(jsSection(js));
        } catch (error) {
          fail('login JS size', error);
          rows.push({
            metric: 'Gzipped JS loaded by /login',
            measured: `error: ${message(error)}`,
            target: `≤ ${kb(TARGET.loginJsGzipBytes)}`,
            verdict: 'ERROR',
          });
        }
        await stopChild(server.child);
      } else {
        rows.push({
          metric: 'Idle memory (RSS)',
          measured: 'not measured: the server did not start',
          target: `≤ ${mb(TARGET.idleRssBytes)}`,
          verdict: 'ERROR',
        });
      }
    }

    // ── 3: /api/v1/auth against a floor route in the same process ────────────────────────
    let floorServer: Child | undefined;
    if (runs('auth'))
      try {
        const port = await freePort();
        floorServer = startChild(process.execPath, [path.join(root, 'bench/floor-server.ts')], {
          cwd: root,
          env: serverEnv(port, path.join(tmp, 'floor-data')),
        });
        const info = await firstJsonLine(floorServer, FLOOR_START_TIMEOUT_MS);
        if (!isFloorInfo(info)) throw new Error(`unexpected line from floor-server: ${JSON.stringify(info)}`);
        const base = `http://127.0.0.1:${info.port}`;
        const headers = { cookie: info.cookie, accept: 'application/json' };
        // On a shared machine another process can take the cores for a whole run: each route is run
        // AUTH_ROUNDS times, the order rotating every round, and its best run (highest req/s) is kept.
        const routes = { auth: '/api/v1/auth', dbFloor: '/bench/floor-db', floor: '/bench/floor' } as const;
        const all: Record<keyof typeof routes, LoadResult[]> = { auth: [], dbFloor: [], floor: [] };
        const order = Object.keys(routes) as (keyof typeof routes)[];
        for (let round = 0; round < AUTH_ROUNDS; round++)
          for (const key of [...order.slice(round % order.length), ...order.slice(0, round % order.length)])
            all[key].push(await measureLoad(`${base}${routes[key]}`, headers));
        const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
        const [auth, dbFloor, floor] = [best(all.auth), best(all.dbFloor), best(all.floor)];
        rows.push(...loadRows(auth, dbFloor, floor, Object.values(all).flat()));
        sections.push(loadSection(all, info));
      } catch (error) {
        fail('throughput', error);
        rows.push({
          metric: 'GET /api/v1/auth throughput vs its database floor',
          measured: `error: ${message(error)}`,
          target: `≥ ${TARGET.authVsDbFloor * 100} % of the database floor`,
          verdict: 'ERROR',
        });
      } finally {
        if (floorServer) await stopChild(floorServer);
      }

    // ── docs/product.md §2: members list with 5,000 members; API key vs session ───────────────────
    const memberRuns: MembersRun[] = [];
    const targets = [
      { label: 'managed', dataDir: path.join(tmp, 'members-data') },
      ...(process.env.BENCH_DATABASE_URL
        ? [{ label: 'PostgreSQL', dataDir: path.join(tmp, 'unused'), postgresUrl: process.env.BENCH_DATABASE_URL }]
        : []),
    ];
    for (const where of runs('members') ? targets : []) {
      try {
        const run = await measureMembers(root, serverEnv, where);
        memberRuns.push(run);
        rows.push(...membersRows(run));
      } catch (error) {
        fail(`members list (${where.label})`, error);
        rows.push({
          metric: `Members list (${where.label})`,
          measured: `error: ${message(error)}`,
          target: 'p95 ≤ 20 ms',
          verdict: 'ERROR',
        });
      }
    }
    if (memberRuns.length) sections.push(membersSection(memberRuns));

    // ── docs/product.md §13: 100,000 candidates in 50 recruitments: list, search, import, board, chunk ──
    const candidateRuns: CandidatesRun[] = [];
    const candidateTargets = [
      { label: 'managed', dataDir: path.join(tmp, 'candidates-data'), webDist, browser: true },
      ...(process.env.BENCH_DATABASE_URL
        ? [{ label: 'PostgreSQL', dataDir: path.join(tmp, 'unused'), postgresUrl: process.env.BENCH_DATABASE_URL, webDist, browser: false }]
        : []),
    ];
    for (const where of runs('candidates') ? candidateTargets : []) {
      try {
        const run = await measureCandidates(root, serverEnv, where);
        candidateRuns.push(run);
        rows.push(...candidatesRows(run));
      } catch (error) {
        fail(`candidates (${where.label})`, error);
        rows.push({
          metric: `Candidates (${where.label})`,
          measured: `error: ${message(error)}`,
          target: 'see bench/README.md',
          verdict: 'ERROR',
        });
      }
    }
    if (candidateRuns.length) sections.push(candidatesSection(candidateRuns));

    // ── issue 31: the aggregating screens' first-load calls at 100,000 candidates, against /auth ──────
    const screenRuns: ScreensRun[] = [];
    for (const where of runs('screens')
      ? targets.map((x) => ({ ...x, dataDir: path.join(tmp, x.label === 'managed' ? 'screens-data' : 'unused') }))
      : []) {
      try {
        const run = await measureScreens(root, serverEnv, where);
        screenRuns.push(run);
        rows.push(...screensRows(run));
      } catch (error) {
        fail(`screens (${where.label})`, error);
        rows.push({ metric: `Screens (${where.label})`, measured: `error: ${message(error)}`, target: 'p95 ≤ 50 ms', verdict: 'ERROR' });
      }
    }
    if (screenRuns.length) sections.push(screensSection(screenRuns));

    // ── issue 31: a working team's mixed load at 32 connections, on the demo and at 100,000 candidates ─
    const mixedRuns: MixedRun[] = [];
    for (const where of runs('mixed')
      ? targets.flatMap((x) =>
          [...new Set([0, MIXED_CANDIDATES])].map((candidates) => ({
            ...x,
            label: `${x.label}, ${candidates ? `${candidates.toLocaleString('en')} candidates` : 'demo'}`,
            candidates,
            dataDir: path.join(tmp, x.label === 'managed' ? `mixed-data-${candidates}` : 'unused'),
          })),
        )
      : []) {
      try {
        const run = await measureMixed(root, serverEnv, where);
        mixedRuns.push(run);
        rows.push(...mixedRows(run));
      } catch (error) {
        fail(`mixed load (${where.label})`, error);
        rows.push({ metric: `Mixed load (${where.label})`, measured: `error: ${message(error)}`, target: '≥ 600 req/s', verdict: 'ERROR' });
      }
    }
    if (mixedRuns.length) sections.push(mixedSection(mixedRuns));

    // ── docs/product.md §14: interviews list of a recruitment with 5,000 interviews ──────────────────
    const interviewRuns: InterviewsRun[] = [];
    for (const where of runs('interviews')
      ? targets.map((x) => ({ ...x, dataDir: path.join(tmp, x.label === 'managed' ? 'interviews-data' : 'unused') }))
      : []) {
      try {
        const run = await measureInterviews(root, serverEnv, where);
        interviewRuns.push(run);
        rows.push(...interviewsRows(run));
      } catch (error) {
        fail(`interviews (${where.label})`, error);
        rows.push({
          metric: `Interviews list (${where.label})`,
          measured: `error: ${message(error)}`,
          target: 'p95 ≤ 30 ms',
          verdict: 'ERROR',
        });
      }
    }
    if (interviewRuns.length) sections.push(interviewsSection(interviewRuns));

    // ── docs/product.md §15: the offer letter PDF ──────────────────────────────────────────────────────
    const offerRuns: OffersRun[] = [];
    for (const where of runs('offers')
      ? targets.map((x) => ({ ...x, dataDir: path.join(tmp, x.label === 'managed' ? 'offers-data' : 'unused') }))
      : []) {
      try {
        const run = await measureOffers(root, serverEnv, where);
        offerRuns.push(run);
        rows.push(...offersRows(run));
      } catch (error) {
        fail(`offer letter PDF (${where.label})`, error);
        rows.push({
          metric: `Offer letter PDF (${where.label})`,
          measured: `error: ${message(error)}`,
          target: 'p95 ≤ 150 ms',
          verdict: 'ERROR',
        });
      }
    }
    if (offerRuns.length) sections.push(offersSection(offerRuns));

    // ── docs/product.md §11: real-time endpoint with 2,000 clients; events API throughput ─────────────
    const realtimeRuns: RealtimeRun[] = [];
    const realtimeTargets = [
      { label: 'managed', dataDir: path.join(tmp, 'realtime-data'), serverMain },
      ...(process.env.BENCH_DATABASE_URL
        ? [{ label: 'PostgreSQL', dataDir: path.join(tmp, 'unused'), serverMain, postgresUrl: process.env.BENCH_DATABASE_URL }]
        : []),
    ];
    for (const where of runs('realtime') ? realtimeTargets : []) {
      try {
        const run = await measureRealtime(root, serverEnv, where);
        realtimeRuns.push(run);
        rows.push(...realtimeRows(run));
      } catch (error) {
        fail(`realtime (${where.label})`, error);
        rows.push({
          metric: `Realtime (${where.label})`,
          measured: `error: ${message(error)}`,
          target: 'see bench/README.md',
          verdict: 'ERROR',
        });
      }
    }
    if (realtimeRuns.length) sections.push(realtimeSection(realtimeRuns));

    // ── docs/product.md §16: the careers site with 200 open roles; the application POST; Lighthouse ─────
    const careersRuns: CareersRun[] = [];
    for (const where of runs('careers')
      ? targets.map((x) => ({
          ...x,
          dataDir: path.join(tmp, x.label === 'managed' ? 'careers-data' : 'unused'),
          browser: x.label === 'managed',
        }))
      : []) {
      try {
        const run = await measureCareers(root, serverEnv, where);
        careersRuns.push(run);
        rows.push(...careersRows(run));
      } catch (error) {
        fail(`careers site (${where.label})`, error);
        rows.push({
          metric: `Careers site (${where.label})`,
          measured: `error: ${message(error)}`,
          target: 'see bench/README.md',
          verdict: 'ERROR',
        });
      }
    }
    if (careersRuns.length) sections.push(careersSection(careersRuns));

    // ── the CSV import and the server's event loop (a 20 MB file) ─────────────────────────
    const importLoopRuns: ImportLoopRun[] = [];
    for (const where of runs('import-loop')
      ? targets.map((x) => ({ ...x, dataDir: path.join(tmp, x.label === 'managed' ? 'import-loop-data' : 'import-loop-files') }))
      : []) {
      try {
        const run = await measureImportLoop(root, serverEnv, where);
        importLoopRuns.push(run);
        rows.push(...importLoopRows(run));
      } catch (error) {
        fail(`import event loop (${where.label})`, error);
        rows.push({
          metric: `Import: event-loop delay (${where.label})`,
          measured: `error: ${message(error)}`,
          target: 'p99 ≤ 20 ms',
          verdict: 'ERROR',
        });
      }
    }
    if (importLoopRuns.length) sections.push(importLoopSection(importLoopRuns));
  } finally {
    await stopAllChildren();
    await rm(tmp, { recursive: true, force: true });
  }

  // The issue's order, whatever order the measurements ran in.
  const rank = (r: Row) => ORDER.findIndex((prefix) => r.metric.startsWith(prefix));
  rows.sort((a, b) => rank(a) - rank(b));
  if (errors.length) sections.push({ title: 'Errors', lines: errors.map((e) => `- ${e.replace(/\n/g, '\n  ')}`) });
  machine.lines.push(loadAverage('at end'));
  await writeFile(reportFile, renderReport(machine, rows, sections));
  process.stdout.write(`\n${renderTable(rows)}\n\nReport: ${path.relative(process.cwd(), reportFile)}\n`);
  if (errors.length) process.stderr.write(`\n${errors.join('\n\n')}\n`);
  return errors.length ? 1 : 0;
}

// Ctrl-C must not leave servers behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAllChildren()
      .then(() => (tmpDir ? rm(tmpDir, { recursive: true, force: true }) : undefined))
      .finally(() => process.exit(130));
  });
}

try {
  process.exitCode = await main();
} catch (error) {
  await stopAllChildren();
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
