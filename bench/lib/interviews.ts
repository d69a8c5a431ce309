import { measureLoad, loadProblems, type LoadResult } from './load.ts';
import { withBenchServer } from './bench-server.ts';
import type { Row, Section } from './report.ts';

/** docs/product.md §14: the interviews list of a recruitment with 5,000 interviews, p95 ≤ 30 ms at 16 connections. */
export const INTERVIEWS_TARGET = { p95Ms: 30, connections: 16 } as const;
const START_TIMEOUT_MS = 240_000;

type Info = {
  port: number;
  organisationId: string;
  cookie: string;
  recruitmentId: string;
  listPath: string;
  seedMs: number;
  interviews: number;
};
const isInfo = (v: unknown): v is Info => {
  const i = v as Partial<Info> | null;
  return typeof i?.port === 'number' && typeof i.cookie === 'string' && typeof i.listPath === 'string' && typeof i.interviews === 'number';
};

export type InterviewsRun = { label: string; upcoming: LoadResult; past: LoadResult; interviews: number; seedMs: number };

/** Runs bench/interviews-server.ts on one database (the managed PostgreSQL server in a scratch DATA_DIR, or a fresh database on BENCH_DATABASE_URL) and loads it. */
export async function measureInterviews(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: { label: string; dataDir: string; postgresUrl?: string },
): Promise<InterviewsRun> {
  return withBenchServer({
    root,
    script: 'interviews-server.ts',
    where,
    isInfo,
    startTimeoutMs: START_TIMEOUT_MS,
    env: baseEnv,
    measure: async (info) => {
      const base = `http://127.0.0.1:${info.port}${info.listPath}`;
      const headers = { cookie: info.cookie, accept: 'application/json' };
      const upcoming = await measureLoad(base, headers, INTERVIEWS_TARGET.connections);
      const past = await measureLoad(`${base}&filter[when]=past&page=3`, headers, INTERVIEWS_TARGET.connections);
      return { label: where.label, upcoming, past, interviews: info.interviews, seedMs: info.seedMs };
    },
  });
}

export function interviewsRows(run: InterviewsRun): Row[] {
  const row = (what: string, r: LoadResult): Row => {
    const invalid = loadProblems(r);
    return {
      metric: `Interviews list, ${run.interviews.toLocaleString('en-GB')} in the recruitment, ${what}, 25 a page (${run.label}): p95 at ${INTERVIEWS_TARGET.connections} connections`,
      measured: `${r.p95Ms} ms (p90 ${r.p90Ms} ms, ${Math.round(r.requestsPerSecond)} req/s)`,
      target: `p95 ≤ ${INTERVIEWS_TARGET.p95Ms} ms`,
      verdict: invalid ? 'ERROR' : r.p95Ms <= INTERVIEWS_TARGET.p95Ms ? 'PASS' : 'FAIL',
    };
  };
  return [row('upcoming', run.upcoming), row('past, page 3', run.past)];
}

export function interviewsSection(runs: InterviewsRun[]): Section {
  const line = (label: string, r: LoadResult) =>
    `| ${label} | ${Math.round(r.requestsPerSecond)} | ${r.p50Ms} ms | ${r.p90Ms} ms | ${r.p95Ms} ms | ${r.p99Ms} ms | ${r.non2xx} | ${r.errors} |`;
  return {
    title: 'Interviews list with 5,000 interviews in one recruitment',
    lines: [
      '`bench/interviews-server.ts` runs the app from source on a fresh database with the demo seed plus 5,000 interviews in the ' +
        'largest open demo recruitment (two interviewers each; a third of the completed ones with scorecards), seeded with generate_series. ' +
        `autocannon, ${INTERVIEWS_TARGET.connections} connections, \`GET organisation/{id}/recruitments/{recruitment}/interviews?per_page=25\` ` +
        "(upcoming, the screen's default) and `…&filter[when]=past&page=3`. The verdict uses p95 (from the latency of every response, bench/lib/load.ts).",
      '',
      '| Run | req/s | p50 | p90 | p95 | p99 | non-2xx | errors |',
      '|---|---|---|---|---|---|---|---|',
      ...runs.flatMap((r) => [
        line(`${r.label}, upcoming (seeded in ${r.seedMs} ms)`, r.upcoming),
        line(`${r.label}, past page 3`, r.past),
      ]),
    ],
  };
}
