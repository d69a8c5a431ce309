import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { loadProblems, measureLoad, recordLatencies, type LoadResult } from './load.ts';
import { withBenchServer } from './bench-server.ts';
import type { Row, Section } from './report.ts';

/**
 * docs/product.md §16: the public careers site of an organisation with 200 open roles. The listing page p95 ≤ 20 ms
 * at 32 connections, Lighthouse performance ≥ 95 and accessibility 100; the application POST with a
 * 1 MB résumé p95 ≤ 100 ms.
 */
export const CAREERS_TARGET = {
  roles: 200,
  listP95Ms: 20,
  connections: 32,
  applyP95Ms: 100,
  /** The issue names no concurrency for the application: the verdict is one at a time, a few at once for information. */
  applyConnections: 4,
  /** Bounded counts: each application stores a candidate and a 1 MB file. */
  applyRequests: 200,
  applyWarmup: 20,
  resumeBytes: Number(process.env.BENCH_RESUME_BYTES ?? 1024 * 1024),
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
} as const;
const START_TIMEOUT_MS = 240_000;
const LIGHTHOUSE_TIMEOUT_MS = 120_000;
const LIGHTHOUSE_ATTEMPTS = 3;

type Info = {
  port: number;
  slug: string;
  listPath: string;
  rolePath: string;
  applyPath: string;
  floorPath: string;
  listBytes: number;
  listHtmlBytes: number;
  roleHtmlBytes: number;
  seedMs: number;
  roles: number;
};
const isInfo = (v: unknown): v is Info => {
  const i = v as Partial<Info> | null;
  return (
    typeof i?.port === 'number' && typeof i.listPath === 'string' && typeof i.applyPath === 'string' && typeof i.floorPath === 'string'
  );
};

