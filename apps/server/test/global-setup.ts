import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { runAdminStatement } from '../src/db/admin-sql.ts';
import { openDatabase } from '../src/db/client.ts';
import { removeDataDir, startManagedPostgres, type ManagedPostgres } from '../src/db/managed-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL on the tests' PostgreSQL server (its `postgres` database). */
    adminDatabaseUrl: string;
    /** The migrated database every test file's own database is cloned from. */
    templateDatabase: string;
  }
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * API tests run on real PostgreSQL, once: TEST_DATABASE_URL's server when it is set (CI: the
 * machine's), else a managed server as `npm start` runs it, in .cache/test-postgres/<run>. The
 * migrations run once, into a template database; each test file then gets its own database,
 * cloned from it (harness.ts), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let server: ManagedPostgres | undefined;
  let runDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    await removeLeftovers();
    // A server per run (about a second to initialise): two runs in one checkout never share one.
    runDir = path.join(RUNS, `${process.pid}-${randomBytes(3).toString('hex')}`);
    await mkdir(runDir, { recursive: true });
    await writeFile(path.join(runDir, 'owner.pid'), String(process.pid));
    server = await startManagedPostgres({ dataDir: runDir });
    adminUrl = server.urlFor('postgres');
  }
  // Unique per run: two runs (two checkouts) may share one server.
  const template = `hireloop_template_${randomBytes(5).toString('hex')}`;
  await runAdminStatement(adminUrl, `create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await runAdminStatement(adminUrl, `drop database if exists ${template} with (force)`);
    await server?.stop();
    if (runDir) await removeDataDir(runDir);
  };
}

const RUNS = path.join(repo, '.cache/test-postgres');

/** Servers of earlier runs that were killed before their teardown: stopped and removed. */
async function removeLeftovers() {
  const runs = await readdir(RUNS).catch(() => [] as string[]);
  for (const name of runs) {
    const dir = path.join(RUNS, name);
    const owner = Number(await readFile(path.join(dir, 'owner.pid'), 'utf8').catch(() => '0'));
    if (owner > 0 && isAlive(owner)) continue;
    // Its cluster too, when (as root) it is kept outside the run's folder.
    await removeDataDir(dir).catch(() => rm(dir, { recursive: true, force: true }));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
