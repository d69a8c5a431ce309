import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { verifyChannelAuth } from './signing.ts';

/** Pusher Channels protocol 7 close codes (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/). */
export const CLOSE = {
  /** 4000–4099: do not reconnect. */
  appDoesNotExist: 4001,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  noProtocolVersion: 4008,
  /** 4100–4199: reconnect after back-off. */
  overCapacity: 4100,
  /** 4200–4299: reconnect at once. */
  reconnect: 4200,
  pongNotReceived: 4201,
  closedAfterInactivity: 4202,
} as const;

export const SUPPORTED_PROTOCOLS = new Set([5, 6, 7]);
/** Largest frame a client may send, and largest event `data` the HTTP API accepts. */
export const MAX_PAYLOAD_BYTES = 10 * 1024;
/** Channels one connection may join. */
export const MAX_CHANNELS_PER_CONNECTION = 100;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

export type HubOptions = {
  key: string;
  secret: string;
  log: FastifyBaseLogger;
  /** Seconds of silence after which the server pings (sent to clients in connection_established). */
  activityTimeoutS?: number;
  /** How long a pinged client has to answer before it is closed with 4201. */
  pongTimeoutMs?: number;
  /** Most connections this node accepts; more are closed with 4100 (reconnect later). */
  maxConnections?: number;
};

type Connection = {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  lastActivity: number;
  pingSentAt: number | null;
};

function frame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
}

/**
 * The embedded Pusher Channels endpoint: accepts WebSocket upgrades at /app/{key} on the app's own
 * HTTP server, keeps each connection's channels, and delivers events published on this node.
 * Cross-node fan-out is the broadcaster's job (broadcaster.ts); the hub is purely local.
 */
export class Hub {
  readonly activityTimeoutS: number;
  private readonly pongTimeoutMs: number;
  private readonly maxConnections: number;
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly sweepTimer: NodeJS.Timeout;
  private closing = false;

  private readonly opts: HubOptions;

