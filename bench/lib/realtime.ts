import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort, residentBytes, startChild, stopChild, waitFor200, type Child } from './processes.ts';
import type { Row, Section } from './report.ts';

/** docs/product.md §11: one node, 2,000 subscribed clients; publish → delivery p99, RSS; 5,000 events/s through the events API. */
export const REALTIME_TARGET = { clients: 2_000, p99Ms: 50, rssBytes: 400 * 1024 ** 2, eventsPerSecond: 5_000 } as const;
const LATENCY_SAMPLES = 2_000;
const LATENCY_RATE_PER_S = 200;
const THROUGHPUT_SECONDS = 10;
const BATCH = 10;
const CONNECT_CONCURRENCY = 100;
const DRAIN_TIMEOUT_MS = 15_000;

const APP_ID = 'bench';
const KEY = 'bench-key';
const SECRET = 'bench-secret-0123456789abcdef';

export type RealtimeRun = {
  label: string;
  clients: number;
  connectMs: number;
  rssBeforeClients: number;
  rssAfterConnect: number;
  server: string;
  rssAfterRun: number;
  latency: { samples: number; p50: number; p95: number; p99: number; max: number; lost: number };
  throughput: {
    seconds: number;
    sent: number;
    delivered: number;
    achievedPerS: number;
    failedRequests: number;
    failures: Record<string, number>;
    lost: number;
  };
};

const hmac = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');

/** A signed events API request, as the `pusher` SDK sends it (but without its per-call overhead). */
function signedUrl(base: string, apiPath: string, body: string): string {
  const params: Record<string, string> = {
    auth_key: KEY,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
  };
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return `${base}${apiPath}?${query}&auth_signature=${hmac(`POST\n${apiPath}\n${query}`)}`;
}

type BenchClient = { ws: WebSocket; channel: string };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Connects one raw protocol client and joins its private channel with a locally computed auth. */
function connectClient(wsBase: string, index: number, onEvent: (channel: string, data: string) => void): Promise<BenchClient> {
  const channel = `private-User.bench-${index}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/app/${KEY}?protocol=7&client=bench&version=1`, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error(`client ${index} did not subscribe in time`)), 30_000);
    ws.on('error', (error) => reject(error));
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: string };
      if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data!) as { socket_id: string }).socket_id;
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: `${KEY}:${hmac(`${socketId}:${channel}`)}` } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve({ ws, channel });
      } else if (frame.event === 'pusher:ping') {
        ws.send('{"event":"pusher:pong","data":{}}');
      } else if (frame.channel && !frame.event.startsWith('pusher')) {
        onEvent(frame.channel, frame.data ?? '');
      }
    });
  });
}

/** Keep-alive connections for the publisher, like an app server's SDK client would hold. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** POSTs and resolves with the status ('error: …' when the request failed). */
function post(url: string, body: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      },
    );
    req.on('error', (error) => resolve(`error: ${error.message}`));
    req.end(body);
  });
}

/**
 * Starts the server from source (Node type stripping) on a fresh DATA_DIR (managed PostgreSQL), connects the clients from this
 * process, then measures. Latency: events published one at a time through the HTTP events API to a
 * random client, from just before the request until the client has it. Throughput: batches of 10
 * events at 5,000 events/s for a fixed time; every event carries a sequence number and the clients
 * count what they got, so a loss shows.
 */
