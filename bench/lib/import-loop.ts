import { IMPORT_MAX_ROWS } from '@hireloop/contract/candidates';
import { setTimeout as sleep } from 'node:timers/promises';
import { withBenchServer, type BenchDatabase } from './bench-server.ts';
import type { Row, Section } from './report.ts';

/** The CSV import must not hold the server's event loop up: delay p99 ≤ 20 ms while a 20 MB file imports. */
export const IMPORT_LOOP_TARGET = { loopP99Ms: 20 } as const;
/** The generated file: just under the 20 MiB limit (the multipart envelope goes around it), within the row limit. */
const FILE_BYTES = 20_000_000;
const ROWS = 48_000;
/** One small request every PROBE_EVERY_MS during both windows. */
const PROBE_EVERY_MS = 25;
/** The idle window (the floor) lasts this long; the import window until the import ends, bounded. */
const FLOOR_MS = 8_000;
const IMPORT_BOUND_MS = 15 * 60_000;
const MAX_PROBES = 40_000;
const START_TIMEOUT_MS = 300_000;

type Info = { port: number; organisationId: string; recruitmentId: string; cookie: string; xsrf: string };
const isInfo = (v: unknown): v is Info => {
  const i = v as Partial<Info> | null;
  return typeof i?.port === 'number' && typeof i.recruitmentId === 'string' && typeof i.xsrf === 'string';
};

