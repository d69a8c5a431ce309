import Pusher from 'pusher';
import PusherJs from 'pusher-js';
import type { Client } from './harness.ts';

/** Resolves when `check` returns a value (not undefined); polls without timing assertions. */
export async function waitFor<T>(check: () => T | undefined, what = 'condition', timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type Frame = { event: string; channel?: string; data?: unknown };

/** A raw protocol client (Node's own WebSocket, as a browser has): records every frame and the close code. */
export class RawClient {
  readonly frames: Frame[] = [];
  closeCode: number | undefined;
  readonly ws: WebSocket;
  socketId: string | undefined;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.addEventListener('message', (event) => {
      const f = JSON.parse(String(event.data)) as Frame;
      if (f.event === 'pusher:connection_established') this.socketId = (JSON.parse(f.data as string) as { socket_id: string }).socket_id;
      this.frames.push(f);
    });
    this.ws.addEventListener('close', (event) => (this.closeCode = event.code));
    this.ws.addEventListener('error', () => undefined);
  }

  static async connect(url: string) {
    const c = new RawClient(url);
    await waitFor(() => c.socketId ?? (c.closeCode !== undefined ? 'closed' : undefined), 'connection_established');
    return c;
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  next(event: string, from = 0, channel?: string) {
    return waitFor(() => this.frames.slice(from).find((f) => f.event === event && (channel === undefined || f.channel === channel)), event);
  }

  closed() {
    return waitFor(() => this.closeCode, 'close');
  }

  close() {
    this.ws.close();
  }
}

export const wsUrl = (baseUrl: string, key: string, query = 'protocol=7&client=test&version=1') =>
  `${baseUrl.replace(/^http/, 'ws')}/app/${key}?${query}`;

/** pusher-js (Node build) against the embedded endpoint, authorising through the app as `client`. */
export function pusherJs(baseUrl: string, key: string, client: Client) {
  const url = new URL(baseUrl);
  return new PusherJs(key, {
    cluster: 'eu',
    wsHost: url.hostname,
    wsPort: Number(url.port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/api/v1/broadcasting/auth',
      transport: 'ajax',
      customHandler: (params, callback) => {
        client
          .request('POST', 'broadcasting/auth', {
            rawBody: new URLSearchParams({ socket_id: params.socketId, channel_name: params.channelName }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
          .then((res) =>
            res.status === 200
              ? callback(null, res.json as { auth: string })
              : callback(Object.assign(new Error(`auth ${res.status}`), { status: res.status }), null),
          )
          .catch((error: Error) => callback(error, null));
      },
    },
  });
}

/** The official server SDK pointed at the embedded events API. */
export function pusherSdk(baseUrl: string, creds: { appId: string; key: string; secret: string }) {
  const url = new URL(baseUrl);
  return new Pusher({ ...creds, host: url.hostname, port: url.port, useTLS: false });
}
