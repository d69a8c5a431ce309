import type { ChannelAuthorizationCallback, Options as PusherOptions } from 'pusher-js';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { broadcastingOperations as ops } from '@hireloop/contract/operations/broadcasting';
import type { RealtimeConfig } from '@hireloop/contract/realtime';
import { call } from './operations.ts';

/** Called with the event's data (already JSON-decoded by the client). */
export type RealtimeListener = (data: unknown) => void;

/**
 * One real-time connection (docs/product.md §11, §7): a socket to the push service on which channels are
 * joined. Private channels are authorised through `POST broadcasting/auth`; a refused
 * authorisation is reported to the client (pusher-js emits `pusher:subscription_error`), never
 * to the user.
 */
export interface RealtimeSource {
  /** Joins `channel` (once, however many listeners) and calls `listener` on every `event`; returns "stop listening". */
  listen(channel: string, event: string, listener: RealtimeListener): () => void;
  /**
   * Calls `listener` each time the socket is back after a loss (server restart, network), when
   * events may have been missed; returns "stop listening".
   */
  onReconnect(listener: () => void): () => void;
  /** Leaves every channel and closes the socket; no listener is called afterwards. */
  close(): void;
}

export type RealtimeSourceFactory = () => RealtimeSource;

/** Pusher's channel-authorisation hook, as `channelAuthorization.customHandler` takes it. */
export type ChannelAuthorizer = (params: { socketId: string; channelName: string }, callback: ChannelAuthorizationCallback) => void;

/**
 * Asks the app to authorise a channel with the app's own API client, so the session cookie and
 * the X-XSRF-TOKEN header go along like on every unsafe call. A refusal (403, 401, network) is
 * handed to pusher-js as an error, which it reports on the channel as `pusher:subscription_error`.
 */
export const authorizeChannel: ChannelAuthorizer = ({ socketId, channelName }, callback) => {
  call(ops.authorise, { body: { socket_id: socketId, channel_name: channelName } }).then(
    (data) => callback(null, data),
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
  );
};

/**
 * pusher-js options for the app's config (`GET realtime/config`): hosted Pusher by cluster
 * (TLS forced), or a host and port — the app's own embedded endpoint or PUSHER_HOST.
 */
export function pusherOptions(config: RealtimeConfig, authorize: ChannelAuthorizer = authorizeChannel): PusherOptions {
  const channelAuthorization = { customHandler: authorize };
  if (config.cluster) {
    return { cluster: config.cluster, forceTLS: true, disableStats: true, enabledTransports: ['ws', 'wss'], channelAuthorization };
  }
  return {
    // Required by pusher-js, unused once wsHost is set.
    cluster: 'eu',
    wsHost: config.host,
    wsPort: config.port,
    wssPort: config.port,
    forceTLS: config.tls,
    disableStats: true,
    enabledTransports: ['ws', 'wss'],
    channelAuthorization,
  };
}

type Binding = { channel: string; event: string; listener: RealtimeListener };

/**
 * The real source: fetches the config, loads pusher-js (its own chunk, only for signed-in users
 * with an organisation) and connects. Listeners registered before it is connected are bound
 * once it is. Without a config (e.g. the call fails) there is simply no real-time this session.
 */
export function createPusherSource(): RealtimeSource {
  let closed = false;
  let client: Pusher | null = null;
  const bindings = new Set<Binding>();
  // The listener pusher-js calls, per binding (so it can be unbound exactly).
  const handlers = new Map<Binding, (data: unknown) => void>();
  const reconnectListeners = new Set<() => void>();

  function bind(binding: Binding): void {
    if (!client) return;
    const channel: Channel = client.channel(binding.channel) ?? client.subscribe(binding.channel);
    const handler = (data: unknown) => {
      if (!closed && bindings.has(binding)) binding.listener(data);
    };
    handlers.set(binding, handler);
    channel.bind(binding.event, handler);
  }

  function unbind(binding: Binding): void {
    bindings.delete(binding);
    const handler = handlers.get(binding);
    handlers.delete(binding);
    if (!client || !handler) return;
    client.channel(binding.channel)?.unbind(binding.event, handler);
    if (![...bindings].some((other) => other.channel === binding.channel)) client.unsubscribe(binding.channel);
  }

  void (async () => {
    const [{ realtime }, { default: PusherClient }] = await Promise.all([call(ops.config), import('pusher-js')]);
    if (closed) return;
    client = new PusherClient(realtime.key, pusherOptions(realtime));
    let wasConnected = false;
    client.connection.bind('state_change', ({ current }: { previous: string; current: string }) => {
      if (current !== 'connected') return;
      if (wasConnected && !closed) for (const listener of reconnectListeners) listener();
      wasConnected = true;
    });
    for (const binding of bindings) bind(binding);
  })().catch(() => {
    // No real-time this session: the list still loads with the page, and nothing is shown to the user.
  });

  return {
    listen(channel, event, listener) {
      const binding: Binding = { channel, event, listener };
      bindings.add(binding);
      bind(binding);
      return () => unbind(binding);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    close() {
      closed = true;
      reconnectListeners.clear();
      bindings.clear();
      handlers.clear();
      client?.disconnect();
      client = null;
    },
  };
}

/** A source that never connects: unit tests get it unless they install their own fake. */
const inertSource: RealtimeSourceFactory = () => ({
  listen: () => () => {},
  onReconnect: () => () => {},
  close: () => {},
});

// jsdom and Node unit tests have no push service to talk to; they install a fake with setRealtimeSourceFactory.
const defaultFactory: RealtimeSourceFactory = import.meta.env.MODE === 'test' ? inertSource : createPusherSource;
let factory: RealtimeSourceFactory = defaultFactory;

/** Opens a real-time connection (the real one, or the fake a test installed). */
export function openRealtime(): RealtimeSource {
  return factory();
}

/** Tests: make `openRealtime` return fakes; `null` restores the default. */
export function setRealtimeSourceFactory(next: RealtimeSourceFactory | null): void {
  factory = next ?? defaultFactory;
}
