// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { authorizeChannel, createPusherSource, pusherOptions } from './realtime.ts';

type Sent = { method: string; url: string; headers: Record<string, string>; credentials?: string; body: unknown };

/** A fake /api/v1 answering the real-time config and the channel authorisation. */
function stubFetch(config: unknown, auth: { status: number; body: unknown }): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      sent.push({
        method: init?.method ?? 'GET',
        url,
        headers: (init?.headers ?? {}) as Record<string, string>,
        credentials: init?.credentials,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url.startsWith('/api/v1/realtime/config')) return new Response(JSON.stringify({ realtime: config }), { status: 200 });
      if (url.startsWith('/api/v1/broadcasting/auth')) return new Response(JSON.stringify(auth.body), { status: auth.status });
      return new Response(null, { status: 404 });
    }),
  );
  return sent;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token%2Fvalue';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pusher-js options from GET realtime/config', () => {
  const authorize = vi.fn();

  it('the embedded endpoint: host and port of the app, TLS as configured, WebSocket only', () => {
    const options = pusherOptions(
      { key: 'app-key', host: 'hireloop.example', port: 8443, tls: true, auth_endpoint: '/api/v1/broadcasting/auth' },
      authorize,
    );
    expect(options).toMatchObject({
      wsHost: 'hireloop.example',
      wsPort: 8443,
      wssPort: 8443,
      forceTLS: true,
      disableStats: true,
      enabledTransports: ['ws', 'wss'],
    });
    expect(options.channelAuthorization).toEqual({ customHandler: authorize });
  });

  it('hosted Pusher by cluster: TLS forced, no host of our own', () => {
    const options = pusherOptions(
      { key: 'app-key', host: 'ws-eu.pusher.com', port: 443, tls: false, cluster: 'eu', auth_endpoint: '/api/v1/broadcasting/auth' },
      authorize,
    );
    expect(options).toMatchObject({ cluster: 'eu', forceTLS: true });
    expect(options.wsHost).toBeUndefined();
  });
});

describe('channel authorisation', () => {
  it('posts socket_id and channel_name with the session cookie and the anti-forgery header', async () => {
    const sent = stubFetch({}, { status: 200, body: { auth: 'app-key:abc' } });
    const callback = vi.fn();
    authorizeChannel({ socketId: '123.456', channelName: 'private-User.u1' }, callback);
    await vi.waitFor(() => expect(callback).toHaveBeenCalled());
    expect(callback).toHaveBeenCalledWith(null, { auth: 'app-key:abc' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/broadcasting/auth',
      credentials: 'include',
      body: { socket_id: '123.456', channel_name: 'private-User.u1' },
    });
    expect(sent[0]?.headers['x-xsrf-token']).toBe('token/value');
  });

  it('a refusal is handed to the real-time client as an error', async () => {
    stubFetch({}, { status: 403, body: { message: 'You do not have permission to do that.', code: 'forbidden' } });
    const callback = vi.fn();
    authorizeChannel({ socketId: '123.456', channelName: 'private-User.u2' }, callback);
    await vi.waitFor(() => expect(callback).toHaveBeenCalled());
    const [error, data] = callback.mock.calls[0] ?? [];
    expect(error).toMatchObject({ status: 403 });
    expect(data).toBeNull();
  });
});

/**
 * Just enough of the Pusher protocol 7 server side to watch what the real source (pusher-js)
 * does: it says connection_established, answers subscribe, and lets the test send events.
 */
async function startFakePusher() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: Array<{ event: string; data: Record<string, unknown> }> = [];
  const sockets: WebSocket[] = [];
  let closedSockets = 0;
  server.on('connection', (socket, request) => {
    expect(request.url).toMatch(/^\/app\/app-key\?protocol=7/);
    sockets.push(socket);
    socket.on('close', () => (closedSockets += 1));
    socket.send(
      JSON.stringify({ event: 'pusher:connection_established', data: JSON.stringify({ socket_id: '123.456', activity_timeout: 120 }) }),
    );
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { event: string; data: Record<string, unknown> };
      received.push(message);
      if (message.event === 'pusher:subscribe') {
        socket.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel: message.data.channel, data: '{}' }));
      }
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    received,
    closedSockets: () => closedSockets,
    /** Closes every open connection with a protocol close code (4200: reconnect at once). */
    drop(code: number) {
      for (const socket of sockets.splice(0)) socket.close(code, 'Server restarting');
    },
    send(channel: string, event: string, data: unknown) {
      for (const socket of sockets) socket.send(JSON.stringify({ event, channel, data: JSON.stringify(data) }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the pusher-js source', () => {
  it('connects with the config, authorises the private channel through the API and delivers its events until closed', async () => {
    const fake = await startFakePusher();
    try {
      const sent = stubFetch(
        { key: 'app-key', host: '127.0.0.1', port: fake.port, tls: false, auth_endpoint: '/api/v1/broadcasting/auth' },
        { status: 200, body: { auth: 'app-key:signature' } },
      );
      const source = createPusherSource();
      const events: unknown[] = [];
      // Listening before the socket is up: bound once it is.
      source.listen('private-User.u1', 'notification', (data) => events.push(data));

      await vi.waitFor(() => expect(fake.received.map((m) => m.event)).toContain('pusher:subscribe'), { timeout: 5000 });
      expect(fake.received.find((m) => m.event === 'pusher:subscribe')?.data).toEqual({
        channel: 'private-User.u1',
        auth: 'app-key:signature',
      });
      expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/v1/realtime/config/', 'POST /api/v1/broadcasting/auth']);
      expect(sent[1]?.body).toEqual({ socket_id: '123.456', channel_name: 'private-User.u1' });

      fake.send('private-User.u1', 'notification', { id: 'n1' });
      await vi.waitFor(() => expect(events).toEqual([{ id: 'n1' }]));

      // The server restarts (4200): the client comes back, joins again and says so.
      const reconnected = vi.fn();
      source.onReconnect(reconnected);
      fake.drop(4200);
      await vi.waitFor(() => expect(reconnected).toHaveBeenCalledTimes(1), { timeout: 5000 });
      await vi.waitFor(() => expect(fake.received.filter((m) => m.event === 'pusher:subscribe')).toHaveLength(2));
      fake.send('private-User.u1', 'notification', { id: 'n2' });
      await vi.waitFor(() => expect(events).toEqual([{ id: 'n1' }, { id: 'n2' }]));

      source.close();
      await vi.waitFor(() => expect(fake.closedSockets()).toBe(2));
    } finally {
      await fake.close();
    }
  });

  it('a refused authorisation is not sent to the server as a subscription', async () => {
    const fake = await startFakePusher();
    try {
      const sent = stubFetch(
        { key: 'app-key', host: '127.0.0.1', port: fake.port, tls: false, auth_endpoint: '/api/v1/broadcasting/auth' },
        { status: 403, body: { message: 'You do not have permission to do that.', code: 'forbidden' } },
      );
      const source = createPusherSource();
      const events: unknown[] = [];
      source.listen('private-User.u2', 'notification', (data) => events.push(data));
      await vi.waitFor(() => expect(sent.map((s) => s.url)).toContain('/api/v1/broadcasting/auth'), { timeout: 5000 });
      source.close();
      await vi.waitFor(() => expect(fake.closedSockets()).toBe(1));
      expect(fake.received.some((m) => m.event === 'pusher:subscribe')).toBe(false);
      expect(events).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
