import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
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
import {
  managedBinaries,
  managedPaths,
  removeDataDir,
  sessionMembers,
  startManagedPostgres,
  type ManagedPostgres,
} from '../src/db/managed-postgres.ts';
import { teams } from '../src/db/schema/teams.ts';
import { createOrganisation, createUser, freePort, signIn, type Client, type TestApp } from './harness.ts';

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
  await removeDataDir(dataDir);
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
    const bin = await managedBinaries();
    const owner = process.getuid?.() === 0 ? await postgresUser() : {};
    const { cluster, log } = managedPaths(dataDir);
    await run(bin.pg_ctl, ['restart', '-D', cluster, '-l', log, '-m', 'fast', '-w', '-s'], owner);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${base}/health`)).status);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.filter((s) => s !== 200).length).toBeLessThanOrEqual(1);
  });
});

/**
 * A bounded mixed load on one organisation while `fault` runs, then until every worker has been
 * answered normally again: each of `workers` creates a team and reads the list, in turn. Gives every
 * status seen and the names of the teams whose creation was acknowledged (201).
 */
async function underLoad(app: Pick<TestApp, 'database' | 'baseUrl'>, fault: () => Promise<void>, workers = 6) {
  const owner = await createUser(app as TestApp);
  const org = await createOrganisation(app as TestApp, owner);
  const client: Client = await signIn(app as TestApp, owner);
  const statuses: number[] = [];
  const acknowledged: string[] = [];
  let faultOver = false;
  let sequence = 0;
  const worker = async () => {
    // Until the fault is over and this worker has had a write and a read answered after it (bounded:
    // a failing fault must not leave workers running). Raw statuses: whatever a fault answers is counted.
    for (let healthyAfter = 0, round = 0; healthyAfter < 2 && round < 2000; round++) {
      const name = `Load team ${sequence++}`;
      const wasOver = faultOver;
      const created = await client.post(`organisation/${org.id}/teams`, { name, kind: 'team' });
      const listed = await client.get(`organisation/${org.id}/teams`);
      statuses.push(created.status, listed.status);
      if (created.status === 201) acknowledged.push(name);
      if (wasOver && created.status === 201 && listed.status === 200) healthyAfter++;
      if (!wasOver || created.status !== 201) await delay(20);
    }
  };
  const load = Promise.all(Array.from({ length: workers }, worker));
  await delay(200);
  try {
    await fault();
  } finally {
    faultOver = true;
    await load;
  }
  const stored = new Set(
    (await app.database.db.select({ name: teams.name }).from(teams)).map((row) => row.name).filter((n) => n.startsWith('Load team')),
  );
  return { statuses, acknowledged, stored };
}

describe('a database restart under load', () => {
  it(
    'the managed server restarted by its operator: 503s while it is down, then 2xx; no acknowledged write is lost',
    { timeout: 90_000 },
    async () => {
      const bin = await managedBinaries();
      const owner = process.getuid?.() === 0 ? await postgresUser() : {};
      const { cluster, log } = managedPaths(dataDir);
      const { statuses, acknowledged, stored } = await underLoad({ database, baseUrl: base.replace(/\/api\/v1$/, '') }, async () => {
        await run(bin.pg_ctl, ['restart', '-D', cluster, '-l', log, '-m', 'fast', '-w', '-s'], owner);
      });
      expect(new Set(statuses.filter((s) => ![200, 201].includes(s)))).toEqual(new Set(statuses.includes(503) ? [503] : []));
      expect(acknowledged.length).toBeGreaterThan(0);
      for (const name of acknowledged) expect(stored.has(name), name).toBe(true);
    },
  );

  it('the managed server killed: the app starts it again; no acknowledged write is lost', { timeout: 90_000 }, async () => {
    const { statuses, acknowledged, stored } = await underLoad({ database, baseUrl: base.replace(/\/api\/v1$/, '') }, async () => {
      const pid = await serverPid();
      process.kill(-pid, 'SIGKILL');
      while ((await sessionMembers(pid)) > 0) await delay(20);
      // A 503 asks for the server to be started again; this waits for that attempt.
      while ((await fetch(`${base}/health`)).status !== 200) await database.recover();
    });
    expect(statuses).toContain(503);
    expect(statuses.every((s) => [200, 201, 503].includes(s))).toBe(true);
    for (const name of acknowledged) expect(stored.has(name), name).toBe(true);
  });
});

describe('a DATABASE_URL server restarted under load', () => {
  let serverDir: string;
  let server: ManagedPostgres;
  let own: Database;
  let ownApp: FastifyInstance;
  let ownBase: string;
  beforeAll(async () => {
    // A server the app did not start: it only connects to its URL, as to an operator's server.
    serverDir = await mkdtemp(path.join(tmpdir(), 'hireloop-url-server-'));
    server = await startManagedPostgres({ dataDir: serverDir });
    const port = await freePort();
    own = await openDatabase({ databaseUrl: server.url });
    await own.migrate();
    ownApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(port), DATA_DIR: serverDir }),
      database: own,
    });
    await ownApp.listen({ host: '127.0.0.1', port });
    ownBase = `http://127.0.0.1:${port}`;
  }, 120_000);
  afterAll(async () => {
    await ownApp?.close();
    await own?.close();
    await server?.stop();
    await removeDataDir(serverDir);
  });

  it('503s while it is down, then 2xx within seconds; no acknowledged write is lost', { timeout: 90_000 }, async () => {
    const bin = await managedBinaries();
    const owner = process.getuid?.() === 0 ? await postgresUser() : {};
    const { cluster } = managedPaths(serverDir);
    const { statuses, acknowledged, stored } = await underLoad({ database: own, baseUrl: ownBase }, async () => {
      await run(bin.pg_ctl, ['stop', '-D', cluster, '-m', 'fast', '-w', '-s'], owner);
      // Down for a moment: requests meanwhile are refused with 503, not left hanging.
      const during = await fetch(`${ownBase}/api/v1/health`);
      expect(during.status).toBe(503);
      // Started again by its operator, with its own settings and on its port.
      expect(await server.revive()).toBe(true);
    });
    expect(statuses).toContain(503);
    expect(statuses.every((s) => [200, 201, 503].includes(s))).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const name of acknowledged) expect(stored.has(name), name).toBe(true);
  });
});

async function postgresUser() {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}
