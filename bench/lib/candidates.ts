import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { loadProblems, measureLoad, type LoadResult } from './load.ts';
import { withBenchServer } from './bench-server.ts';
import type { Row, Section } from './report.ts';

/** docs/product.md §13: one organisation with 100,000 candidates in 50 recruitments. */
export const CANDIDATES_TARGET = {
  listP95Ms: 30,
  listVsFloor: 0.4,
  /** The search across the organisation against its database floor (bench/candidates-server.ts). */
  searchVsDbFloor: 0.5,
  /** Search inside one recruitment. */
  recruitmentSearchP95Ms: 30,
  /** Search across the organisation. */
  searchP95Ms: 50,
  /** The server's event-loop delay (perf_hooks) while the search across the organisation is measured. */
  eventLoopP99Ms: 20,
  connections: 16,
  importRows: 10_000,
  importMs: 10_000,
  boardCards: 2_000,
  boardDomCards: 150,
  /** A frame longer than this while scrolling the board is jank (a long task). */
  longFrameMs: 50,
  chunkGzipBytes: 150_000,
} as const;
const START_TIMEOUT_MS = 600_000;
/** What the board renders per card; kept in step with the web's board (features/recruitment/candidates). */
export const BOARD_CARD_SELECTOR = '[data-testid="board-card"]';

type Info = {
  port: number;
  organisationId: string;
  cookie: string;
  apiKey: string;
  recruitmentId: string;
  statusId: string;
  listPath: string;
  floorPath: string;
  searchPath: string;
  searchFloorPath: string;
  eventLoopPath: string;
  seedMs: number;
  candidates: number;
};
const isInfo = (v: unknown): v is Info => {
  const i = v as Partial<Info> | null;
  return typeof i?.port === 'number' && typeof i.listPath === 'string' && typeof i.apiKey === 'string';
};

export type ImportRun = { rows: number; ms: number; created: number; refused: number; status: string };
export type BoardRun = { cards: number; domCards: number; maxFrameMs: number; p95FrameMs: number; longFrames: number; frames: number };
export type ChunkRun = { gzipBytes: number; ownGzipBytes: number; ownFile: string; files: { name: string; gzipBytes: number }[] };
/** The server's event-loop delay since the last reset (bench/candidates-server.ts), in ms. */
export type EventLoopDelay = { p50Ms: number; p99Ms: number; maxMs: number };
export type CandidatesRun = {
  label: string;
  info: Info;
  list: LoadResult;
  floor: LoadResult;
  search: LoadResult;
  eventLoop: EventLoopDelay;
  candidateSearch: LoadResult;
  candidateSearchFloor: LoadResult;
  importRun: ImportRun | { error: string };
  board: BoardRun | { error: string } | undefined;
  chunk: ChunkRun | { error: string } | undefined;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Runs bench/candidates-server.ts on one database and measures it. Browser measurements only on the first (managed server) run. */
export async function measureCandidates(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: { label: string; dataDir: string; postgresUrl?: string; webDist: string; browser: boolean },
): Promise<CandidatesRun> {
  return withBenchServer({
    root,
    script: 'candidates-server.ts',
    where,
    isInfo,
    startTimeoutMs: START_TIMEOUT_MS,
    env: (port, dataDir) => {
      const env: NodeJS.ProcessEnv = { ...baseEnv(port, dataDir), WEB_DIST: where.webDist, API_KEY_RATE_PER_MINUTE: '100000000' };
      return env;
    },
    measure: async (info) => {
      const base = `http://127.0.0.1:${info.port}`;
      const headers = { cookie: info.cookie, accept: 'application/json' };
      const c = CANDIDATES_TARGET.connections;
      const list = await measureLoad(`${base}${info.listPath}`, headers, c);
      const floor = await measureLoad(`${base}${info.floorPath}`, headers, c);
      const org = `${base}/api/v1/organisation/${info.organisationId}`;
      const search = await measureLoad(
        `${org}/recruitments/${info.recruitmentId}/applications?per_page=25&filter[state]=all&filter[search]=${encodeURIComponent('Nadia Kim')}`,
        headers,
        c,
      );
      await fetch(`${base}${info.eventLoopPath}?reset=1`);
      const candidateSearch = await measureLoad(`${base}${info.searchPath}`, headers, c);
      const eventLoop = (await (await fetch(`${base}${info.eventLoopPath}`)).json()) as EventLoopDelay;
      const candidateSearchFloor = await measureLoad(`${base}${info.searchFloorPath}`, headers, c);
      const importRun = await measureImport(org, info).catch((error: unknown) => ({ error: errorText(error) }));
      const board = where.browser ? await measureBoard(base, info).catch((error: unknown) => ({ error: errorText(error) })) : undefined;
      const chunk = where.browser ? await measureChunk(base, info).catch((error: unknown) => ({ error: errorText(error) })) : undefined;
      return { label: where.label, info, list, floor, search, candidateSearch, eventLoop, candidateSearchFloor, importRun, board, chunk };
    },
  });
}

/** 10,000 rows through the real import: upload, background processing, polled until done. */
async function measureImport(org: string, info: Info): Promise<ImportRun> {
  const rows = CANDIDATES_TARGET.importRows;
  const lines = ['Full name,E-mail,Phone,City,Tags'];
  for (let i = 0; i < rows; i += 1)
    lines.push(`Imported Person ${i},imported${i}@bench-import.test,+44 20 7946 ${String(i % 10000).padStart(4, '0')},London,"csv,bench"`);
  const csv = Buffer.from(`${lines.join('\n')}\n`);
  const auth = { authorization: `Bearer ${info.apiKey}`, accept: 'application/json' };
  const started = performance.now();
  const form = new FormData();
  form.set('mapping', JSON.stringify({ name: 'Full name', email: 'E-mail', phone: 'Phone', location: 'City', tags: 'Tags' }));
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const res = await fetch(`${org}/recruitments/${info.recruitmentId}/imports`, { method: 'POST', headers: auth, body: form });
  const body = (await res.json()) as { import?: { id: string } };
  if (!res.ok || !body.import) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  const deadline = started + 120_000;
  for (;;) {
    const poll = await fetch(`${org}/imports/${body.import.id}`, { headers: auth });
    const state = (await poll.json()) as {
      import: { status: string; created_count: number; refused_count: number; matched_count: number };
    };
    if (state.import.status === 'done' || state.import.status === 'failed') {
      return {
        rows,
        ms: Math.round(performance.now() - started),
        created: state.import.created_count + state.import.matched_count,
        refused: state.import.refused_count,
        status: state.import.status,
      };
    }
    if (performance.now() > deadline) throw new Error('the import did not finish within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
];

async function withPage<T>(base: string, info: Info, run: (page: Page) => Promise<T>): Promise<T> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`chromium not installed at ${executablePath}`);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const [name, value] = info.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    return await run(await context.newPage());
  } finally {
    await browser.close();
  }
}

