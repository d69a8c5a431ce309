import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { runAdminStatement } from '../../apps/server/src/db/admin-sql.ts';
import { firstJsonLine, freePort, startChild, stopChild, type Child } from './processes.ts';

/** Where a bench server runs: the managed PostgreSQL server in a scratch DATA_DIR, or a fresh database on a PostgreSQL server. */
export type BenchDatabase = { label: string; dataDir: string; postgresUrl?: string };

/** Creates a throw-away database on the server; `drop` removes it again (forcing out leftover connections). */
async function scratchPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hireloop_bench_${randomBytes(4).toString('hex')}`;
  const run = (statement: string) => runAdminStatement(serverUrl, statement);
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Starts `bench/<script>` (the real app plus its seed, run from source) on the database, waits for
 * the one JSON line it prints once listening, checks it with `isInfo`, runs `measure`, and always
 * stops the process and drops the scratch database afterwards.
 */
export async function withBenchServer<Info, T>(opts: {
  root: string;
  script: string;
  where: BenchDatabase;
  env: (port: number, dataDir: string) => NodeJS.ProcessEnv;
  isInfo: (value: unknown) => value is Info;
  startTimeoutMs: number;
  measure: (info: Info) => Promise<T>;
}): Promise<T> {
  let child: Child | undefined;
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  try {
    const port = await freePort();
    const env = opts.env(port, opts.where.dataDir);
    if (opts.where.postgresUrl) {
      scratch = await scratchPostgres(opts.where.postgresUrl);
      env.DATABASE_URL = scratch.url;
    }
    child = startChild(process.execPath, [path.join(opts.root, 'bench', opts.script)], { cwd: opts.root, env });
    const info = await firstJsonLine(child, opts.startTimeoutMs);
    if (!opts.isInfo(info)) throw new Error(`unexpected line from ${opts.script}: ${JSON.stringify(info)}`);
    return await opts.measure(info);
  } finally {
    if (child) await stopChild(child);
    if (scratch) await scratch.drop().catch(() => undefined);
  }
}
