import { measureLoad, loadProblems, type LoadResult } from './load.ts';
import { withBenchServer } from './bench-server.ts';
import type { Row, Section } from './report.ts';

/** docs/product.md §2: with 5,000 members and 200 API keys, the members list (25 a page, filtered). */
export const MEMBERS_TARGET = { p95Ms: 20, keyVsSession: 0.8, connections: 16 } as const;
const START_TIMEOUT_MS = 180_000;

type Info = { port: number; organisationId: string; cookie: string; apiKey: string };
const isInfo = (v: unknown): v is Info => {
  const i = v as Partial<Info> | null;
  return (
    typeof i?.port === 'number' && typeof i.organisationId === 'string' && typeof i.cookie === 'string' && typeof i.apiKey === 'string'
  );
};

export type MembersRun = { label: string; session: LoadResult; key: LoadResult };

/** Runs bench/members-server.ts on one database (the managed PostgreSQL server in a scratch DATA_DIR, or a fresh database on BENCH_DATABASE_URL) and loads it. */
export async function measureMembers(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: { label: string; dataDir: string; postgresUrl?: string },
): Promise<MembersRun> {
  return withBenchServer({
    root,
    script: 'members-server.ts',
    where,
    isInfo,
    startTimeoutMs: START_TIMEOUT_MS,
    env: (port, dataDir) => {
      const env: NodeJS.ProcessEnv = baseEnv(port, dataDir);
      env.API_KEY_RATE_PER_MINUTE = '100000000'; // the per-key limit is not what is measured
      return env;
    },
    measure: async (info) => {
      const url = `http://127.0.0.1:${info.port}/api/v1/organisation/${info.organisationId}/users?per_page=25&filter[name]=${encodeURIComponent('member 12')}`;
      const session = await measureLoad(url, { cookie: info.cookie, accept: 'application/json' }, MEMBERS_TARGET.connections);
      const key = await measureLoad(
        url,
        { authorization: `Bearer ${info.apiKey}`, accept: 'application/json' },
        MEMBERS_TARGET.connections,
      );
      return { label: where.label, session, key };
    },
  });
}

export function membersRows(run: MembersRun): Row[] {
  const invalid = [loadProblems(run.session), loadProblems(run.key)].filter(Boolean).join('; ');
  const ratio = run.key.requestsPerSecond / run.session.requestsPerSecond;
  return [
    {
      metric: `Members list, 5,000 members, filtered, 25 a page (${run.label}): p95 at ${MEMBERS_TARGET.connections} connections`,
      measured: `${run.session.p95Ms} ms (p90 ${run.session.p90Ms} ms)`,
      target: `p95 ≤ ${MEMBERS_TARGET.p95Ms} ms`,
      verdict: invalid ? 'ERROR' : run.session.p95Ms <= MEMBERS_TARGET.p95Ms ? 'PASS' : 'FAIL',
    },
    {
      metric: `Members list with an API key vs a session (${run.label})`,
      measured: `${Math.round(run.key.requestsPerSecond)} vs ${Math.round(run.session.requestsPerSecond)} req/s`,
      target: 'within 20 %',
      ratio: `${(ratio * 100).toFixed(1)} %`,
      verdict: invalid ? 'ERROR' : ratio >= MEMBERS_TARGET.keyVsSession ? 'PASS' : 'FAIL',
    },
  ];
}

export function membersSection(runs: MembersRun[]): Section {
  const line = (label: string, r: LoadResult) =>
    `| ${label} | ${Math.round(r.requestsPerSecond)} | ${r.p50Ms} ms | ${r.p90Ms} ms | ${r.p95Ms} ms | ${r.p99Ms} ms | ${r.non2xx} | ${r.errors} |`;
  return {
    title: 'Members list with 5,000 members and 200 API keys',
    lines: [
      '`bench/members-server.ts` runs the app from source on a fresh database with the demo seed plus 5,000 members and 200 API keys. ' +
        `autocannon, ${MEMBERS_TARGET.connections} connections, \`GET organisation/{id}/users?per_page=25&filter[name]=member 12\` (111 matches). ` +
        'Percentiles from the latency of every response (bench/lib/load.ts); the verdict uses p95.',
      '',
      '| Run | req/s | p50 | p90 | p95 | p99 | non-2xx | errors |',
      '|---|---|---|---|---|---|---|---|',
      ...runs.flatMap((r) => [line(`${r.label}, session`, r.session), line(`${r.label}, API key`, r.key)]),
    ],
  };
}