/** The board of a recruitment with 2,000 cards: card elements in the DOM, and frame times while every column scrolls. */
async function measureBoard(base: string, info: Info): Promise<BoardRun> {
  return withPage(base, info, async (page) => {
    await page.goto(`${base}/recruitment/${info.recruitmentId}/candidates?view=board`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForSelector(BOARD_CARD_SELECTOR, { timeout: 30_000 });
    const domCards = await page.locator(BOARD_CARD_SELECTOR).count();
    // A string, not a function: the bench runs through tsx, whose helpers (__name) do not exist in the page.
    const frames = (await page.evaluate(`(async (selector) => {
      const deltas = [];
      let last = performance.now();
      let running = true;
      const tick = (now) => {
        deltas.push(now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      // Every scrollable ancestor of a card is a column: scroll each to the bottom in steps.
      const columns = new Set();
      let maxDom = 0;
      for (const card of Array.from(document.querySelectorAll(selector))) {
        let el = card.parentElement;
        while (el && el.scrollHeight <= el.clientHeight + 1) el = el.parentElement;
        if (el && el !== document.documentElement && el !== document.body) columns.add(el);
      }
      for (const column of columns) {
        for (let step = 0; step < 40; step += 1) {
          column.scrollTop += column.clientHeight / 2;
          await new Promise((resolve) => requestAnimationFrame(resolve));
          maxDom = Math.max(maxDom, document.querySelectorAll(selector).length);
        }
      }
      running = false;
      return { deltas: deltas.slice(1), maxDom, columns: columns.size };
    })(${JSON.stringify(BOARD_CARD_SELECTOR)})`)) as { deltas: number[]; maxDom: number; columns: number };
    const sorted = [...frames.deltas].sort((a, b) => a - b);
    return {
      cards: CANDIDATES_TARGET.boardCards,
      domCards: Math.max(domCards, frames.maxDom),
      maxFrameMs: Math.round(sorted.at(-1) ?? 0),
      p95FrameMs: Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
      longFrames: sorted.filter((d) => d > CANDIDATES_TARGET.longFrameMs).length,
      frames: sorted.length,
    };
  });
}

/** JavaScript the candidates screen loads beyond what the dashboard already loaded: the screen's own chunks. */
async function measureChunk(base: string, info: Info): Promise<ChunkRun> {
  const loaded = async (url: string) =>
    withPage(base, info, async (page) => {
      const bodies = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (/\.m?js$/.test(new URL(response.url()).pathname) && response.ok())
          bodies.set(new URL(response.url()).pathname, response.body());
      });
      await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
      const out = new Map<string, number>();
      for (const [name, body] of bodies) out.set(name, gzipSync(await body).length);
      return out;
    });
  const shell = await loaded(`${base}/dashboard`);
  const screen = await loaded(`${base}/recruitment/${info.recruitmentId}/candidates`);
  const files = [...screen].filter(([name]) => !shell.has(name)).map(([name, gzipBytes]) => ({ name, gzipBytes }));
  // The route's own chunk is the one Vite names after the page module (candidates-page-<hash>.js).
  const own = files.find((f) => /\/candidates-page-[^/]+\.js$/.test(f.name));
  if (!own) throw new Error(`no candidates-page chunk among ${files.map((f) => f.name).join(', ')}`);
  return { gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), ownGzipBytes: own.gzipBytes, ownFile: own.name, files };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function candidatesRows(run: CandidatesRun): Row[] {
  const t = CANDIDATES_TARGET;
  const bad = (r: LoadResult) => Boolean(loadProblems(r));
  const ratio = run.list.requestsPerSecond / run.floor.requestsPerSecond;
  const searchRatio = run.candidateSearch.requestsPerSecond / run.candidateSearchFloor.requestsPerSecond;
  const rows: Row[] = [
    {
      metric: `Candidates list, ${run.info.candidates.toLocaleString('en-GB')} candidates, 25 a page, sorted, one stage (${run.label}): p95 at ${t.connections} connections`,
      measured: `${run.list.p95Ms} ms (p90 ${run.list.p90Ms} ms)`,
      target: `p95 ≤ ${t.listP95Ms} ms`,
      verdict: bad(run.list) ? 'ERROR' : run.list.p95Ms <= t.listP95Ms ? 'PASS' : 'FAIL',
    },
    {
      metric: `Candidates list vs the same page from memory (${run.label})`,
      measured: `${Math.round(run.list.requestsPerSecond)} vs ${Math.round(run.floor.requestsPerSecond)} req/s`,
      target: `≥ ${t.listVsFloor * 100} % of floor`,
      ratio: `${(ratio * 100).toFixed(1)} %`,
      verdict: bad(run.list) || bad(run.floor) ? 'ERROR' : ratio >= t.listVsFloor ? 'PASS' : 'FAIL',
    },
    {
      metric: `Candidates name/e-mail search in a recruitment (${run.label}): p95`,
      measured: `${run.search.p95Ms} ms (p90 ${run.search.p90Ms} ms)`,
      target: `p95 ≤ ${t.recruitmentSearchP95Ms} ms`,
      verdict: bad(run.search) ? 'ERROR' : run.search.p95Ms <= t.recruitmentSearchP95Ms ? 'PASS' : 'FAIL',
    },
    {
      metric: `Candidates search across the organisation (${run.label}): p95`,
      measured: `${run.candidateSearch.p95Ms} ms (p90 ${run.candidateSearch.p90Ms} ms)`,
      target: `p95 ≤ ${t.searchP95Ms} ms`,
      verdict: bad(run.candidateSearch) ? 'ERROR' : run.candidateSearch.p95Ms <= t.searchP95Ms ? 'PASS' : 'FAIL',
    },
    {
      metric: `Server event-loop delay while the search across the organisation runs (${run.label}): p99`,
      measured: `${run.eventLoop.p99Ms} ms (p50 ${run.eventLoop.p50Ms} ms, max ${run.eventLoop.maxMs} ms)`,
      target: `p99 ≤ ${t.eventLoopP99Ms} ms`,
      verdict: run.eventLoop.p99Ms <= t.eventLoopP99Ms ? 'PASS' : 'FAIL',
    },
    {
      metric: `Candidates search across the organisation vs its database floor (${run.label})`,
      measured: `${Math.round(run.candidateSearch.requestsPerSecond)} req/s`,
      target: `≥ ${t.searchVsDbFloor * 100} % of the database floor`,
      floor: `${Math.round(run.candidateSearchFloor.requestsPerSecond)} req/s`,
      ratio: `${(searchRatio * 100).toFixed(1)} %`,
      verdict: bad(run.candidateSearch) || bad(run.candidateSearchFloor) ? 'ERROR' : searchRatio >= t.searchVsDbFloor ? 'PASS' : 'FAIL',
    },
  ];
  const imp = run.importRun;
  rows.push(
    'error' in imp
      ? {
          metric: `Candidates CSV import, ${t.importRows.toLocaleString('en-GB')} rows (${run.label})`,
          measured: `error: ${imp.error}`,
          target: `≤ ${t.importMs / 1000} s`,
          verdict: 'ERROR',
        }
      : {
          metric: `Candidates CSV import, ${imp.rows.toLocaleString('en-GB')} rows, upload to done (${run.label})`,
          measured: `${(imp.ms / 1000).toFixed(2)} s (${imp.created} imported, ${imp.refused} refused, ${imp.status})`,
          target: `≤ ${t.importMs / 1000} s`,
          verdict: imp.status !== 'done' || imp.created !== imp.rows ? 'ERROR' : imp.ms <= t.importMs ? 'PASS' : 'FAIL',
        },
  );
  if (run.board) {
    const b = run.board;
    rows.push(
      'error' in b
        ? {
            metric: 'Candidates board, 2,000 cards',
            measured: `error: ${b.error}`,
            target: `≤ ${t.boardDomCards} cards in the DOM`,
            verdict: 'ERROR',
          }
        : {
            metric: `Candidates board, ${b.cards.toLocaleString('en-GB')} cards in one recruitment: card elements in the DOM; frames while scrolling every column`,
            measured: `${b.domCards} cards; ${b.frames} frames, p95 ${b.p95FrameMs} ms, max ${b.maxFrameMs} ms, ${b.longFrames} over ${t.longFrameMs} ms`,
            target: `≤ ${t.boardDomCards} cards, no frame over ${t.longFrameMs} ms`,
            verdict: b.domCards <= t.boardDomCards && b.longFrames === 0 ? 'PASS' : 'FAIL',
          },
    );
  }
  if (run.chunk) {
    const c = run.chunk;
    rows.push(
      'error' in c
        ? {
            metric: "Candidates screen's own JS",
            measured: `error: ${c.error}`,
            target: `≤ ${kb(t.chunkGzipBytes)} gzipped`,
            verdict: 'ERROR',
          }
        : {
            metric: "Candidates screen's own JS chunk, gzipped (and all JS it loads beyond the dashboard's)",
            measured: `${kb(c.ownGzipBytes)} (${kb(c.gzipBytes)} in ${c.files.length} files)`,
            target: `≤ ${kb(t.chunkGzipBytes)}`,
            verdict: c.ownGzipBytes <= t.chunkGzipBytes ? 'PASS' : 'FAIL',
          },
    );
  }
  return rows;
}

