import autocannon from 'autocannon';
import pg from 'pg';
import { withBenchServer } from './bench-server.ts';
import { loadResult, measureLoad, recordLatencies, type LoadResult } from './load.ts';
import type { Row, Section } from './report.ts';

/**
 * Issue 31: a working team's mixed load at 32 connections for at least 60 s: ≥ 600 req/s and ≥ 30 %
 * of `GET /api/v1/health`'s req/s in the same run, p99 ≤ 100 ms, no non-2xx, every acknowledged
 * write stored.
 */
export const MIXED_TARGET = { connections: 32, durationS: 60, warmupS: 5, requestsPerSecond: 600, healthShare: 0.3, p99Ms: 100 } as const;
/** BENCH_MIXED_SECONDS shortens the run for a quick look; a verdict needs MIXED_TARGET.durationS. */
const DURATION_S = Number(process.env.BENCH_MIXED_SECONDS ?? MIXED_TARGET.durationS);
const START_TIMEOUT_MS = 900_000;

type MixedInfo = {
  port: number;
  databaseUrl: string;
  organisationId: string;
  seedMs: number;
  candidates: number;
  members: { cookie: string; xsrf: string }[];
  recruitmentIds: string[];
  stageIds: string[];
  moves: { id: string; recruitmentId: string }[][];
  candidateIds: string[];
};
const isInfo = (v: unknown): v is MixedInfo => {
  const i = v as Partial<MixedInfo> | null;
  return typeof i?.port === 'number' && Array.isArray(i.members) && Array.isArray(i.moves) && Array.isArray(i.candidateIds);
};

export type MixedRun = {
  label: string;
  candidates: number;
  seedMs: number;
  health: LoadResult;
  load: LoadResult;
  /** Answers by status (autocannon reports those of the measured run). */
  statuses: Record<string, number>;
  writes: { notesAcknowledged: number; notesStored: number; movesAcknowledged: number; movesStored: number };
};

/**
 * What a round of the cycle works on. autocannon clears a connection's context each time it starts
 * its list of requests again (lib/requestIterator.js, resetContext), so nothing survives a round:
 * each round takes the next number, and with it its member, recruitment and candidate. (Keeping a
 * worker number in the context gave every round a new one: every round read the first recruitment,
 * and two connections could move the same card at once, so the last answer heard was not always the
 * last move committed.)
 */
type Context = { round?: number; card?: MixedInfo['moves'][number][number] | undefined };

/**
 * The cycle each connection repeats, as a recruiter's day goes: mostly reads of the screens they open
 * (sign-in check, dashboard, a recruitment's candidates table and board, a search, a candidate and
 * their notes, the bell), and two writes: a note on the candidate opened, a move of a card to another
 * stage. A card is moved by one connection at a time: taken from the free cards for the move, given
 * back with its answer, so the answers of a card's moves come in the order they were committed.
 */
