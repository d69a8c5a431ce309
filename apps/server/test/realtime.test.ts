import { broadcastingOperations as broadcasting } from '@hireloop/contract/operations/broadcasting';
import { userChannel } from '@hireloop/contract/realtime';
import { eq } from 'drizzle-orm';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { users } from '../src/db/schema/users.ts';
import { notificationOutboxHandlers, notify } from '../src/features/notifications/service.ts';
import { startOutboxWorker } from '../src/jobs/outbox-worker.ts';
import { md5Hex, signHttpRequest } from '../src/realtime/signing.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectStatus } from './operations.ts';
import { pusherJs, pusherSdk, RawClient, waitFor, wsUrl } from './realtime-clients.ts';

let t: TestApp;
let alice: { id: string };
let bob: { id: string };
let aliceClient: Client;
let bobClient: Client;
let orgId: string;
const open: PusherJs[] = [];

beforeAll(async () => {
  t = await startTestApp();
  alice = await createUser(t, { name: 'Alice Realtime' });
  bob = await createUser(t, { name: 'Bob Realtime' });
  orgId = (await createOrganisation(t, alice)).id;
  aliceClient = await signIn(t, alice);
  bobClient = await signIn(t, bob);
});

afterAll(async () => {
  for (const p of open) p.disconnect();
  await t?.close();
});

const creds = () => ({ appId: t.config.realtime.appId, key: t.config.realtime.key, secret: t.config.realtime.secret });

function connect(client: Client, baseUrl = t.baseUrl) {
  const p = pusherJs(baseUrl, t.config.realtime.key, client);
  open.push(p);
  return p;
}

/** Subscribes and resolves with the events received, once the subscription succeeded (or failed). */
async function subscribe(p: PusherJs, channel: string, event: string) {
  const received: unknown[] = [];
  let outcome: 'ok' | { type?: string; error?: string } | undefined;
  const ch = p.subscribe(channel);
  ch.bind('pusher:subscription_succeeded', () => (outcome = 'ok'));
  ch.bind('pusher:subscription_error', (e: { type?: string; error?: string }) => (outcome = e));
  ch.bind(event, (data: unknown) => received.push(data));
  const result = await waitFor(() => outcome, `subscription to ${channel}`);
  return { received, result };
}

