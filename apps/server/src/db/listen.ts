import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

export type Listener = {
  /** True while LISTEN is in force: a notification sent now will arrive. */
  readonly listening: boolean;
  close(): Promise<void>;
};

export type ListenOptions = {
  /** Every notification's payload, in the order PostgreSQL sent them. */
  onMessage: (payload: string) => void;
  /**
   * Called with false when the connection is lost (notifications sent until it is back are lost),
   * and with true once LISTEN is in force again (also the first time).
   */
  onListening: (listening: boolean) => void;
  /** Waits between reconnection attempts (default 1 s, doubling to 30 s). */
  retryMs?: number;
};

const MAX_RETRY_MS = 30_000;

/**
 * A connection of its own that LISTENs on `channel` (PostgreSQL's LISTEN/NOTIFY, delivered to every
 * connection listening on the same database, at the sender's COMMIT). A lost connection is
 * reported, then opened again with back-off, until `close`.
 */
export function listen(url: string, channel: string, options: ListenOptions): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  const stop = new AbortController();
  const lost = () => {
    if (listening) {
      listening = false;
      options.onListening(false);
    }
  };
  const run = async () => {
    let wait = options.retryMs ?? 1000;
    while (!closed) {
      const current = new pg.Client({ connectionString: url });
      client = current;
      const ended = new Promise<void>((resolve) => {
        current.once('end', resolve);
        // Every error, also a second one: an 'error' nobody listens to would end the process.
        current.on('error', () => resolve());
      });
      current.on('notification', (message) => {
        if (message.channel === channel) options.onMessage(message.payload ?? '');
      });
      try {
        await current.connect();
        await current.query(`listen ${channel}`);
        if (closed) break;
        listening = true;
        options.onListening(true);
        wait = options.retryMs ?? 1000;
        await ended;
      } catch {
        // Refused or lost while connecting: tried again below.
      }
      lost();
      await current.end().catch(() => undefined);
      if (closed) break;
      await delay(wait, undefined, { signal: stop.signal }).catch(() => undefined);
      wait = Math.min(wait * 2, MAX_RETRY_MS);
    }
  };
  const running = run();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      stop.abort();
      lost();
      await client?.end().catch(() => undefined);
      await running;
    },
  };
}