function cycle(info: MixedInfo, notes: string[], moves: Map<string, string>) {
  const org = `/api/v1/organisation/${info.organisationId}`;
  let rounds = 0;
  const free = info.moves.flat();
  const round = (context: Context) => context.round ?? 0;
  const member = (context: Context) => info.members[round(context) % info.members.length]!;
  const headers = (context: Context, json = false) => {
    const m = member(context);
    return {
      accept: 'application/json',
      cookie: `${m.cookie}; XSRF-TOKEN=${m.xsrf}`,
      'x-xsrf-token': decodeURIComponent(m.xsrf),
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  };
  const recruitment = (context: Context) => info.recruitmentIds[round(context) % info.recruitmentIds.length]!;
  const candidate = (context: Context) => info.candidateIds[(round(context) * 7919) % info.candidateIds.length]!;
  const get = (path: (context: Context) => string) => ({
    method: 'GET' as const,
    setupRequest: (request: Record<string, unknown>, context: Context) => ({ ...request, path: path(context), headers: headers(context) }),
  });
  return [
    {
      method: 'GET' as const,
      // The first call of a round takes its number.
      setupRequest: (request: Record<string, unknown>, context: Context) => {
        context.round = rounds++;
        return { ...request, path: '/api/v1/auth', headers: headers(context) };
      },
    },
    get(() => `${org}/dashboard`),
    get((c) => `${org}/recruitments/${recruitment(c)}/applications?page=1&per_page=25&sort=-applied_at`),
    get(() => `${org}/candidates?filter[search]=an&per_page=25`),
    get((c) => `${org}/candidates/${candidate(c)}`),
    get((c) => `${org}/candidates/${candidate(c)}/notes`),
    {
      method: 'POST' as const,
      setupRequest: (request: Record<string, unknown>, context: Context) => ({
        ...request,
        path: `${org}/candidates/${candidate(context)}/notes`,
        headers: headers(context, true),
        body: JSON.stringify({ body: `Mixed-load note ${round(context)}` }),
      }),
      onResponse: (status: number, body: string) => {
        if (status === 201) notes.push((JSON.parse(body) as { note: { id: string } }).note.id);
      },
    },
    get((c) => `${org}/recruitments/${recruitment(c)}/board`),
    {
      method: 'POST' as const,
      setupRequest: (request: Record<string, unknown>, context: Context) => {
        const card = free.shift();
        if (!card) throw new Error('no free card to move: more connections than cards');
        context.card = card;
        // Until its answer comes, the card's stage is not known (a move without an answer may be committed).
        moves.delete(card.id);
        const stage = info.stageIds[round(context) % info.stageIds.length]!;
        return {
          ...request,
          path: `${org}/applications/${card.id}/move`,
          headers: headers(context, true),
          body: JSON.stringify({ status_id: stage }),
        };
      },
      onResponse: (status: number, body: string, context: Context) => {
        if (context.card) free.push(context.card);
        context.card = undefined;
        if (status !== 200) return;
        const { application } = JSON.parse(body) as { application: { id: string; status: { id: string } } };
        moves.set(application.id, application.status.id);
      },
    },
    get(() => `/api/v1/notifications`),
  ];
}

/** Runs bench/mixed-server.ts on one database: `/health` alone, then the mixed load, then checks every acknowledged write. */
export async function measureMixed(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: { label: string; dataDir: string; postgresUrl?: string; candidates: number },
): Promise<MixedRun> {
  return withBenchServer({
    root,
    script: 'mixed-server.ts',
    where,
    isInfo,
    startTimeoutMs: START_TIMEOUT_MS,
    env: (port, dataDir) => ({ ...baseEnv(port, dataDir), BENCH_CANDIDATES: String(where.candidates) }),
    measure: async (info) => {
      const base = `http://127.0.0.1:${info.port}`;
      const health = await measureLoad(`${base}/api/v1/health`, {}, MIXED_TARGET.connections);
      const notes: string[] = [];
      const moves = new Map<string, string>();
      const statuses: Record<string, number> = {};
      const run = autocannon({
        url: base,
        connections: MIXED_TARGET.connections,
        duration: DURATION_S,
        timeout: 10,
        warmup: { connections: MIXED_TARGET.connections, duration: MIXED_TARGET.warmupS },
        requests: cycle(info, notes, moves) as never,
      });
      run.on('response', (_client, status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
      const percentiles = recordLatencies(run);
      const load = loadResult('mixed', await run, percentiles());
      // Every acknowledged note is there, and each moved card is in the stage its last acknowledged move put it.
      const client = new pg.Client({ connectionString: info.databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const stored = await client.query<{ n: number }>('select count(*)::int as n from candidate_notes where id = any($1::uuid[])', [
          notes,
        ]);
        const cards = await client.query<{ id: string; status_id: string }>(
          'select id, status_id from applications where id = any($1::uuid[])',
          [[...moves.keys()]],
        );
        const movesStored = cards.rows.filter((row) => moves.get(row.id) === row.status_id).length;
        return {
          label: where.label,
          candidates: info.candidates,
          seedMs: info.seedMs,
          health,
          load,
          statuses,
          writes: { notesAcknowledged: notes.length, notesStored: stored.rows[0]!.n, movesAcknowledged: moves.size, movesStored },
        };
      } finally {
        await client.end();
      }
    },
  });
}

const share = (run: MixedRun) => run.load.requestsPerSecond / run.health.requestsPerSecond;

export function mixedRows(run: MixedRun): Row[] {
  const { load, writes } = run;
  const lost = writes.notesAcknowledged - writes.notesStored + (writes.movesAcknowledged - writes.movesStored);
  const ok =
    load.requestsPerSecond >= MIXED_TARGET.requestsPerSecond &&
    share(run) >= MIXED_TARGET.healthShare &&
    load.p99Ms <= MIXED_TARGET.p99Ms &&
    load.non2xx === 0 &&
    load.errors === 0 &&
    lost === 0 &&
    load.durationS >= MIXED_TARGET.durationS;
  return [
    {
      metric: `Mixed load (${run.label}): ${MIXED_TARGET.connections} connections, ${run.load.durationS} s`,
      measured:
        `${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50Ms} / p95 ${load.p95Ms} / p99 ${load.p99Ms} ms, ` +
        `${load.non2xx} non-2xx, ${load.errors} errors; writes stored ${writes.notesStored}/${writes.notesAcknowledged} notes, ` +
        `${writes.movesStored}/${writes.movesAcknowledged} moved cards`,
      target: `≥ ${MIXED_TARGET.requestsPerSecond} req/s and ≥ ${MIXED_TARGET.healthShare * 100} % of /health, p99 ≤ ${MIXED_TARGET.p99Ms} ms, 0 non-2xx, every write stored`,
      floor: `/health ${Math.round(run.health.requestsPerSecond)} req/s`,
      ratio: `${(100 * share(run)).toFixed(1)} % of /health req/s`,
      verdict: load.totalRequests === 0 ? 'ERROR' : ok ? 'PASS' : 'FAIL',
    },
  ];
}

export function mixedSection(runs: MixedRun[]): Section {
  return {
    title: 'Mixed load (a working team)',
    lines: [
      '`bench/mixed-server.ts` runs the app from source on a fresh database (the demo organisation, and for the second run 100,000 more ' +
        `candidates). autocannon, ${MIXED_TARGET.connections} connections for ${MIXED_TARGET.durationS} s after ${MIXED_TARGET.warmupS} s of warm-up, ` +
        'each connection repeating a cycle of 10 calls, each round as the next member (owner, admins, recruiters) with the next recruitment: ' +
        "`GET /auth`, the dashboard, a recruitment's candidates table (25 rows), a candidate search (`an`), a candidate, their notes, " +
        "**a new note on them**, the recruitment's board, **a move of a card to another stage** (one connection at a time per card), the notifications. `/health` alone " +
        'at the same connections first, in the same run. Afterwards every acknowledged note is looked up in the database, and every ' +
        'moved card must be in the stage its last acknowledged move gave it.',
      '',
      '| Run | req/s | % of /health | p50 | p95 | p99 | statuses | notes stored | cards as moved |',
      '|---|---|---|---|---|---|---|---|---|',
      ...runs.map(
        (r) =>
          `| ${r.label} | ${Math.round(r.load.requestsPerSecond)} | ${(100 * share(r)).toFixed(1)} % (/health ${Math.round(r.health.requestsPerSecond)}) | ` +
          `${r.load.p50Ms} ms | ${r.load.p95Ms} ms | ${r.load.p99Ms} ms | ${Object.entries(r.statuses)
            .map(([s, n]) => `${s}: ${n}`)
            .join(', ')} | ${r.writes.notesStored}/${r.writes.notesAcknowledged} | ${r.writes.movesStored}/${r.writes.movesAcknowledged} |`,
      ),
    ],
  };
}
