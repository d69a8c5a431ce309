import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { teamOperations as ops, teamOperations } from '@hireloop/contract/operations/teams';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { authOperations } from '@hireloop/contract/operations/auth';
import { candidateImportOperations } from '@hireloop/contract/operations/candidate-imports';
import { candidateOperations } from '@hireloop/contract/operations/candidates';
import { onboardingOperations } from '@hireloop/contract/operations/onboardings';
import { organisationSettingsOperations } from '@hireloop/contract/operations/organisation-settings';
import { experienceLevelOperations } from '@hireloop/contract/operations/experience-levels';
import { operationPath, PATH_PARAM } from '@hireloop/contract/operations/path';
import { websiteOperations } from '@hireloop/contract/operations/website';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import {
  Client as HttpClient,
  createOrganisation,
  createUser,
  signIn,
  signInThroughIssuer,
  startTestApp,
  type Client,
  type TestApp,
} from './harness.ts';
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

describe('clients that stall while sending an upload', () => {
  /**
   * Starts a multipart upload that announces a large body, sends its first part and then nothing:
   * as a slow or hostile client would. Gives the request, to be destroyed at the end.
   */
  function stalledUpload(path: string, cookie: string, xsrf: string, answered?: number[]): ClientRequest {
    const boundary = 'stalled-upload-boundary';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="people.csv"\r\ncontent-type: text/csv\r\n\r\nname,email\r\n`;
    const url = new URL(`/api/v1/${path}`, t.baseUrl);
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        cookie,
        'x-xsrf-token': xsrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 100_000),
      },
    });
    request.on('error', () => undefined);
    request.on('response', (response) => answered?.push(response.statusCode ?? 0));
    request.write(head);
    return request;
  }

  it('more stalled uploads than the pool has connections hold none: another organisation reads, writes and signs in as usual', async () => {
    const newcomer = await createUser(t);
    const stallerOwner = await createUser(t);
    const stallerOrg = await createOrganisation(t, stallerOwner);
    const staller = await signIn(t, stallerOwner);
    const recruitment = (await (await seedPipeline(t, stallerOrg.id)).recruitment('Stalled')).id;
    const path = operationPath(candidateImportOperations.preview, { organisationId: stallerOrg.id, recruitment });
    const cookie = `hireloop_session=${staller.cookie('hireloop_session')}; XSRF-TOKEN=${staller.cookie('XSRF-TOKEN')}`;
    const xsrf = decodeURIComponent(staller.cookie('XSRF-TOKEN')!);
    // The write pool has 10 connections (db/client.ts).
    const stalled = Array.from({ length: 12 }, () => stalledUpload(path, cookie, xsrf));
    // And one on every other organisation route that takes an upload: each reads the body before its
    // first query, or the scope refuses the query (a 500, http/organisation-scope.ts).
    const answered: number[] = [];
    const uploads = [
      candidateImportOperations.start,
      candidateOperations.uploadFile,
      onboardingOperations.uploadDocumentFile,
      organisationSettingsOperations.uploadLogo,
      teamOperations.uploadLogo,
      websiteOperations.uploadLogo,
    ];
    for (const operation of uploads) {
      expect(operation.consumes).toEqual(['multipart/form-data']);
      const params = Object.fromEntries(
        [...operation.path.matchAll(PATH_PARAM)].map(([, name]) => [name, name === 'organisationId' ? stallerOrg.id : crypto.randomUUID()]),
      );
      stalled.push(stalledUpload(operationPath(operation, params as never), cookie, xsrf, answered));
    }
    try {
      // Every stalled request has reached its handler (which waits on the body) before the others go.
      for (;;) {
        const waiting = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
        );
        expect(waiting.rows[0]!.n).toBe(0);
        if (stalled.every((r) => r.socket?.bytesWritten)) break;
        await delay(10);
      }
      await delay(50);
      const [read, write, auth] = await Promise.all([
        callOperation(client, ops.list, { params: inOrg() }),
        callOperation(client, ops.create, { params: inOrg(), body: { name: 'Beside the stalls', kind: 'team' } }),
        callOperation(client, authOperations.get, { params: {} }),
      ]);
      expect([read.status, write.status, auth.status]).toEqual([200, 201, 200]);
      // A sign-in through the identity provider, start to finish, as well.
      const signedIn = await signInThroughIssuer(new HttpClient(t.baseUrl), { sub: newcomer.oidcSub });
      expect(signedIn.location).toMatch(/\/dashboard$|\/get-started/);
      expect(answered.filter((status) => status >= 500)).toEqual([]);
      // Nothing of the stalled requests holds a connection in a transaction.
      const held = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(held.rows[0]!.n).toBe(0);
    } finally {
      for (const request of stalled) request.destroy();
    }
  });
});

describe('a burst of slow reads', () => {
  it('fills the read pool only: writes and sign-in checks go on at once on their own connections', async () => {
    const statuses = await seedPipeline(t, org.id);
    const { candidate } = await seedCandidate(t, org.id, statuses.statuses[0]!.id);
    const addNote = (body: string) =>
      callOperation(client, candidateOperations.addNote, { params: { organisationId: org.id, candidate: candidate.id }, body: { body } });
    // Both pools open their connections first (a new connection is not what is measured here).
    await Promise.all([
      ...Array.from({ length: 14 }, () => callOperation(client, experienceLevelOperations.list, { params: inOrg() })),
      ...Array.from({ length: 6 }, (_, i) => addNote(`Warm-up ${i}`)),
    ]);
    await admin.query('begin; lock table experience_levels in access exclusive mode');
    let reads: Promise<{ status: number }>[];
    let pending = 14;
    try {
      // More reads than the read pool has connections (10), held by the lock: as slow as reads get.
      reads = Array.from({ length: 14 }, () =>
        callOperation(client, experienceLevelOperations.list, { params: inOrg() }).finally(() => pending--),
      );
      for (;;) {
        const waiting = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (waiting.rows[0]!.n >= 1) break;
        await delay(10);
      }
      const [note, auth] = await Promise.all([
        addNote('Written while the reads wait'),
        callOperation(client, authOperations.get, { params: {} }),
      ]);
      expect([note.status, auth.status]).toEqual([201, 200]);
      // Answered while every read still waited: the writes did not queue behind them.
      expect(pending).toBe(14);
    } finally {
      await admin.query('rollback');
    }
    // The reads were only slow: those that got a connection are answered once the lock goes; any
    // that waited longer than a connection may be waited for (5 s) was told to try again.
    const answered = (await Promise.all(reads)).map((r) => r.status);
    expect(answered.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
    expect(answered.every((s) => s === 200 || s === 503)).toBe(true);
  });
});
