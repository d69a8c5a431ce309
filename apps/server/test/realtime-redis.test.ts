import { userChannel } from '@hireloop/contract/realtime';
import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { notificationOutboxHandlers, notify } from '../src/features/notifications/service.ts';
import { startOutboxWorker } from '../src/jobs/outbox-worker.ts';
import { uniqueRedisPrefix } from '../src/realtime/index.ts';
import { md5Hex, signHttpRequest } from '../src/realtime/signing.ts';
import { Client, createOrganisation, createUser, freePort, signIn, startTestApp, type TestApp } from './harness.ts';
import { pusherJs, pusherSdk, waitFor } from './realtime-clients.ts';

/** Redis on 127.0.0.1:6379 (REDIS_TEST_URL to change); each run uses its own key and channel prefix. */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

let t: TestApp;
const nodes: { app: FastifyInstance; config: Config }[] = [];
let alice: { id: string };
let orgId: string;
let sessionCookie: string;
const open: PusherJs[] = [];

async function startNode(prefix: string) {
  const port = await freePort();
  const config: Config = {
    ...t.config,
    port,
    appUrl: `http://127.0.0.1:${port}`,
    realtime: { ...t.config.realtime, redisUrl: REDIS_URL },
  };
  const app = await buildApp({ config, database: t.database, realtime: { redisPrefix: prefix } });
  await app.listen({ host: '127.0.0.1', port });
  nodes.push({ app, config });
  return { app, config };
}

beforeAll(async () => {
  t = await startTestApp();
  alice = await createUser(t, { name: 'Alice Across Nodes' });
  orgId = (await createOrganisation(t, alice)).id;
  sessionCookie = (await signIn(t, alice)).cookie('hireloop_session')!;
  const prefix = uniqueRedisPrefix();
  await startNode(prefix);
  await startNode(prefix);
});

afterAll(async () => {
  for (const p of open) p.disconnect();
  for (const n of nodes) await n.app.close();
  await t?.close();
});

async function aliceOn(baseUrl: string) {
  const client = new Client(baseUrl);
  client.setCookie('hireloop_session', sessionCookie);
  await client.csrf();
  const p = pusherJs(baseUrl, t.config.realtime.key, client);
  open.push(p);
  const received: { event: string; data: unknown }[] = [];
  let ok = false;
  const ch = p.subscribe(userChannel(alice.id));
  ch.bind('pusher:subscription_succeeded', () => (ok = true));
  ch.bind_global((event: string, data: unknown) => {
    if (!event.startsWith('pusher')) received.push({ event, data });
  });
  await waitFor(() => (ok ? true : undefined), 'subscription');
  return received;
}

describe('fan-out across app nodes through Redis', () => {
  it('a client on node A receives an event published through the events API of node B', async () => {
    const [a, b] = nodes;
    const received = await aliceOn(a!.config.appUrl);
    const res = await pusherSdk(b!.config.appUrl, t.config.realtime).trigger(userChannel(alice.id), 'cross', { from: 'B' });
    expect(res.status).toBe(200);
    expect(await waitFor(() => received.find((r) => r.event === 'cross'), 'cross-node event')).toEqual({
      event: 'cross',
      data: { from: 'B' },
    });
  });

  it('a notification stored on node B reaches the user connected to node A through the outbox', async () => {
    const [a, b] = nodes;
    const received = await aliceOn(a!.config.appUrl);
    const row = await t.database.db.transaction((tx) =>
      notify(tx, { userId: alice.id, organisationId: orgId, type: 'mention', data: { title: 'Across nodes', url: '/x' } }),
    );
    const worker = startOutboxWorker({
      db: t.database.db,
      config: t.config,
      log: b!.app.log,
      intervalMs: 0,
      handlers: notificationOutboxHandlers(b!.app.realtime.broadcaster, t.database.db),
    });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    const event = await waitFor(() => received.find((r) => r.event === 'notification'), 'notification');
    expect(event.data).toMatchObject({ id: row!.id, type: 'mention' });
  });

  it('a request replayed against another node is refused (401)', async () => {
    const [a, b] = nodes;
    const path = `/apps/${t.config.realtime.appId}/events`;
    const body = JSON.stringify({ name: 'once', channels: ['news'], data: '{}' });
    const params: Record<string, string> = {
      auth_key: t.config.realtime.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: md5Hex(body),
    };
    params.auth_signature = signHttpRequest(t.config.realtime.secret, 'POST', path, params);
    const send = (base: string) =>
      fetch(`${base}${path}?${new URLSearchParams(params).toString()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await send(a!.config.appUrl)).status).toBe(200);
    expect((await send(b!.config.appUrl)).status).toBe(401);
  });
});