/** A signed events API request, by hand, to test what the SDK never sends. */
function signed(path: string, body: string, overrides: Record<string, string> = {}) {
  const params: Record<string, string> = {
    auth_key: t.config.realtime.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: md5Hex(body),
    ...overrides,
  };
  params.auth_signature = overrides.auth_signature ?? signHttpRequest(t.config.realtime.secret, 'POST', path, params);
  return fetch(`${t.baseUrl}${path}?${new URLSearchParams(params).toString()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
}

describe('real-time configuration and channel authorisation', () => {
  it('tells a signed-in browser how to connect to the embedded endpoint', async () => {
    const res = await expectStatus(aliceClient, broadcasting.config, 200, { params: {} });
    expect(res.realtime).toEqual({
      key: t.config.realtime.key,
      host: '127.0.0.1',
      port: Number(new URL(t.baseUrl).port),
      tls: false,
      auth_endpoint: '/api/v1/broadcasting/auth',
    });
    await expectStatus(new Client(t.baseUrl), broadcasting.config, 401, { params: {} });
  });

  it('authorises only the own private channel (form or JSON), anything else is 403', async () => {
    const form = (client: Client, channel: string, socket = '123.456') =>
      client.request('POST', 'broadcasting/auth', {
        rawBody: new URLSearchParams({ socket_id: socket, channel_name: channel }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const ok = await form(aliceClient, userChannel(alice.id));
    expect(ok.status).toBe(200);
    expect(ok.json.auth).toBe(
      `${t.config.realtime.key}:${(await import('node:crypto'))
        .createHmac('sha256', t.config.realtime.secret)
        .update(`123.456:${userChannel(alice.id)}`)
        .digest('hex')}`,
    );
    await expectStatus(aliceClient, broadcasting.authorise, 200, {
      params: {},
      body: { socket_id: '1.2', channel_name: userChannel(alice.id) },
    });
    expect((await form(bobClient, userChannel(alice.id))).status).toBe(403);
    expect((await form(aliceClient, 'public-news')).status).toBe(403);
    expect((await form(aliceClient, `presence-User.${alice.id}`)).status).toBe(403);
    expect((await form(aliceClient, userChannel(alice.id), 'abc')).status).toBe(422);
    expect((await form(await new Client(t.baseUrl).csrf(), userChannel(alice.id))).status).toBe(401);
    // An unsafe call without the XSRF header is refused like any other.
    const noXsrf = await callOperation(aliceClient, broadcasting.authorise, {
      params: {},
      body: { socket_id: '1.2', channel_name: userChannel(alice.id) },
      xsrf: false,
    });
    expect(noXsrf.status).toBe(419);
  });
});

describe('real clients against the embedded endpoint', () => {
  it('pusher-js joins its own private channel and receives an event published with the pusher SDK', async () => {
    const p = connect(aliceClient);
    const { received, result } = await subscribe(p, userChannel(alice.id), 'greeting');
    expect(result).toBe('ok');
    const res = await pusherSdk(t.baseUrl, creds()).trigger(userChannel(alice.id), 'greeting', { hello: 'Alice' });
    expect(res.status).toBe(200);
    expect(await waitFor(() => received[0], 'event')).toEqual({ hello: 'Alice' });
    // A batch of two events arrives too.
    await pusherSdk(t.baseUrl, creds()).triggerBatch([
      { channel: userChannel(alice.id), name: 'greeting', data: { n: 1 } },
      { channel: userChannel(alice.id), name: 'greeting', data: { n: 2 } },
    ]);
    await waitFor(() => (received.length === 3 ? true : undefined), 'batch');
    expect(received.slice(1)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('user B cannot join A’s channel: subscription_error, and receives nothing', async () => {
    const p = connect(bobClient);
    const { received, result } = await subscribe(p, userChannel(alice.id), 'greeting');
    expect(result).toMatchObject({ type: 'AuthError', error: 'auth 403' });
    await pusherSdk(t.baseUrl, creds()).trigger(userChannel(alice.id), 'greeting', { secret: true });
    // Bob's own channel still works on the same connection, and the secret never arrived.
    const own = await subscribe(p, userChannel(bob.id), 'greeting');
    expect(own.result).toBe('ok');
    await pusherSdk(t.baseUrl, creds()).trigger(userChannel(bob.id), 'greeting', { for: 'bob' });
    await waitFor(() => own.received[0], 'own event');
    expect(received).toEqual([]);
  });

  it('a forged auth on the socket gets pusher:subscription_error and the connection keeps working', async () => {
    const c = await RawClient.connect(wsUrl(t.baseUrl, t.config.realtime.key));
    const forged = `${t.config.realtime.key}:${'0'.repeat(64)}`;
    c.send({ event: 'pusher:subscribe', data: { channel: userChannel(alice.id), auth: forged } });
    const error = await c.next('pusher:subscription_error');
    expect(error).toMatchObject({ channel: userChannel(alice.id), data: { type: 'AuthError', status: 401 } });
    c.send({ event: 'pusher:ping', data: {} });
    await c.next('pusher:pong');
    c.close();
  });
});

describe('HTTP events API: bad requests', () => {
  const path = () => `/apps/${t.config.realtime.appId}/events`;
  const body = (data = '{}', channels = ['news']) => JSON.stringify({ name: 'e', channels, data });

  it('accepts a correctly signed request once; the same request again is a replay (401)', async () => {
    const b = body('{"once":true}');
    const ts = String(Math.floor(Date.now() / 1000));
    expect((await signed(path(), b, { auth_timestamp: ts })).status).toBe(200);
    const again = await signed(path(), b, { auth_timestamp: ts });
    expect(again.status).toBe(401);
    expect(await again.text()).toMatch(/replay/i);
  });

  it('refuses a stale or future timestamp, a wrong signature, key or body_md5 with 401', async () => {
    const stale = await signed(path(), body(), { auth_timestamp: String(Math.floor(Date.now() / 1000) - 601) });
    expect(stale.status).toBe(401);
    expect(await stale.text()).toMatch(/timestamp/i);
    expect((await signed(path(), body(), { auth_timestamp: String(Math.floor(Date.now() / 1000) + 700) })).status).toBe(401);
    expect((await signed(path(), body(), { auth_signature: 'f'.repeat(64) })).status).toBe(401);
    expect((await signed(path(), body(), { body_md5: md5Hex('something else') })).status).toBe(401);
    expect((await signed(path(), body(), { auth_key: 'another-key' })).status).toBe(401);
    const unsigned = await fetch(`${t.baseUrl}${path()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(),
    });
    expect(unsigned.status).toBe(401);
    expect((await signed(`/apps/not-this-app/events`, body())).status).toBe(404);
  });

  it('refuses data over 10 KB (413), over 100 channels and over 10 batch events (400), and bad JSON (400)', async () => {
    expect((await signed(path(), body('x'.repeat(10 * 1024 + 1)))).status).toBe(413);
    expect(
      (
        await signed(
          path(),
          body(
            '{}',
            Array.from({ length: 101 }, (_, i) => `c${i}`),
          ),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await signed(
          path(),
          body(
            '{}',
            Array.from({ length: 100 }, (_, i) => `c${i}`),
          ),
        )
      ).status,
    ).toBe(200);
    const batch = (n: number) =>
      JSON.stringify({ batch: Array.from({ length: n }, (_, i) => ({ channel: 'news', name: 'e', data: String(i) })) });
    const batchPath = `/apps/${t.config.realtime.appId}/batch_events`;
    expect((await signed(batchPath, batch(11))).status).toBe(400);
    expect((await signed(batchPath, batch(10))).status).toBe(200);
    expect((await signed(path(), '{not json')).status).toBe(400);
    expect((await signed(path(), JSON.stringify({ name: 'e', channels: ['bad channel'], data: '{}' }))).status).toBe(400);
    // A body far over any limit is cut off at the parser.
    expect((await signed(path(), body('x'.repeat(300 * 1024)))).status).toBe(413);
  });

  it('the SDK sees a 413 as an error', async () => {
    await expect(pusherSdk(t.baseUrl, creds()).trigger('news', 'e', 'x'.repeat(11 * 1024))).rejects.toMatchObject({ status: 413 });
  });
});

