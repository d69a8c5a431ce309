import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { teamOperations as ops } from '@hireloop/contract/operations/teams';
import pg from 'pg';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { callOperation, expectStatus } from './operations.ts';

/**
 * A connection PostgreSQL ends while a request holds it (a restart, a failover, pg_terminate_backend,
 * an idle-in-transaction timeout) costs that request a 503 and nothing else: the process stays up,
 * the broken connection is not handed out again, and the next request is answered.
 */
let t: TestApp;
let org: { id: string };
let client: Client;
/** The test's own connection to the app's database, as its owner: it takes locks and ends backends. */
let admin: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t);
  org = await createOrganisation(t, owner);
  client = await signIn(t, owner);
  admin = new pg.Client({ connectionString: t.databaseUrl });
  admin.on('error', () => undefined);
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

const inOrg = () => ({ organisationId: org.id });

/**
 * The backend of the app's that waits for the lock on `teams`, once it does. Its `query` may still
 * show the statement before (a statement waits for its locks while it is parsed, before it is shown).
 */
async function blockedBackend(): Promise<number> {
  for (;;) {
    const found = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (found.rows[0]) return found.rows[0].pid;
    await delay(10);
  }
}

/** Holds an exclusive lock on `teams` while `during` runs; the request it blocks is ended by `during`. */
async function withTeamsLocked<T>(during: () => Promise<T>): Promise<T> {
  await admin.query('begin; lock table teams in access exclusive mode');
  try {
    return await during();
  } finally {
    await admin.query('rollback');
  }
}

describe('a database connection ended under a request', () => {
  it('a write whose backend is terminated answers 503; the app goes on', async () => {
    const answer = await withTeamsLocked(async () => {
      const pending = callOperation(client, ops.create, { params: inOrg(), body: { name: 'Blocked team', kind: 'team' } });
      await admin.query('select pg_terminate_backend($1)', [await blockedBackend()]);
      return pending;
    });
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ message: ERROR_TEXTS.databaseUnavailable, code: 'unavailable' });
    // Nothing was stored, and the next write and read are answered on a working connection.
    const listed = await expectStatus(client, ops.list, 200, { params: inOrg() });
    expect(listed.teams.data.some((team) => team.name === 'Blocked team')).toBe(false);
    await expectStatus(client, ops.create, 201, { params: inOrg(), body: { name: 'After the fault', kind: 'team' } });
  });

  it('a read whose backend is terminated answers 503; the app goes on', async () => {
    const answer = await withTeamsLocked(async () => {
      const pending = callOperation(client, ops.list, { params: inOrg() });
      await admin.query('select pg_terminate_backend($1)', [await blockedBackend()]);
      return pending;
    });
    expect(answer.status).toBe(503);
    // Every connection of both pools is ended at once: each is replaced, none is handed out broken.
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    for (let i = 0; i < 25; i++) {
      const [read, write] = await Promise.all([
        callOperation(client, ops.list, { params: inOrg() }),
        callOperation(client, ops.create, { params: inOrg(), body: { name: `Team ${i}`, kind: 'team' } }),
      ]);
      // At most the first use of each idle connection finds it gone before the pool has heard.
      if (i > 0) {
        expect(read.status).toBe(200);
        expect(write.status).toBe(201);
      }
    }
    const listed = await expectStatus(client, ops.list, 200, { params: inOrg() });
    expect(listed.teams.data.some((team) => team.name === 'After the fault')).toBe(true);
  });
});
