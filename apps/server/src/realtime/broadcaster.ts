import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import Pusher from 'pusher';
import type { RealtimeConfig } from '../config.ts';
import type { Hub } from './hub.ts';

/** One event for one or more channels, as the HTTP events API and the app itself publish it. */
export type RealtimeEvent = { channels: string[]; name: string; data: string; socketId?: string };

/**
 * Where events go: the embedded hub of this node, every node's hub through Redis, or hosted Pusher.
 * `trigger` resolves once the event is handed over (to local sockets, to Redis, or to Pusher's API).
 */
export type Broadcaster = {
  readonly kind: 'embedded' | 'redis' | 'hosted';
  trigger(events: RealtimeEvent[]): Promise<void>;
  /**
   * Replay protection for the HTTP events API: true the first time a signature is seen within
   * `ttlS`, false after (shared across nodes with Redis).
   */
  firstUse(signature: string, ttlS: number): Promise<boolean>;
  close(): Promise<void>;
};

function deliver(hub: Hub, events: RealtimeEvent[]) {
  for (const e of events) for (const channel of e.channels) hub.publish(channel, e.name, e.data, e.socketId);
}

/**
 * Remembers signatures in this process (single node) in two generations, rotated every `ttlS`:
 * O(1) per request, and each signature is remembered between ttlS and 2·ttlS.
 */
function localSignatures() {
  let current = new Set<string>();
  let previous = new Set<string>();
  let rotatedAt = Date.now();
  return async (signature: string, ttlS: number) => {
    const now = Date.now();
    if (now - rotatedAt > ttlS * 1000) {
      previous = current;
      current = new Set();
      rotatedAt = now;
    }
    // 128 bits of the HMAC are plenty to recognise a repeat.
    const id = signature.slice(0, 32);
    if (current.has(id) || previous.has(id)) return false;
    current.add(id);
    return true;
  };
}

export function embeddedBroadcaster(hub: Hub): Broadcaster {
  return {
    kind: 'embedded',
    async trigger(events) {
      deliver(hub, events);
    },
    firstUse: localSignatures(),
    async close() {},
  };
}

/**
 * Fan-out across app nodes: every event is published once to Redis; every node (this one too)
 * receives it on its subscription and delivers it to its own sockets.
 */
export async function redisBroadcaster(hub: Hub, url: string, prefix: string, log: FastifyBaseLogger): Promise<Broadcaster> {
  const channel = `${prefix}events`;
  const publisher = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const)
    client.on('error', (error: Error) => log.warn({ err: error, client: name }, 'realtime Redis connection error'));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      deliver(hub, JSON.parse(message) as RealtimeEvent[]);
    } catch (error) {
      log.warn({ err: error }, 'unreadable realtime message from Redis');
    }
  });
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    async trigger(events) {
      await publisher.publish(channel, JSON.stringify(events));
    },
    async firstUse(signature, ttlS) {
      return (await publisher.set(`${prefix}sig:${signature}`, '1', 'EX', ttlS, 'NX')) === 'OK';
    },
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

/** Hosted Pusher (or a compatible server at PUSHER_HOST): TLS always. */
export function hostedBroadcaster(config: RealtimeConfig & { hosted: NonNullable<RealtimeConfig['hosted']> }): Broadcaster {
  const pusher = new Pusher({
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    useTLS: true,
    host: config.hosted.host,
    port: String(config.hosted.port),
  });
  return {
    kind: 'hosted',
    async trigger(events) {
      // The API takes at most 10 events a batch and 100 channels an event.
      for (const e of events) {
        for (let i = 0; i < e.channels.length; i += 100) {
          const res = await pusher.trigger(e.channels.slice(i, i + 100), e.name, e.data, e.socketId ? { socket_id: e.socketId } : {});
          if (res.status >= 300) throw new Error(`Pusher answered ${res.status}`);
        }
      }
    },
    firstUse: localSignatures(),
    async close() {},
  };
}
