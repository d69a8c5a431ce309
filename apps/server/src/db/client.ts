import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** One type for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending SQL migrations. Idempotent. */
  migrate(): Promise<void>;
  /** Round-trips to the database (health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export class DatabaseUnavailableError extends Error {}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations sit beside this file in source, and beside the bundle in dist/. */
export function migrationsFolder(): string {
  return process.env.HIRELOOP_MIGRATIONS_DIR ?? path.resolve(here, 'migrations');
}

export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir?: string; inMemory?: boolean }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.inMemory ? undefined : (opts.dataDir ?? './data'));
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (dataDir) {
    const dir = path.resolve(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir, { extensions: { pg_trgm, btree_gin } });
  } else {
    client = new PGlite({ extensions: { pg_trgm, btree_gin } });
  }
  try {
    await client.waitReady;
  } catch (error) {
    throw new DatabaseUnavailableError(`Embedded database in ${dataDir ?? 'memory'} could not be opened: ${(error as Error).message}`);
  }
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client whose connection the server ends (restart, failover) must not crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', (error) => process.stderr.write(`hireloop: idle PostgreSQL connection lost: ${error.message}\n`));
  try {
    const conn = await pool.connect();
    conn.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const where = safeUrl(url);
    throw new DatabaseUnavailableError(`PostgreSQL at ${where} is unreachable: ${(error as Error).message || String(error)}`);
  }
  const db = drizzle(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migrate(drizzle(pool), { migrationsFolder: migrationsFolder() });
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
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