/** The server's own event-loop delay over a window (monitorEventLoopDelay, 1 ms resolution). */
export type LoopDelay = { samples: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
/** What an outside client saw: latency of GET /bench/ping, one request at a time. */
export type Probes = { count: number; p95Ms: number; p99Ms: number; maxMs: number };
export type ImportLoopRun = {
  label: string;
  fileBytes: number;
  rows: number;
  uploadMs: number;
  importMs: number;
  status: string;
  created: number;
  refused: number;
  floor: { loop: LoopDelay; probes: Probes };
  during: { loop: LoopDelay; probes: Probes };
};

/** ~20 MB of plausible rows: every column mapped except a free-text note that pads the row. */
export function importFile(): { bytes: Buffer; rows: number } {
  const header = 'Name,Email,Phone,Location,Links,Tags,Consent,Notes';
  const lines = [header];
  const perRow = Math.floor(FILE_BYTES / ROWS);
  for (let i = 0; i < ROWS && lines.length - 1 < IMPORT_MAX_ROWS; i++) {
    const start = `Bench Person ${i},bench-${i}@example.test,+44 20 7946 ${String(i % 10_000).padStart(4, '0')},"London, UK",https://example.test/in/bench-${i},"csv, bench",yes,"`;
    const note = 'Met at the meetup; strong on systems (Go, Rust), asked about remote work. '
      .repeat(8)
      .slice(0, Math.max(0, perRow - start.length - 3));
    const line = `${start}${note}"`;
    lines.push(line);
  }
  const bytes = Buffer.from(lines.join('\r\n'), 'utf8');
  return { bytes, rows: lines.length - 1 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** Probes GET /bench/ping one at a time until `done()` or the bounds; returns the latencies. */
async function probe(base: string, done: () => boolean, boundMs: number): Promise<Probes> {
  const latencies: number[] = [];
  const until = performance.now() + boundMs;
  while (!done() && performance.now() < until && latencies.length < MAX_PROBES) {
    const started = performance.now();
    const res = await fetch(`${base}/bench/ping`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/bench/ping answered ${res.status}`);
    latencies.push(performance.now() - started);
    await sleep(PROBE_EVERY_MS);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}

async function loop(base: string, reset: boolean): Promise<LoopDelay> {
  const res = await fetch(`${base}/bench/loop${reset ? '?reset=1' : ''}`, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`/bench/loop answered ${res.status}`);
  return (await res.json()) as LoopDelay;
}

/** Runs bench/import-loop-server.ts on one database: an idle window (the floor), then a 20 MB import. */
export async function measureImportLoop(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: BenchDatabase,
): Promise<ImportLoopRun> {
  const file = importFile();
  return withBenchServer({
    root,
    script: 'import-loop-server.ts',
    where,
    isInfo,
    startTimeoutMs: START_TIMEOUT_MS,
    env: baseEnv,
    measure: async (info) => {
      const base = `http://127.0.0.1:${info.port}`;
      const headers = {
        accept: 'application/json',
        cookie: `${info.cookie}; XSRF-TOKEN=${info.xsrf}`,
        'x-xsrf-token': decodeURIComponent(info.xsrf),
      };
      // The floor: the same probes and the same window on the idle server.
      await loop(base, true);
      const floorProbes = await probe(base, () => false, FLOOR_MS);
      const floorLoop = await loop(base, true);

      const form = new FormData();
      form.append(
        'mapping',
        JSON.stringify({
          name: 'Name',
          email: 'Email',
          phone: 'Phone',
          location: 'Location',
          links: 'Links',
          tags: 'Tags',
          consent: 'Consent',
        }),
      );
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'text/csv' }), 'bench.csv');
      let finished = false;
      const started = performance.now();
      const upload = (async () => {
        const res = await fetch(`${base}/api/v1/organisation/${info.organisationId}/recruitments/${info.recruitmentId}/imports`, {
          method: 'POST',
          headers,
          body: form,
          signal: AbortSignal.timeout(120_000),
        });
        const body = (await res.json()) as { import?: { id: string } };
        if (res.status !== 202 || !body.import) throw new Error(`the upload answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
        return { id: body.import.id, ms: performance.now() - started };
      })();
      const result = (async () => {
        const { id, ms } = await upload;
        for (;;) {
          if (performance.now() - started > IMPORT_BOUND_MS)
            throw new Error(`the import did not finish within ${IMPORT_BOUND_MS / 1000} s`);
          const res = await fetch(`${base}/api/v1/organisation/${info.organisationId}/imports/${id}`, {
            headers,
            signal: AbortSignal.timeout(10_000),
          });
          const body = (await res.json()) as { import: { status: string; created_count: number; refused_count: number } };
          if (body.import.status === 'done' || body.import.status === 'failed')
            return { ...body.import, uploadMs: ms, importMs: performance.now() - started };
          await sleep(500);
        }
      })().finally(() => (finished = true));
      const duringProbes = await probe(base, () => finished, IMPORT_BOUND_MS);
      const outcome = await result;
      const duringLoop = await loop(base, true);
      return {
        label: where.label,
        fileBytes: file.bytes.length,
        rows: file.rows,
        uploadMs: Math.round(outcome.uploadMs),
        importMs: Math.round(outcome.importMs),
        status: outcome.status,
        created: outcome.created_count,
        refused: outcome.refused_count,
        floor: { loop: floorLoop, probes: floorProbes },
        during: { loop: duringLoop, probes: duringProbes },
      };
    },
  });
}

export function importLoopRows(run: ImportLoopRun): Row[] {
  const t = IMPORT_LOOP_TARGET.loopP99Ms;
  const ok = run.status === 'done' && run.created === run.rows;
  return [
    {
      metric: `Import: event-loop delay p99 / p95 during a ${(run.fileBytes / 1e6).toFixed(0)} MB CSV import (${run.label})`,
      measured: `${run.during.loop.p99Ms} / ${run.during.loop.p95Ms} ms (max ${run.during.loop.maxMs} ms)`,
      target: `p99 ≤ ${t} ms`,
      floor: `${run.floor.loop.p99Ms} / ${run.floor.loop.p95Ms} ms (idle)`,
      ratio: `${(run.during.loop.p99Ms / run.floor.loop.p99Ms).toFixed(1)}×`,
      verdict: !ok ? 'ERROR' : run.during.loop.p99Ms <= t ? 'PASS' : 'FAIL',
    },
    {
      metric: `Import: GET /bench/ping latency p99 / p95 meanwhile (${run.label})`,
      measured: `${run.during.probes.p99Ms} / ${run.during.probes.p95Ms} ms (${run.during.probes.count} probes)`,
      target: 'reported only',
      floor: `${run.floor.probes.p99Ms} / ${run.floor.probes.p95Ms} ms`,
      verdict: 'INFO',
    },
  ];
}

export function importLoopSection(runs: ImportLoopRun[]): Section {
  const lines = [
    '`bench/import-loop-server.ts` runs the app from source (tsx) with the demo seed and measures its own event loop with `perf_hooks.monitorEventLoopDelay` (1 ms resolution), read and reset through the bench-only route `GET /bench/loop`. Two windows in the same run: idle for ' +
      `${FLOOR_MS / 1000} s (the floor), then from the upload of a generated CSV until its import is done (status polled every 500 ms). In both, an outside client sends \`GET /bench/ping\` (no database) one at a time every ${PROBE_EVERY_MS} ms.`,
    '',
    '| Database | File | Rows | Upload answered (202) | Import done | Loop p50 / p95 / p99 / max (idle) | Loop p50 / p95 / p99 / max (importing) | Ping p99 idle / importing |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of runs) {
    const l = (x: LoopDelay) => `${x.p50Ms} / ${x.p95Ms} / ${x.p99Ms} / ${x.maxMs} ms`;
    lines.push(
      `| ${r.label} | ${(r.fileBytes / 1e6).toFixed(1)} MB | ${r.rows.toLocaleString('en-GB')} (${r.created.toLocaleString('en-GB')} created, ${r.refused} refused, ${r.status}) | ${r.uploadMs} ms | ${(r.importMs / 1000).toFixed(1)} s | ${l(r.floor.loop)} | ${l(r.during.loop)} | ${r.floor.probes.p99Ms} / ${r.during.probes.p99Ms} ms |`,
    );
  }
  return { title: 'CSV import and the event loop', lines };
}
