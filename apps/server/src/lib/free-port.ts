import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The kernel's ephemeral range: where it picks the port of every `listen(0)` and the source port
 * of every outgoing connection (Linux: /proc/sys/net/ipv4/ip_local_port_range). Undefined where it
 * cannot be read.
 */
function ephemeralRange(): { low: number; high: number } | undefined {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && high ? { low, high } : undefined;
  } catch {
    return undefined;
  }
}

/** Free ports are picked here: below the ephemeral range, above the well-known and registered-by-habit ones. */
const LOWEST = 10_000;

const listenOnce = (port: number) =>
  new Promise<number | undefined>((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error),
    );
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });

/**
 * A port on 127.0.0.1 that was free a moment ago, for a server that must know its port before it
 * listens (its APP_URL, a managed database's settings). Picked at random outside the kernel's
 * ephemeral range: a port the kernel hands out itself (`listen(0)`) is also the next source port of
 * some outgoing connection, and one test's probed port was taken by another's database connection
 * before its app could listen on it (EADDRINUSE in CI).
 */
export async function freePort(): Promise<number> {
  const range = ephemeralRange();
  if (range && range.low > LOWEST + 1_000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = LOWEST + Math.floor(Math.random() * (range.low - LOWEST));
      const free = await listenOnce(port);
      if (free) return free;
    }
  }
  const any = await listenOnce(0);
  if (!any) throw new Error('no free port on 127.0.0.1');
  return any;
}