export type ApplyRun = LoadResult & { statusCodes: Record<string, number>; requestBytes: number };
export type LighthouseRun = {
  url: string;
  performance: number[];
  accessibility: number[];
  failedA11y: string[];
  fcpMs: number;
  lcpMs: number;
};
export type CareersRun = {
  label: string;
  info: Info;
  list: LoadResult;
  floor: LoadResult;
  role: LoadResult;
  apply: ApplyRun | { error: string };
  applyMany: ApplyRun | { error: string };
  lighthouse: { list: LighthouseRun; role: LighthouseRun } | { error: string } | undefined;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
const HTML_HEADERS = {
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (bench) Chrome/130',
};

/** Runs bench/careers-server.ts on one database and measures it. Lighthouse only on the first (managed server) run. */
export async function measureCareers(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: { label: string; dataDir: string; postgresUrl?: string; browser: boolean },
): Promise<CareersRun> {
  return withBenchServer({
    root,
    script: 'careers-server.ts',
    where,
    isInfo,
    startTimeoutMs: START_TIMEOUT_MS,
    env: (port, dataDir) => ({
      ...baseEnv(port, dataDir),
      // The per-address application limit is not what is measured: every bench request comes from 127.0.0.1.
      CAREERS_APPLY_RATE: '100000000',
      BENCH_CAREERS_ROLES: String(CAREERS_TARGET.roles),
    }),
    measure: async (info) => {
      const base = `http://127.0.0.1:${info.port}`;
      const c = CAREERS_TARGET.connections;
      const list = await measureLoad(`${base}${info.listPath}`, HTML_HEADERS, c);
      const floor = await measureLoad(`${base}${info.floorPath}`, HTML_HEADERS, c);
      const role = await measureLoad(`${base}${info.rolePath}`, HTML_HEADERS, c);
      const apply = await measureApply(base, info, 1, 'one').catch((error: unknown) => ({ error: errorText(error) }));
      const applyMany = await measureApply(base, info, CAREERS_TARGET.applyConnections, 'many').catch((error: unknown) => ({
        error: errorText(error),
      }));
      const lighthouse = where.browser
        ? await measureLighthouse(base, info).catch((error: unknown) => ({ error: errorText(error) }))
        : undefined;
      return { label: where.label, info, list, floor, role, apply, applyMany, lighthouse };
    },
  });
}

/** A small valid PDF padded with a comment to `bytes` (ASCII only). */
function resumePdf(bytes: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const line = `%${'bench résumé padding '.replace('é', 'e').repeat(3)}\n`;
  let body = head;
  while (body.length + line.length + tail.length < bytes) body += line;
  body += '%'.padEnd(bytes - body.length - tail.length - 1, '.') + '\n';
  return Buffer.from(body + tail, 'ascii');
}

/**
 * The application form as a browser sends it (multipart/form-data), built once: only the e-mail
 * address differs per request, so that every request is a new application (not "already applied").
 */
function applicationBody(resume: Buffer) {
  const boundary = '----hireloopBenchBoundary7MA4YWxkTrZu0gW';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const before = (email: string) =>
    Buffer.from(
      field('name', 'Bench Applicant') +
        field('email', email) +
        field('phone', '+44 20 7946 0000') +
        field('links', 'https://linkedin.example/in/bench\nhttps://portfolio.example/bench') +
        field('cover_note', 'I would love to join the team. '.repeat(20)) +
        field('consent', 'yes') +
        field('website', '') +
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="resume.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (email: string) => Buffer.concat([before(email), resume, after]),
  };
}

let applicant = 0;

async function measureApply(base: string, info: Info, connections: number, tag: string): Promise<ApplyRun> {
  const form = applicationBody(resumePdf(CAREERS_TARGET.resumeBytes));
  const url = `${base}${info.applyPath}`;
  const headers = { 'content-type': form.contentType, accept: 'text/html' };
  // One by hand first: the form must be accepted (303 to the thank-you page), or the numbers mean nothing.
  const check = await fetch(url, {
    method: 'POST',
    headers,
    body: form.body(`check-${tag}@bench-careers.test`),
    redirect: 'manual',
  });
  if (check.status !== 303 || check.headers.get('location')?.includes('already'))
    throw new Error(
      `the application answered ${check.status} ${check.headers.get('location') ?? ''}: ${(await check.text()).slice(0, 300)}`,
    );
  const run = (amount: number) => {
    const started = performance.now();
    const instance = autocannon({
      url,
      connections,
      amount,
      timeout: 30,
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (request) => ({ ...request, body: form.body(`applicant-${tag}-${(applicant += 1)}@bench-careers.test`) }),
        },
      ],
    });
    const percentiles = recordLatencies(instance);
    return Promise.resolve(instance).then((result) => ({ result, ms: performance.now() - started, percentiles: percentiles() }));
  };
  await run(CAREERS_TARGET.applyWarmup);
  const { result, ms, percentiles } = await run(CAREERS_TARGET.applyRequests);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  const other = Object.entries(statusCodes)
    .filter(([code]) => code !== '303')
    .reduce((n, [, count]) => n + count, 0);
  return {
    url,
    requestsPerSecond: (result.requests.total / ms) * 1000,
    ...percentiles,
    totalRequests: result.requests.total,
    // Every answer must be the 303 to the thank-you page: anything else is a refused or failed application.
    non2xx: other,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: ms / 1000,
    statusCodes,
    requestBytes: form.body('x@y.z').length,
  };
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Lighthouse 12 (default settings: mobile, simulated throttling) in Debian's Chromium; the median of a few runs per page. */
async function measureLighthouse(base: string, info: Info): Promise<{ list: LighthouseRun; role: LighthouseRun }> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`chromium not installed at ${chromePath}`);
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const audit = async (url: string): Promise<LighthouseRun> => {
      const runs: LighthouseRun = { url, performance: [], accessibility: [], failedA11y: [], fcpMs: 0, lcpMs: 0 };
      const fcp: number[] = [];
      const lcp: number[] = [];
      for (let i = 0; i < CAREERS_TARGET.lighthouseRuns; i++) {
        const lhr = await lighthouseOnce(url, chrome.port);
        runs.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        runs.accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? 0);
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
        for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1 && !runs.failedA11y.includes(ref.id)) runs.failedA11y.push(ref.id);
        }
      }
      runs.fcpMs = Math.round(median(fcp));
      runs.lcpMs = Math.round(median(lcp));
      return runs;
    };
    const list = await audit(`${base}${info.listPath}`);
    const role = await audit(`${base}${info.rolePath}`);
    return { list, role };
  } finally {
    chrome.kill();
  }
}

