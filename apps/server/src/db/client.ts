import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DatabaseUnavailableError } from './errors.ts';
import { DATABASE_LIMITS } from './limits.ts';
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
  /**
   * Calls `listener` with what a committed organisation transaction of this process changed of
   * sessions and memberships (`s:{token hash}`, `u:{user id}`; migration 0024), before the request
   * that made the change is answered. Gives the function that stops it.
   */
  onAuthChanged(listener: (announcements: string[]) => void): () => void;
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
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { ...opts, managed: false });
  const server = await startManagedPostgres({ dataDir: opts.dataDir ?? './data' });
  try {
    return await openPostgres(server.url, { ...opts, managed: true, stop: server.stop, revive: server.revive });
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export type OpenOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /** Longest a statement of the app may run (PostgreSQL's statement_timeout); 0: no limit. */
  statementTimeoutMs?: number;
  /** Longest a transaction of the app may sit idle (idle_in_transaction_session_timeout); 0: no limit. */
  idleInTransactionTimeoutMs?: number;
};

type PoolOptions = OpenOptions & {
  managed: boolean;
  stop?: () => Promise<void>;
  revive?: () => Promise<boolean>;
};

async function openPostgres(url: string, opts: PoolOptions): Promise<Database> {
  const settings: pg.PoolConfig = {
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    // A connection to a server that vanished without a word (a network cut) is noticed and closed.
    keepAlive: true,
    // Set at connection start: a runaway query, or a transaction left open by a request that waits
    // on something else, ends on the server and frees its connection (docs/architecture.md §3).
    statement_timeout: opts.statementTimeoutMs ?? DATABASE_LIMITS.statementTimeoutMs,
    idle_in_transaction_session_timeout: opts.idleInTransactionTimeoutMs ?? DATABASE_LIMITS.idleInTransactionTimeoutMs,
  };
  const pool = guarded(new pg.Pool(settings), 'write');
  // Organisation-scoped reads (GET) run here, on connections set up once as hireloop_app, read-only
  // (db/organisation-transaction.ts); never for anything else.
  const readPool = guarded(new pg.Pool(settings), 'read');
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
  const authListeners = new Set<(announcements: string[]) => void>();
  return {
    db,
    inOrganisation: organisationTransactions(pool, readPool, {
      authChanged: (announcements) => {
        for (const listener of authListeners) listener(announcements);
      },
    }),
    onAuthChanged: (listener) => {
      authListeners.add(listener);
      return () => authListeners.delete(listener);
    },
    managed: opts.managed,
    url,
    migrate: async () => {
      // On a connection of its own, without the app's time limits: a migration may take minutes.
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.end().catch(() => undefined);
      }
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

/**
 * Every client of `pool` listens for 'error' from its first connection to its end. pg-pool listens
 * only while a client is idle: a checked-out client whose connection the server ends (a restart, a
 * failover, `pg_terminate_backend`, an idle-in-transaction timeout) or whose socket breaks (EPIPE)
 * would emit an 'error' nobody hears, and that ends the process. Heard here, the error costs only
 * the queries on that connection: they fail (a 503 for a request, http/errors.ts), and the pool
 * closes the client when it comes back instead of handing it out again (it is no longer queryable).
 */
function guarded(pool: pg.Pool, name: string): pg.Pool {
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      if (reported) return;
      reported = true;
      process.stderr.write(`hireloop: a ${name} connection to PostgreSQL was lost: ${error.message}\n`);
    });
  });
  // pg-pool re-emits an idle client's error on the pool: heard above already.
  pool.on('error', () => undefined);
  return pool;
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
