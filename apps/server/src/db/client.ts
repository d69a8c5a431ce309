import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DatabaseUnavailableError } from './errors.ts';
import { startManagedPostgres } from './managed-postgres.ts';
import { organisationTransactions, routingDb, type OrganisationTransactions } from './organisation-transaction.ts';

/** The database as repositories see it (Drizzle over node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  /** Queries go to the organisation transaction open in the caller's async context, else to the pool. */
  db: Db;
  /**
   * Runs `work` in one transaction as the role hireloop_app with the organisation set: row-level
   * security shows it only that organisation's rows (organisation-transaction.ts). Every
   * organisation-scoped request's handler runs in one.
   */
  inOrganisation: OrganisationTransactions;
  /** True when the app runs its own PostgreSQL server in DATA_DIR (no DATABASE_URL). */
  managed: boolean;
  /** The connection URL (with its password): a second app node or a tool opens the same database. */
  url: string;
  /** Applies pending SQL migrations. Idempotent. */
  migrate(): Promise<void>;
  /** Round-trips to the database (health check). */
  ping(): Promise<void>;
  /**
   * Called when the database could not be reached: the managed server is started again if it has
   * stopped (killed under the app). One attempt at a time; never throws. A DATABASE_URL server is
   * its operator's: the pool reconnects on its own once it is back.
   */
  recover(): Promise<void>;
  /** Closes the pool, and stops the managed server when this process started it. */
  close(): Promise<void>;
};

export { DatabaseUnavailableError };

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations sit beside this file in source, and beside the bundle in dist/. */
export function migrationsFolder(): string {
  return process.env.HIRELOOP_MIGRATIONS_DIR ?? path.resolve(here, 'migrations');
}

/**
 * One engine and one driver: PostgreSQL through `pg`. With DATABASE_URL, that server; without it,
 * a PostgreSQL server the app manages in DATA_DIR (managed-postgres.ts).
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir?: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { managed: false, poolSize: opts.poolSize });
  const server = await startManagedPostgres({ dataDir: opts.dataDir ?? './data' });
  try {
    return await openPostgres(server.url, { managed: true, poolSize: opts.poolSize, stop: server.stop, revive: server.revive });
  } catch (error) {
    await server.stop();
    throw error;
  }
}

type PoolOptions = {
  managed: boolean;
  poolSize?: number | undefined;
  stop?: () => Promise<void>;
  revive?: () => Promise<boolean>;
};

async function openPostgres(url: string, opts: PoolOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  // Organisation-scoped reads (GET) run here, on connections set up once as hireloop_app, read-only
  // (db/organisation-transaction.ts); never for anything else.
  const readPool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client whose connection the server ends (restart, failover) must not crash the process;
  // the pool drops it and the next query opens a new one.
  for (const each of [pool, readPool]) {
    each.on('error', (error) => process.stderr.write(`hireloop: idle PostgreSQL connection lost: ${error.message}\n`));
  }
  try {
    const conn = await pool.connect();
    conn.release();
  } catch (error) {
    await Promise.all([pool.end(), readPool.end()]).catch(() => undefined);
    const where = opts.managed ? 'the managed server' : safeUrl(url);
    throw new DatabaseUnavailableError(`PostgreSQL at ${where} is unreachable: ${(error as Error).message || String(error)}`);
  }
  const poolDb = drizzle(pool);
  const db = routingDb(poolDb, pool);
  let recovering: Promise<void> | undefined;
  const recover = () =>
    (recovering ??= (async () => {
      try {
        if (await opts.revive?.()) process.stderr.write('hireloop: the managed database server had stopped; it has been started again\n');
      } catch (error) {
        process.stderr.write(`hireloop: could not start the managed database server again: ${(error as Error).message}\n`);
      } finally {
        recovering = undefined;
      }
    })());
  return {
    db,
    inOrganisation: organisationTransactions(pool, readPool),
    managed: opts.managed,
    url,
    migrate: async () => {
      await migrate(poolDb, { migrationsFolder: migrationsFolder() });
    },
    ping: async () => {
      await pool.query('select 1');
    },
    recover,
    close: async () => {
      await Promise.all([pool.end(), readPool.end()]);
      await opts.stop?.();
    },
  };
}

/** The URL without its password, for error messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
