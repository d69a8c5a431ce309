import autocannon from 'autocannon';
import { withBenchServer } from './bench-server.ts';
import { LOAD, loadProblems, loadResult, measureLoad, recordLatencies, type LoadResult } from './load.ts';
import type { Row, Section } from './report.ts';

/**
 * Issue 31: every screen's first-load calls p95 ≤ 50 ms at 16 connections at 100,000 candidates; the
 * dashboard ≤ 30 ms. Reported against `GET /api/v1/auth` measured in the same run (the floor).
 */
export const SCREENS_TARGET = { connections: 16, p95Ms: 50, dashboardP95Ms: 30 } as const;
const START_TIMEOUT_MS = 600_000;

type Screens = Record<string, string[]>;
type Info = { port: number; cookie: string; candidates: number; seedMs: number; screens: Screens; smallScreens: Screens };
const isInfo = (v: unknown): v is Info => {
  const i = v as Partial<Info> | null;
  return typeof i?.port === 'number' && typeof i.cookie === 'string' && typeof i.screens === 'object' && typeof i.smallScreens === 'object';
};

export type ScreenRun = { screen: string; calls: string[]; load: LoadResult };
export type ScreensRun = { label: string; candidates: number; seedMs: number; floor: LoadResult; screens: ScreenRun[] };

/**
 * One autocannon run per screen: each connection sends the page's first-load calls in turn, as the
 * page does, so p95 is over all of them. The floor, `/auth` with the same session, runs first.
 */
async function measureCalls(baseUrl: string, cookie: string, paths: string[]): Promise<LoadResult> {
  const connections = SCREENS_TARGET.connections;
  const headers = { cookie, accept: 'application/json' };
  const run = autocannon({
    url: baseUrl,
    connections,
    duration: LOAD.durationS,
    timeout: 10,
    warmup: { connections, duration: LOAD.warmupS },
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  });
  const percentiles = recordLatencies(run);
  return loadResult(paths.join(' + '), await run, percentiles());
}

/** Runs bench/screens-server.ts on one database and loads each screen's first-load calls at 16 connections. */
export async function measureScreens(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: { label: string; dataDir: string; postgresUrl?: string },
): Promise<ScreensRun> {
  return withBenchServer({
    root,
    script: 'screens-server.ts',
    where,
    isInfo,
    startTimeoutMs: START_TIMEOUT_MS,
    env: baseEnv,
    measure: async (info) => {
      const base = `http://127.0.0.1:${info.port}`;
      const floor = await measureLoad(`${base}/api/v1/auth`, { cookie: info.cookie }, SCREENS_TARGET.connections);
      const screens: ScreenRun[] = [];
      for (const [screen, calls] of Object.entries(info.screens)) {
        screens.push({ screen, calls, load: await measureCalls(base, info.cookie, calls) });
      }
      return { label: where.label, candidates: info.candidates, seedMs: info.seedMs, floor, screens };
    },
  });
}

const TITLES: Record<string, string> = {
  dashboard: 'Dashboard',
  recruitments: 'Recruitments list with pipeline bars',
  analytics: "A recruitment's analytics",
  board: "A recruitment's board",
  candidates: "A recruitment's candidates table",
  onboarding: 'Onboarding dashboard',
  website: 'Website statistics',
  notifications: 'Notifications (the bell)',
  audit: 'Audit log (organisation settings)',
};

export function screensRows(run: ScreensRun): Row[] {
  return run.screens.map((s) => {
    const target = s.screen === 'dashboard' ? SCREENS_TARGET.dashboardP95Ms : SCREENS_TARGET.p95Ms;
    const invalid = loadProblems(s.load) ?? loadProblems(run.floor);
    return {
      metric: `${TITLES[s.screen] ?? s.screen} (${run.label}): first-load calls, p95 at ${SCREENS_TARGET.connections} connections`,
      measured: `${s.load.p95Ms} ms (${Math.round(s.load.requestsPerSecond)} req/s; /auth floor p95 ${run.floor.p95Ms} ms, ${Math.round(run.floor.requestsPerSecond)} req/s)`,
      target: `p95 ≤ ${target} ms`,
      floor: `${run.floor.p95Ms} ms`,
      ratio: `${((100 * s.load.requestsPerSecond) / run.floor.requestsPerSecond).toFixed(1)} % of /auth req/s`,
      verdict: invalid ? 'ERROR' : s.load.p95Ms <= target ? 'PASS' : 'FAIL',
    };
  });
}

export function screensSection(runs: ScreensRun[]): Section {
  const line = (label: string, r: LoadResult) =>
    `| ${label} | ${Math.round(r.requestsPerSecond)} | ${r.p50Ms} ms | ${r.p90Ms} ms | ${r.p95Ms} ms | ${r.p99Ms} ms | ${r.non2xx} | ${r.errors} |`;
  return {
    title: 'Screens (first-load calls)',
    lines: [
      '`bench/screens-server.ts` runs the app from source on a fresh database: the demo organisation with 100,000 more candidates in 50 ' +
        'recruitments, their stage history and timeline, 2,000 interviews, the demo owner on every hiring team; beside it a small ' +
        `organisation (300 candidates). Per screen, autocannon at ${SCREENS_TARGET.connections} connections sends the calls the page makes on ` +
        'first load in turn (listed below); p95 over all of them, from every response (bench/lib/load.ts). The floor is `GET /api/v1/auth` ' +
        'with the same session, in the same run.',
      '',
      '| Run | req/s | p50 | p90 | p95 | p99 | non-2xx | errors |',
      '|---|---|---|---|---|---|---|---|',
      ...runs.flatMap((r) => [
        line(`${r.label}: /auth (floor)`, r.floor),
        ...r.screens.map((s) => line(`${r.label}: ${TITLES[s.screen] ?? s.screen}`, s.load)),
      ]),
      '',
      ...runs.flatMap((r) => r.screens.map((s) => `- ${TITLES[s.screen] ?? s.screen}: ${s.calls.map((c) => `\`${c}\``).join(', ')}`)),
    ],
  };
}