describe('notifications go out through the outbox', () => {
  it('notify() stores, queues the broadcast and an e-mail; the worker delivers it to the user’s socket', async () => {
    const p = connect(aliceClient);
    const { received, result } = await subscribe(p, userChannel(alice.id), 'notification');
    expect(result).toBe('ok');
    const row = await t.database.db.transaction((tx) =>
      notify(tx, { userId: alice.id, organisationId: orgId, type: 'mention', data: { title: 'Bob mentioned you', url: '/recruitment/x' } }),
    );
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(jobs.map((j) => j.kind).sort()).toEqual(['mail', 'notification.broadcast']);
    expect(jobs.find((j) => j.kind === 'mail')!.payload).toMatchObject({ subject: 'Bob mentioned you' });
    expect(JSON.stringify(jobs.find((j) => j.kind === 'mail')!.payload)).toContain(`${t.baseUrl}/recruitment/x`);

    const worker = startOutboxWorker({
      db: t.database.db,
      config: t.config,
      log: t.app.log,
      intervalMs: 0,
      handlers: notificationOutboxHandlers(t.app.realtime.broadcaster, t.database.db),
    });
    try {
      expect(await worker.runOnce()).toMatchObject({ delivered: 2, failed: 0, retried: 0 });
    } finally {
      await worker.stop();
    }
    const event = await waitFor(() => received[0], 'notification event');
    expect(event).toMatchObject({
      id: row!.id,
      type: 'mention',
      organisation_id: orgId,
      data: { title: 'Bob mentioned you', url: '/recruitment/x' },
      read_at: null,
    });
    // The list shows the same item.
    const list = await aliceClient.get('notifications');
    expect(list.json.notifications.data[0]).toEqual(event);
  });

  it('sends no e-mail for a type the user turned off, and nothing at all when the change rolls back', async () => {
    // Notifications go to members only (member-removal.test.ts).
    await addMember(t, orgId, bob.id, 'interviewer');
    await t.database.db
      .update(users)
      .set({ emailPreferences: { assigned: false } })
      .where(eq(users.id, bob.id));
    await t.database.db.transaction((tx) =>
      notify(tx, { userId: bob.id, organisationId: orgId, type: 'assigned', data: { title: 'You were assigned', url: '/x' } }),
    );
    const pending = await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(pending.map((j) => j.kind)).toEqual(['notification.broadcast']);
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, { userId: bob.id, organisationId: orgId, type: 'mention', data: { title: 'Rolled back', url: '/x' } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'))).toHaveLength(1);
  });
});

describe('invitation accepted', () => {
  it('notifies the organisation’s owners and admins through the outbox', async () => {
    const email = `newcomer-${Date.now()}@example.test`;
    const invited = await aliceClient.post(`organisation/${orgId}/invitations`, { email, role: 'recruiter' });
    expect(invited.status, invited.text).toBe(201);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    const text = mails.map((m) => m.payload as { to: string; text: string }).find((m) => m.to === email)!.text;
    const token = new RegExp(`/invitations/([A-Za-z0-9_-]{43})`).exec(text)![1]!;
    const newcomer = await createUser(t, { name: 'Nina Newcomer', email });
    const accepted = await (await signIn(t, newcomer)).post(`invitations/${token}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    const list = await aliceClient.get('notifications');
    expect(list.json.notifications.data[0]).toMatchObject({
      type: 'invitation_accepted',
      data: { title: expect.stringContaining('Nina Newcomer'), url: '/settings/organisation-users' },
    });
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'notification.broadcast'));
    expect(jobs.some((j) => (j.payload as { notification: { id: string } }).notification.id === list.json.notifications.data[0].id)).toBe(
      true,
    );
  });
});

describe('restarts', () => {
  it('closes sockets with 4200 on shutdown; pusher-js reconnects to the restarted server and receives again', async () => {
    // A second app on the same database and its own port, closed and started again on that port.
    const { freePort } = await import('./harness.ts');
    const port = await freePort();
    const config = { ...t.config, port, appUrl: `http://127.0.0.1:${port}` };
    const first = await buildApp({ config, database: t.database });
    await first.listen({ host: '127.0.0.1', port });
    const base = config.appUrl;
    const raw = await RawClient.connect(wsUrl(base, config.realtime.key));
    const aliceHere = new Client(base);
    aliceHere.setCookie('hireloop_session', aliceClient.cookie('hireloop_session')!);
    await aliceHere.csrf();
    const p = connect(aliceHere, base);
    const { received, result } = await subscribe(p, userChannel(alice.id), 'after-restart');
    expect(result).toBe('ok');
    const firstSocket = p.connection.socket_id;

    await first.close();
    expect(await raw.closed()).toBe(4200);

    const second = await buildApp({ config, database: t.database });
    await second.listen({ host: '127.0.0.1', port });
    try {
      await waitFor(
        () => (p.connection.state === 'connected' && p.connection.socket_id !== firstSocket ? true : undefined),
        'reconnect',
        25_000,
      );
      // pusher-js subscribes again by itself; publish until the new subscription is in place.
      const sdk = pusherSdk(base, creds());
      for (let n = 0; received.length === 0; n++) {
        await sdk.trigger(userChannel(alice.id), 'after-restart', { n });
        await waitFor(() => (received.length > 0 || p.channel(userChannel(alice.id))?.subscribed ? true : undefined), 'resubscribed');
        if (n > 100) throw new Error('no event after restart');
      }
      expect(received[0]).toMatchObject({ n: expect.any(Number) });
    } finally {
      p.disconnect();
      await second.close();
    }
  }, 60_000);
});