export async function measureRealtime(
  root: string,
  baseEnv: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  where: { label: string; dataDir: string; clients?: number; serverMain?: string; postgresUrl?: string },
): Promise<RealtimeRun> {
  const clientsWanted = where.clients ?? REALTIME_TARGET.clients;
  let child: Child | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const clients: BenchClient[] = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...baseEnv(port, where.dataDir),
      DEMO: '0',
      PUSHER_APP_ID: APP_ID,
      PUSHER_KEY: KEY,
      PUSHER_SECRET: SECRET,
    };
    if (where.postgresUrl) {
      const name = `hireloop_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: where.postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(where.postgresUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      dropDatabase = async () => {
        const a = new pg.Client({ connectionString: where.postgresUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      };
    }
    const startedAt = performance.now();
    // The built server when there is one (as `npm start` runs it), else the source through tsx.
    const built = where.serverMain && existsSync(where.serverMain);
    const args = built ? [where.serverMain!] : [path.join(root, 'apps/server/src/main.ts')];
    child = startChild(process.execPath, args, { cwd: root, env });
    await waitFor200(`${base}/api/v1/health`, child, startedAt, { everyMs: 50, timeoutMs: 120_000 });
    await sleep(1_000);
    const rssBeforeClients = await residentBytes(child.pid);

    // Events carry "{kind}:{id}:{sentAt}" so each side can tell what arrived.
    const latencies = new Map<number, number>();
    const sentAt = new Map<number, number>();
    let throughputReceived = 0;
    const onEvent = (_channel: string, data: string) => {
      const now = performance.now();
      if (data.startsWith('L:')) {
        const id = Number(data.split(':')[1]);
        const t0 = sentAt.get(id);
        if (t0 !== undefined) latencies.set(id, now - t0);
      } else if (data.startsWith('T:')) throughputReceived++;
    };

    const wsBase = base.replace(/^http/, 'ws');
    const connectStart = performance.now();
    for (let i = 0; i < clientsWanted; i += CONNECT_CONCURRENCY) {
      const chunk = await Promise.all(
        Array.from({ length: Math.min(CONNECT_CONCURRENCY, clientsWanted - i) }, (_, j) => connectClient(wsBase, i + j, onEvent)),
      );
      clients.push(...chunk);
    }
    const connectMs = performance.now() - connectStart;
    await sleep(1_000);
    const rssAfterConnect = await residentBytes(child.pid);

    // ── publish → delivery latency ──
    const eventsPath = `/apps/${APP_ID}/events`;
    for (let id = 0; id < LATENCY_SAMPLES; id++) {
      const target = clients[Math.floor(Math.random() * clients.length)]!;
      const body = JSON.stringify({ name: 'bench', channels: [target.channel], data: `L:${id}` });
      const url = signedUrl(base, eventsPath, body);
      sentAt.set(id, performance.now());
      void post(url, body);
      await sleep(1000 / LATENCY_RATE_PER_S);
    }
    const drainUntil = Date.now() + DRAIN_TIMEOUT_MS;
    while (latencies.size < LATENCY_SAMPLES && Date.now() < drainUntil) await sleep(20);
    const sorted = [...latencies.values()].sort((a, b) => a - b);

    // ── throughput: 5,000 events/s as 500 batch requests/s ──
    const batchPath = `/apps/${APP_ID}/batch_events`;
    const ticksPerSecond = 20;
    const requestsPerTick = REALTIME_TARGET.eventsPerSecond / BATCH / ticksPerSecond;
    let sent = 0;
    let failedRequests = 0;
    const failures: Record<string, number> = {};
    const inflight: Promise<void>[] = [];
    const t0 = performance.now();
    for (let tick = 0; tick < THROUGHPUT_SECONDS * ticksPerSecond; tick++) {
      for (let r = 0; r < requestsPerTick; r++) {
        const batch = Array.from({ length: BATCH }, () => {
          const target = clients[(sent++ * 7919) % clients.length]!;
          return { channel: target.channel, name: 'bench', data: `T:${sent}` };
        });
        const body = JSON.stringify({ batch });
        inflight.push(
          post(signedUrl(base, batchPath, body), body).then((status) => {
            if (status === '200') return;
            failedRequests++;
            failures[status] = (failures[status] ?? 0) + 1;
          }),
        );
      }
      // Keep the schedule: wait until the next tick is due.
      const due = t0 + ((tick + 1) * 1000) / ticksPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(inflight);
    const sendSeconds = (performance.now() - t0) / 1000;
    const accepted = sent - failedRequests * BATCH;
    const until = Date.now() + DRAIN_TIMEOUT_MS;
    while (throughputReceived < accepted && Date.now() < until) await sleep(20);
    const rssAfterRun = await residentBytes(child.pid);

    return {
      label: where.label,
      clients: clients.length,
      server: built ? path.relative(root, where.serverMain!) : 'apps/server/src/main.ts (TypeScript run by Node)',
      rssBeforeClients,
      connectMs,
      rssAfterConnect,
      rssAfterRun,
      latency: {
        samples: sorted.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1] ?? NaN,
        lost: LATENCY_SAMPLES - sorted.length,
      },
      throughput: {
        seconds: sendSeconds,
        sent,
        delivered: throughputReceived,
        achievedPerS: throughputReceived / sendSeconds,
        failedRequests,
        failures,
        lost: sent - throughputReceived,
      },
    };
  } finally {
    for (const c of clients) c.ws.terminate();
    if (child) await stopChild(child);
    if (dropDatabase) await dropDatabase().catch(() => undefined);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const ms = (v: number) => `${v.toFixed(1)} ms`;

export function realtimeRows(run: RealtimeRun): Row[] {
  const rss = Math.max(run.rssAfterConnect, run.rssAfterRun);
  return [
    {
      metric: `Realtime publish → delivery, ${run.clients.toLocaleString('en-GB')} clients on private channels (${run.label}): p99`,
      measured: `${ms(run.latency.p99)} (p50 ${ms(run.latency.p50)}, ${run.latency.lost} lost)`,
      target: `p99 ≤ ${REALTIME_TARGET.p99Ms} ms`,
      verdict: run.latency.lost > 0 ? 'FAIL' : run.latency.p99 <= REALTIME_TARGET.p99Ms ? 'PASS' : 'FAIL',
    },
    {
      metric: `Realtime server RSS with ${run.clients.toLocaleString('en-GB')} clients (${run.label})`,
      measured: mb(rss),
      target: `≤ ${mb(REALTIME_TARGET.rssBytes)}`,
      verdict: rss <= REALTIME_TARGET.rssBytes ? 'PASS' : 'FAIL',
    },
    {
      metric: `Realtime events API: ${REALTIME_TARGET.eventsPerSecond.toLocaleString('en-GB')} events/s for ${THROUGHPUT_SECONDS} s, counted end to end (${run.label})`,
      measured: `${Math.round(run.throughput.achievedPerS).toLocaleString('en-GB')} events/s delivered, ${run.throughput.lost} lost`,
      target: `${REALTIME_TARGET.eventsPerSecond.toLocaleString('en-GB')}/s, no loss`,
      verdict:
        run.throughput.lost === 0 &&
        run.throughput.failedRequests === 0 &&
        run.throughput.achievedPerS >= REALTIME_TARGET.eventsPerSecond * 0.95
          ? 'PASS'
          : 'FAIL',
    },
  ];
}

export function realtimeSection(runs: RealtimeRun[]): Section {
  return { title: 'Real-time (Pusher protocol endpoint)', lines: runs.flatMap((run, i) => [...(i ? [''] : []), ...runLines(run)]) };
}

function runLines(run: RealtimeRun): string[] {
  return [
    `**${run.label}**: \`${run.server}\` on a fresh database (embedded endpoint, no Redis); ${run.clients.toLocaleString('en-GB')} raw \`ws\` clients in the bench process speak protocol 7 and each joins its own \`private-User.*\` channel with a signed auth (connected in ${(run.connectMs / 1000).toFixed(1)} s, ${CONNECT_CONCURRENCY} at a time).`,
    '',
    `- Latency: ${LATENCY_SAMPLES} events at ${LATENCY_RATE_PER_S}/s, each \`POST /apps/{id}/events\` (signed, one channel) to a random client, timed from just before the request until that client's \`message\` handler: p50 ${ms(run.latency.p50)}, p95 ${ms(run.latency.p95)}, p99 ${ms(run.latency.p99)}, max ${ms(run.latency.max)}; ${run.latency.lost} not delivered.`,
    `- Throughput: ${run.throughput.sent.toLocaleString('en-GB')} events as \`POST /apps/{id}/batch_events\` of ${BATCH} (the protocol's batch limit) at ${REALTIME_TARGET.eventsPerSecond.toLocaleString('en-GB')} events/s for ${run.throughput.seconds.toFixed(1)} s; ${run.throughput.delivered.toLocaleString('en-GB')} delivered, ${run.throughput.lost} lost, ${run.throughput.failedRequests} failed requests${
      run.throughput.failedRequests
        ? ` (${Object.entries(run.throughput.failures)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')})`
        : ''
    }.`,
    `- Server RSS: ${mb(run.rssBeforeClients)} before any client (the app process only; the managed database server is a separate process), ${mb(run.rssAfterConnect)} with all clients connected, ${mb(run.rssAfterRun)} after the runs.`,
  ];
}
