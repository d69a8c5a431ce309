import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RealtimeConfig } from '../config.ts';
import { embeddedBroadcaster, hostedBroadcaster, redisBroadcaster, type Broadcaster } from './broadcaster.ts';
import { eventsApiRoutes } from './events-api.ts';
import { CLOSE, Hub } from './hub.ts';

export type { Broadcaster, RealtimeEvent } from './broadcaster.ts';

export type RealtimeOptions = {
  /** Prefix of this deployment's Redis keys and pub/sub channel (tests use one per run). */
  redisPrefix?: string;
  activityTimeoutS?: number;
  pongTimeoutMs?: number;
};

export type Realtime = {
  broadcaster: Broadcaster;
  /** The embedded endpoint; null with hosted Pusher. */
  hub: Hub | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Real-time publishing (and, when embedded, the WebSocket endpoint at /app/{key}). */
    realtime: Realtime;
  }
}

/**
 * Sets up real-time for this app: hosted Pusher when configured; otherwise the embedded endpoint
 * on the app's own server plus the HTTP events API, fanned out through Redis when REDIS_URL is set.
 * On close, sockets get 4200 (reconnect now) before the server stops.
 */
export async function registerRealtime(app: FastifyInstance, config: RealtimeConfig, options: RealtimeOptions = {}): Promise<Realtime> {
  if (config.hosted) {
    const realtime: Realtime = { broadcaster: hostedBroadcaster({ ...config, hosted: config.hosted }), hub: null };
    app.decorate('realtime', realtime);
    return realtime;
  }
  const hub = new Hub({
    key: config.key,
    secret: config.secret,
    log: app.log.child({ module: 'realtime' }),
    ...(options.activityTimeoutS !== undefined ? { activityTimeoutS: options.activityTimeoutS } : {}),
    ...(options.pongTimeoutMs !== undefined ? { pongTimeoutMs: options.pongTimeoutMs } : {}),
  });
  hub.attach(app.server);
  const broadcaster = config.redisUrl
    ? await redisBroadcaster(hub, config.redisUrl, options.redisPrefix ?? 'hireloop:realtime:', app.log)
    : embeddedBroadcaster(hub);
  const realtime: Realtime = { broadcaster, hub };
  app.decorate('realtime', realtime);
  await app.register(eventsApiRoutes({ appId: config.appId, key: config.key, secret: config.secret, broadcaster }));
  app.addHook('preClose', async () => {
    await hub.close(CLOSE.reconnect);
  });
  app.addHook('onClose', async () => {
    await broadcaster.close();
  });
  return realtime;
}

/** A fresh random prefix (tests). */
export const uniqueRedisPrefix = () => `hireloop-test:${randomBytes(6).toString('hex')}:`;