/**
 * One Lighthouse run, bounded in time. A run whose trace recording failed (e.g. NO_NAVSTART: Lighthouse
 * itself asks to run again) is retried, twice at most; a page that really fails fails every time.
 */
async function lighthouseOnce(url: string, port: number) {
  const { default: lighthouse } = await import('lighthouse');
  let lastError = '';
  for (let attempt = 0; attempt < LIGHTHOUSE_ATTEMPTS; attempt++) {
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] }),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`Lighthouse on ${url} took over ${LIGHTHOUSE_TIMEOUT_MS} ms`)), LIGHTHOUSE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!lhr.runtimeError) return lhr;
    lastError = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  }
  throw new Error(`Lighthouse on ${url} failed ${LIGHTHOUSE_ATTEMPTS} times: ${lastError}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const isError = (v: unknown): v is { error: string } => typeof (v as { error?: unknown } | undefined)?.error === 'string';

export function careersRows(run: CareersRun): Row[] {
  const t = CAREERS_TARGET;
  const listInvalid = loadProblems(run.list) ?? loadProblems(run.floor);
  const ratio = run.list.requestsPerSecond / run.floor.requestsPerSecond;
  const rows: Row[] = [
    {
      metric: `Careers listing page, ${run.info.roles} open roles (${run.label}): p95 at ${t.connections} connections`,
      measured: `${run.list.p95Ms} ms (p50 ${run.list.p50Ms} ms, ${Math.round(run.list.requestsPerSecond)} req/s)`,
      target: `p95 ≤ ${t.listP95Ms} ms`,
      floor: `${run.floor.p95Ms} ms, ${Math.round(run.floor.requestsPerSecond)} req/s`,
      ratio: `${(ratio * 100).toFixed(1)} % of floor req/s`,
      verdict: listInvalid ? 'ERROR' : run.list.p95Ms <= t.listP95Ms ? 'PASS' : 'FAIL',
    },
    {
      metric: `Careers role page (${run.label}): p95 at ${t.connections} connections`,
      measured: `${run.role.p95Ms} ms (p50 ${run.role.p50Ms} ms, ${Math.round(run.role.requestsPerSecond)} req/s)`,
      target: 'reported only',
      verdict: loadProblems(run.role) ? 'ERROR' : 'INFO',
    },
  ];
  if (isError(run.apply)) {
    rows.push({
      metric: `Careers application POST (${run.label})`,
      measured: `error: ${run.apply.error}`,
      target: `p95 ≤ ${t.applyP95Ms} ms`,
      verdict: 'ERROR',
    });
  } else {
    const many = isError(run.applyMany)
      ? `; at ${t.applyConnections} connections: error ${run.applyMany.error}`
      : `; at ${t.applyConnections} connections p95 ${run.applyMany.p95Ms} ms, ${Math.round(run.applyMany.requestsPerSecond)} req/s`;
    rows.push({
      metric: `Careers application POST with a 1 MB résumé (${run.label}): p95, one at a time`,
      measured: `${run.apply.p95Ms} ms (p50 ${run.apply.p50Ms} ms${many})`,
      target: `p95 ≤ ${t.applyP95Ms} ms`,
      verdict: loadProblems(run.apply) ? 'ERROR' : run.apply.p95Ms <= t.applyP95Ms ? 'PASS' : 'FAIL',
    });
  }
  if (run.lighthouse && isError(run.lighthouse)) {
    rows.push({
      metric: 'Careers Lighthouse',
      measured: `error: ${run.lighthouse.error}`,
      target: 'performance ≥ 95, accessibility 100',
      verdict: 'ERROR',
    });
  } else if (run.lighthouse) {
    for (const [name, lh] of [
      ['listing', run.lighthouse.list],
      ['role page', run.lighthouse.role],
    ] as const) {
      const perf = median(lh.performance);
      const a11y = Math.min(...lh.accessibility);
      rows.push({
        metric: `Careers ${name}: Lighthouse performance (median of ${lh.performance.length})`,
        measured: `${perf} (runs ${lh.performance.join(', ')}; FCP ${lh.fcpMs} ms, LCP ${lh.lcpMs} ms)`,
        target: `≥ ${t.lighthousePerformance}`,
        verdict: perf >= t.lighthousePerformance ? 'PASS' : 'FAIL',
      });
      rows.push({
        metric: `Careers ${name}: Lighthouse accessibility (lowest of ${lh.accessibility.length})`,
        measured: `${a11y}${lh.failedA11y.length ? ` (failing: ${lh.failedA11y.join(', ')})` : ''}`,
        target: `= ${t.lighthouseAccessibility}`,
        verdict: a11y >= t.lighthouseAccessibility ? 'PASS' : 'FAIL',
      });
    }
  }
  return rows;
}

export function careersSection(runs: CareersRun[]): Section {
  const line = (label: string, r: LoadResult) =>
    `| ${label} | ${Math.round(r.requestsPerSecond)} | ${r.p50Ms} ms | ${r.p90Ms} ms | ${r.p95Ms} ms | ${r.p99Ms} ms | ${r.totalRequests.toLocaleString('en-GB')} | ${r.non2xx} | ${r.errors} |`;
  const lines = [
    '`bench/careers-server.ts` runs the app from source on a fresh database with one organisation subscribed to the Website product ' +
      `(\`bench/seed-careers.ts\`: ${CAREERS_TARGET.roles} open, published roles in 12 teams, each with an open recruitment). ` +
      `autocannon with browser-like headers (gzip accepted, no cache validators), ${CAREERS_TARGET.connections} connections, 2 s warm-up then 10 s, ` +
      'against `GET /careers/{slug}` (the listing), the floor `GET /bench/floor-careers` (the same gzipped bytes and headers from memory, behind the same plugins and hooks) ' +
      'and one role page. The application: `POST /careers/{slug}/jobs/{role}/apply` as multipart/form-data with a 1 MB PDF résumé, built once, a new e-mail address per request ' +
      `(every one a new candidate, résumé stored, mail queued, hiring team notified); ${CAREERS_TARGET.applyWarmup} warm-up then ${CAREERS_TARGET.applyRequests} requests, one at a time (the verdict) and at ${CAREERS_TARGET.applyConnections} connections; ` +
      'every answer must be the 303 to the thank-you page. The per-address application limit is raised for the bench (`CAREERS_APPLY_RATE`). Percentiles from the latency of every response (bench/lib/load.ts); the verdicts use p95.',
    '',
    '| Run | req/s | p50 | p90 | p95 | p99 | requests | non-2xx (apply: non-303) | errors |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of runs) {
    lines.push(
      line(
        `${r.label}, listing (${r.info.listBytes.toLocaleString('en-GB')} bytes gzipped, ${r.info.listHtmlBytes.toLocaleString('en-GB')} raw)`,
        r.list,
      ),
    );
    lines.push(line(`${r.label}, floor`, r.floor));
    lines.push(line(`${r.label}, role page (${r.info.roleHtmlBytes.toLocaleString('en-GB')} bytes raw)`, r.role));
    if (!isError(r.apply)) lines.push(line(`${r.label}, application, 1 connection`, r.apply));
    if (!isError(r.applyMany)) lines.push(line(`${r.label}, application, ${CAREERS_TARGET.applyConnections} connections`, r.applyMany));
  }
  for (const r of runs) lines.push('', `- ${r.label}: seeding ${r.info.roles} roles took ${r.info.seedMs} ms.`);
  const lh = runs.find((r) => r.lighthouse && !isError(r.lighthouse))?.lighthouse as
    { list: LighthouseRun; role: LighthouseRun } | undefined;
  if (lh) {
    lines.push(
      '',
      `Lighthouse 12 (default settings: mobile emulation, simulated throttling; categories performance and accessibility) in Debian's Chromium through chrome-launcher, ${CAREERS_TARGET.lighthouseRuns} runs per page:`,
      '',
      '| Page | Performance | Accessibility | FCP | LCP |',
      '|---|---|---|---|---|',
      `| listing | ${lh.list.performance.join(', ')} | ${lh.list.accessibility.join(', ')} | ${lh.list.fcpMs} ms | ${lh.list.lcpMs} ms |`,
      `| role page | ${lh.role.performance.join(', ')} | ${lh.role.accessibility.join(', ')} | ${lh.role.fcpMs} ms | ${lh.role.lcpMs} ms |`,
    );
  }
  return { title: 'Careers site with 200 open roles', lines };
}
