import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './harness.ts';

/**
 * The real server process (`node apps/server/src/main.ts`: Node runs the TypeScript itself), as an operator runs it:
 * bad configuration ends it with one clear line, and SIGTERM stops it cleanly.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Generous for a loaded CI machine; a start that fails must still end on its own. */
const EXIT_BOUND_MS = 20_000;
const HEALTH_POLL_TRIES = 40;
const HEALTH_POLL_INTERVAL_MS = 750;
const SHUTDOWN_GRACE_MS = 5_000;
/**
 * oidc-provider flags its in-memory adapter in development: printed at import time, before any of
 * our code runs, so not part of what is asserted here. (Its unsupported-runtime warning is not
 * excused: the server runs on Node 24.)
 */
const OIDC_PROVIDER_WARNING = /^oidc-provider WARNING: a quick start development-only in-memory adapter/;

type Exit = { code: number | null; signal: NodeJS.Signals | null };

function startServer(env: Record<string, string>) {
  const startedAt = performance.now();
  // Only what is given: the test runner's own NODE_ENV / DATABASE_URL must not leak in.
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit & { ms: number }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, ms: performance.now() - startedAt })),
  );
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    /** Waits for the exit, but never longer than `ms`: past that the process is killed and the test fails. */
    async exit(ms: number) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`server did not exit within ${ms} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
        }, ms);
      });
      try {
        return await Promise.race([exited, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** stderr without oidc-provider's warnings. */
function ownLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line !== '' && !OIDC_PROVIDER_WARNING.test(line));
}

async function expectOneLineFailure(env: Record<string, string>, expected: RegExp) {
  const server = startServer(env);
  const exit = await server.exit(EXIT_BOUND_MS);
  expect(exit.code).not.toBe(0);
  expect(exit.code).not.toBeNull();
  expect(server.stderr()).not.toMatch(/^\s+at /m); // no stack trace
  const lines = ownLines(server.stderr());
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^hireloop: /);
  expect(lines[0]).toMatch(expected);
  expect(server.stdout()).toBe('');
}

describe('the server process refuses to start with one clear line', () => {
  it('names PostgreSQL as unreachable when DATABASE_URL points nowhere', async () => {
    await expectOneLineFailure(
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      /PostgreSQL at postgres:\/\/nobody@127\.0\.0\.1:1\/none is unreachable/,
    );
  });

  it('names PORT when it is not a number', async () => {
    await expectOneLineFailure({ PORT: 'abc' }, /^hireloop: Invalid configuration: PORT /);
  });

  it('names GOOGLE_CLIENT_ID in production without Google credentials', async () => {
    await expectOneLineFailure(
      { NODE_ENV: 'production', APP_URL: 'https://hire.example.com' },
      /GOOGLE_CLIENT_ID is required in production/,
    );
  });
});

describe('graceful shutdown', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('answers the request made just before SIGTERM, then exits 0 within the grace period', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-process-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = startServer({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: '0',
      SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
    });
    const health = `http://127.0.0.1:${port}/api/v1/health`;
    try {
      expect(await pollUntilHealthy(health, server.exited), `not healthy; stderr: ${server.stderr()}`).toBe(true);
      // The address to open is APP_URL (here its default): sign-in works there, not at the bind address.
      expect(server.stdout()).toContain(`Hireloop listening on http://localhost:${port}`);
      expect(server.stdout()).not.toContain(`listening at http://127.0.0.1:${port}`);

      // Keep-alive, as browsers do: the idle connection it leaves must not hold the shutdown up.
      const before = await fetch(health);
      expect(before.status).toBe(200);
      expect(await before.json()).toMatchObject({ status: 'ok', database: 'managed' });
      expect(server.child.kill('SIGTERM')).toBe(true);

      const exit = await server.exit(SHUTDOWN_GRACE_MS + 5_000);
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(server.stdout()).toContain('shutting down: finishing in-flight requests');
      expect(server.stdout()).not.toContain('shutdown grace period over');
      expect(ownLines(server.stderr())).toEqual([]);
      // The process runs on the project's Node.js (24 LTS), and says so when it is ready.
      expect(server.stdout()).toMatch(/"node":"v24\.\d+\.\d+".*"msg":"Hireloop is ready"/);
      await expect(fetch(health)).rejects.toThrow();
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  });
});

/** Polls the health route a bounded number of times; stops early if the process has died. */
async function pollUntilHealthy(url: string, exited: Promise<unknown>): Promise<boolean> {
  let dead = false;
  void exited.then(() => (dead = true));
  for (let attempt = 0; attempt < HEALTH_POLL_TRIES && !dead; attempt++) {
    const status = await fetch(url).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_INTERVAL_MS));
  }
  return false;
}