export function candidatesSection(runs: CandidatesRun[]): Section {
  const line = (label: string, r: LoadResult) =>
    `| ${label} | ${Math.round(r.requestsPerSecond)} | ${r.p50Ms} ms | ${r.p90Ms} ms | ${r.p95Ms} ms | ${r.p99Ms} ms | ${r.non2xx} | ${r.errors} |`;
  const chunkLines = runs.flatMap((r) =>
    r.chunk && !('error' in r.chunk)
      ? [`Candidates screen chunks (${r.label}): ${r.chunk.files.map((f) => `${f.name} ${kb(f.gzipBytes)}`).join(', ')}`]
      : [],
  );
  return {
    title: 'Hiring core: 100,000 candidates in 50 recruitments',
    lines: [
      '`bench/candidates-server.ts` runs the app from source on a fresh database with the demo seed plus the generated candidates ' +
        '(`bench/seed-candidates.ts`: 2,000 applications per recruitment, a halving funnel over the pipeline). ' +
        `autocannon, ${CANDIDATES_TARGET.connections} connections; the floor is \`GET /bench/floor-candidates\`, the same page's bytes from memory in the same process; the search across the organisation's database floor is \`GET /bench/floor-candidate-search\` (one prepared statement through a bare \`pg\` Pool: session, membership, page and total; then the same bytes). ` +
        'Percentiles from the latency of every response (bench/lib/load.ts); verdicts use p95.',
      '',
      ...runs.map(
        (r) =>
          `- ${r.label}: seeded ${r.info.candidates.toLocaleString('en-GB')} applications in ${(r.info.seedMs / 1000).toFixed(1)} s; list URL \`${r.info.listPath.replace(/organisation\/[^/]+/, 'organisation/{id}')}\``,
      ),
      ...chunkLines.map((l) => `- ${l}`),
      '',
      '| Run | req/s | p50 | p90 | p95 | p99 | non-2xx | errors |',
      '|---|---|---|---|---|---|---|---|',
      ...runs.flatMap((r) => [
        line(`${r.label}, list by stage`, r.list),
        line(`${r.label}, floor (memory)`, r.floor),
        line(`${r.label}, search in recruitment`, r.search),
        line(`${r.label}, search in organisation`, r.candidateSearch),
        line(`${r.label}, search in organisation: database floor`, r.candidateSearchFloor),
      ]),
    ],
  };
}
