import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase } from './client.ts';
import { managedPaths, startManagedPostgres } from './managed-postgres.ts';

export type ImportReport = { tables: number; rows: number; target: string; keptAs: string };

/**
 * Moves a PGlite database (DATA_DIR/pglite, written by Hireloop versions before the managed
 * PostgreSQL server) into PostgreSQL. PGlite's own pg_dump writes it out as SQL; that SQL is
 * replayed in one transaction into an empty database, whose pending migrations then run. The
 * target must be empty (nothing is ever merged or overwritten), and the old folder is renamed,
 * never deleted.
 */
export async function importPglite(options: { dataDir: string; databaseUrl?: string | undefined; now?: Date }): Promise<ImportReport> {
  const paths = managedPaths(options.dataDir);
  if (!existsSync(paths.legacy)) throw new Error(`There is no earlier database to move: ${paths.legacy} does not exist.`);

  const sql = await dumpPglite(paths.legacy);

  const server = options.databaseUrl ? null : await startManagedPostgres({ dataDir: options.dataDir, allowLegacy: true });
  const url = options.databaseUrl ?? server!.url;
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const existing = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      if ((existing.rows[0]?.n ?? 0) > 0)
        throw new Error(
          `The target database already holds tables, so nothing was moved (the PGlite folder is untouched). Use an empty database${options.databaseUrl ? ' in DATABASE_URL' : `, or move ${paths.cluster} aside first`}.`,
        );
      // One simple-protocol query: all of it in one implicit transaction, or none of it.
      await client.query(sql);
    } finally {
      await client.end();
    }
    const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    const counted = await countRows(url);
    const keptAs = `${paths.legacy}-imported-${(options.now ?? new Date()).toISOString().slice(0, 10)}`;
    await rename(paths.legacy, keptAs);
    return { ...counted, target: server ? managedPaths(options.dataDir).cluster : 'DATABASE_URL', keptAs };
  } finally {
    await server?.stop();
  }
}

/** The whole PGlite database as SQL (plain INSERTs, so that `pg` can replay it without COPY). */
async function dumpPglite(dir: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  let source: InstanceType<typeof PGlite>;
  try {
    source = new PGlite(dir, { extensions: { pg_trgm, btree_gin } });
    await source.waitReady;
  } catch (error) {
    throw new Error(`The PGlite database in ${dir} could not be opened (${(error as Error).message}); it is untouched.`, { cause: error });
  }
  try {
    const file = await pgDump({ pg: source, args: ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=500'] });
    return await file.text();
  } finally {
    await source.close();
  }
}

async function countRows(url: string): Promise<{ tables: number; rows: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schemaname: string; tablename: string }>(
      `select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
    );
    let rows = 0;
    for (const t of tables.rows) {
      const counted = await client.query<{ n: number }>(
        `select count(*)::int as n from ${client.escapeIdentifier(t.schemaname)}.${client.escapeIdentifier(t.tablename)}`,
      );
      rows += counted.rows[0]?.n ?? 0;
    }
    return { tables: tables.rowCount ?? 0, rows };
  } finally {
    await client.end();
  }
}