  constructor(opts: HubOptions) {
    this.opts = opts;
    this.activityTimeoutS = opts.activityTimeoutS ?? 120;
    this.pongTimeoutMs = opts.pongTimeoutMs ?? 30_000;
    this.maxConnections = opts.maxConnections ?? 20_000;
    // A frame over the limit closes the connection with 1009 (message too big), as ws does.
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES, perMessageDeflate: false });
    const sweepMs = Math.max(20, Math.min(1000, (this.activityTimeoutS * 1000) / 4, this.pongTimeoutMs / 4));
    this.sweepTimer = setInterval(() => this.sweep(), sweepMs);
    this.sweepTimer.unref();
  }

  /** Handles upgrades to /app/{key} on `server`; any other upgrade path is refused. */
  attach(server: Server) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname);
      if (!match || this.closing) {
        socket.end(`HTTP/1.1 ${this.closing ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\n\r\n`);
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, decodeURIComponent(match[1] ?? ''), url.searchParams));
    });
  }

  get connectionCount() {
    return this.connections.size;
  }

  /** Sends `event` to every connection on `channel` here, except the one with `exceptSocketId`. */
  publish(channel: string, event: string, data: string, exceptSocketId?: string) {
    const members = this.channels.get(channel);
    if (!members) return;
    const text = frame(event, data, channel);
    for (const c of members) {
      if (c.socketId !== exceptSocketId && c.ws.readyState === WebSocket.OPEN) c.ws.send(text);
    }
  }

  /**
   * Closes every connection with `code` (4200 by default: "reconnect now", so clients come back
   * to another node or to this one after its restart), waiting up to `graceMs` for them to go.
   */
  async close(code: number = CLOSE.reconnect, graceMs = 2000): Promise<void> {
    this.closing = true;
    clearInterval(this.sweepTimer);
    const gone = [...this.connections].map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.ws.readyState === WebSocket.CLOSED) return resolve();
          c.ws.once('close', () => resolve());
          c.ws.close(code, 'Server shutting down');
        }),
    );
    const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.all(gone), timer]);
    for (const c of this.connections) c.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket, key: string, query: URLSearchParams) {
    const protocol = query.get('protocol');
    if (key !== this.opts.key) return ws.close(CLOSE.appDoesNotExist, 'App key not found');
    if (!protocol) return ws.close(CLOSE.noProtocolVersion, 'No protocol version supplied');
    if (!SUPPORTED_PROTOCOLS.has(Number(protocol))) return ws.close(CLOSE.unsupportedProtocol, 'Unsupported protocol version');
    if (this.connections.size >= this.maxConnections) return ws.close(CLOSE.overCapacity, 'Over capacity');

    const conn: Connection = {
      ws,
      socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      channels: new Set(),
      lastActivity: Date.now(),
      pingSentAt: null,
    };
    this.connections.add(conn);
    ws.on('message', (raw, isBinary) => this.onMessage(conn, raw, isBinary));
    ws.on('close', () => this.drop(conn));
    ws.on('error', (error) => {
      // Oversized or broken frames: ws closes the socket itself (1009/1002); nothing else is affected.
      this.opts.log.debug({ err: error, socketId: conn.socketId }, 'realtime connection error');
    });
    ws.send(frame('pusher:connection_established', JSON.stringify({ socket_id: conn.socketId, activity_timeout: this.activityTimeoutS })));
  }

  private drop(conn: Connection) {
    this.connections.delete(conn);
    for (const name of conn.channels) this.leave(conn, name);
  }

  private leave(conn: Connection, name: string) {
    conn.channels.delete(name);
    const members = this.channels.get(name);
    if (!members) return;
    members.delete(conn);
    if (members.size === 0) this.channels.delete(name);
  }

  private error(conn: Connection, message: string, code: number | null = null) {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(frame('pusher:error', { code, message }));
  }

  private onMessage(conn: Connection, raw: RawData, isBinary: boolean) {
    conn.lastActivity = Date.now();
    conn.pingSentAt = null;
    if (isBinary) return this.error(conn, 'Binary frames are not supported');
    let message: unknown;
    try {
      message = JSON.parse(raw.toString());
    } catch {
      return this.error(conn, 'Invalid JSON');
    }
    if (typeof message !== 'object' || message === null || typeof (message as { event?: unknown }).event !== 'string')
      return this.error(conn, 'Invalid message: an object with a string "event" is expected');
    const { event } = message as { event: string };
    let data = (message as { data?: unknown }).data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        // Left as a string; the handlers below reject what they cannot use.
      }
    }
    switch (event) {
      case 'pusher:ping':
        return conn.ws.send(frame('pusher:pong', {}));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(conn, data);
      case 'pusher:unsubscribe': {
        const channel = (data as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string') this.leave(conn, channel);
        return;
      }
      default:
        if (event.startsWith('client-')) return this.error(conn, 'Client events are not enabled for this app');
        return this.error(conn, `Unsupported event: ${event.slice(0, 64)}`);
    }
  }

  private subscribe(conn: Connection, data: unknown) {
    const { channel, auth } = (typeof data === 'object' && data !== null ? data : {}) as { channel?: unknown; auth?: unknown };
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) return this.error(conn, 'Invalid channel name');
    const fail = (error: string, status: number, type = 'AuthError') =>
      conn.ws.send(frame('pusher:subscription_error', { type, error, status }, channel));
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-'))
      return fail('Presence and encrypted channels are not supported', 403, 'UnsupportedChannel');
    if (channel.startsWith('private-') && !verifyChannelAuth(this.opts.key, this.opts.secret, conn.socketId, channel, auth))
      return fail('Invalid signature', 401);
    if (!conn.channels.has(channel)) {
      if (conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) return fail('Too many channels on one connection', 403, 'LimitReached');
      conn.channels.add(channel);
      let members = this.channels.get(channel);
      if (!members) this.channels.set(channel, (members = new Set()));
      members.add(conn);
    }
    conn.ws.send(frame('pusher_internal:subscription_succeeded', '{}', channel));
  }

  /** Pings connections silent for activity_timeout; closes those that do not answer in time (4201). */
  private sweep() {
    const now = Date.now();
    for (const c of this.connections) {
      if (c.ws.readyState !== WebSocket.OPEN) continue;
      if (c.pingSentAt !== null) {
        if (now - c.pingSentAt > this.pongTimeoutMs) c.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
      } else if (now - c.lastActivity > this.activityTimeoutS * 1000) {
        c.pingSentAt = now;
        c.ws.send(frame('pusher:ping', {}));
      }
    }
  }
}
