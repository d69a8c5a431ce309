import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const listen = (port: number) =>
  new Promise<() => Promise<void>>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(() => new Promise((done) => server.close(() => done()))));
  });

describe('freePort', () => {
  it('gives a port a server can then listen on', async () => {
    const port = await freePort();
    const close = await listen(port);
    await close();
  });

  it('stays out of the range the kernel hands out for listen(0) and outgoing connections', async () => {
    let low: number | undefined;
    try {
      low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    } catch {
      return; // not Linux: any free port is all it promises
    }
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(low);
  });
});
