import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RawClient, waitFor, wsUrl } from '../../test/realtime-clients.ts';
import { CLOSE, Hub } from './hub.ts';
import { channelAuth } from './signing.ts';

const key = 'test-key';
const secret = 'test-secret-0123456789';
const log = Fastify({ logger: false }).log;

let server: Server | undefined;
let hub: Hub | undefined;

async function start(opts: { activityTimeoutS?: number; pongTimeoutMs?: number } = {}) {
  hub = new Hub({ key, secret, log, ...opts });
  server = createServer((_req, res) => res.writeHead(404).end());
  hub.attach(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await hub?.close();
  await new Promise((resolve) => server?.close(resolve));
  hub = undefined;
  server = undefined;
});

describe('embedded Pusher endpoint (hub)', () => {
  it('sends connection_established with a socket id and the activity timeout', async () => {
    const base = await start({ activityTimeoutS: 30 });
    const c = await RawClient.connect(wsUrl(base, key));
    const data = JSON.parse(c.frames[0]!.data as string) as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(30);
    c.close();
  });

  it('closes with the protocol codes for an unknown key, no or an unsupported protocol version', async () => {
    const base = await start();
    expect(await new RawClient(wsUrl(base, 'nope')).closed()).toBe(CLOSE.appDoesNotExist);
    expect(await new RawClient(wsUrl(base, key, 'client=x')).closed()).toBe(CLOSE.noProtocolVersion);
    expect(await new RawClient(wsUrl(base, key, 'protocol=99')).closed()).toBe(CLOSE.unsupportedProtocol);
  });

  it('answers ping with pong; public channels subscribe and receive; unsubscribe stops delivery', async () => {
    const base = await start();
    const c = await RawClient.connect(wsUrl(base, key));
    c.send({ event: 'pusher:ping', data: {} });
    await c.next('pusher:pong');
    c.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await c.next('pusher_internal:subscription_succeeded', 0, 'news');
    hub!.publish('news', 'hello', '{"a":1}');
    expect(await c.next('hello')).toEqual({ event: 'hello', channel: 'news', data: '{"a":1}' });
    c.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    c.send({ event: 'pusher:ping', data: {} });
    const pongs = c.frames.length;
    await waitFor(() => (c.frames.filter((f) => f.event === 'pusher:pong').length === 2 ? true : undefined));
    hub!.publish('news', 'hello', '{"a":2}');
    c.send({ event: 'pusher:ping', data: {} });
    await waitFor(() => (c.frames.filter((f) => f.event === 'pusher:pong').length === 3 ? true : undefined));
    expect(c.frames.slice(pongs).some((f) => f.event === 'hello')).toBe(false);
    c.close();
  });

  it('joins a private channel only with a valid auth for this socket; a forged one gets subscription_error', async () => {
    const base = await start();
    const c = await RawClient.connect(wsUrl(base, key));
    c.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-User.a', auth: channelAuth(key, 'wrong-secret', c.socketId!, 'private-User.a') },
    });
    const error = await c.next('pusher:subscription_error', 0, 'private-User.a');
    expect(error.data).toMatchObject({ type: 'AuthError', status: 401 });
    c.send({ event: 'pusher:subscribe', data: { channel: 'private-User.a', auth: channelAuth(key, secret, '1.2', 'private-User.a') } });
    await waitFor(() => (c.frames.filter((f) => f.event === 'pusher:subscription_error').length === 2 ? true : undefined));
    c.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-User.a', auth: channelAuth(key, secret, c.socketId!, 'private-User.a') },
    });
    await c.next('pusher_internal:subscription_succeeded', 0, 'private-User.a');
    c.close();
  });

  it('answers malformed frames and unknown events with pusher:error and keeps serving everyone', async () => {
    const base = await start();
    const bad = await RawClient.connect(wsUrl(base, key));
    const good = await RawClient.connect(wsUrl(base, key));
    good.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    await good.next('pusher_internal:subscription_succeeded');
    for (const f of ['not json', '[]', '{"data":1}', '{"event":"pusher:nonsense"}', '{"event":"client-x","channel":"news","data":"{}"}'])
      bad.send(f);
    bad.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    await waitFor(() => (bad.frames.filter((f) => f.event === 'pusher:error').length === 6 ? true : undefined), 'six errors');
    expect(bad.closeCode).toBeUndefined();
    // An oversized frame closes only that connection (1009: message too big).
    bad.send({ event: 'pusher:ping', data: { pad: 'x'.repeat(11 * 1024) } });
    expect(await bad.closed()).toBe(1009);
    hub!.publish('news', 'still', '{}');
    await good.next('still');
    good.close();
  });

  it('pings an idle connection and closes it with 4201 when no pong comes', async () => {
    const base = await start({ activityTimeoutS: 0.2, pongTimeoutMs: 200 });
    const c = await RawClient.connect(wsUrl(base, key));
    await c.next('pusher:ping');
    expect(await c.closed()).toBe(CLOSE.pongNotReceived);
  });

  it('keeps a connection that answers the ping', async () => {
    const base = await start({ activityTimeoutS: 0.2, pongTimeoutMs: 200 });
    const c = await RawClient.connect(wsUrl(base, key));
    await c.next('pusher:ping');
    c.send({ event: 'pusher:pong', data: {} });
    // The second ping proves the connection outlived the first pong timeout.
    await waitFor(() => (c.frames.filter((f) => f.event === 'pusher:ping').length >= 2 ? true : undefined));
    expect(c.closeCode).toBeUndefined();
    c.close();
  });

  it('closes every connection with 4200 on shutdown', async () => {
    const base = await start();
    const clients = await Promise.all([1, 2, 3].map(() => RawClient.connect(wsUrl(base, key))));
    await hub!.close();
    expect(await Promise.all(clients.map((c) => c.closed()))).toEqual([4200, 4200, 4200]);
  });
});
