import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { count, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Db } from '../src/db/client.ts';
import { seedDemo } from '../src/db/demo-seed.ts';
import { LegacyDataError, removeDataDir } from '../src/db/managed-postgres.ts';
import { candidates } from '../src/db/schema/candidates.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import * as outboxTables from '../src/db/schema/outbox.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/** `npm run db:import-pglite`, as a person runs it (the script, on this Node, in the repository). */
const importCommand = (dataDir: string) =>
  run(process.execPath, ['apps/server/scripts/import-pglite.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });

let dataDir: string;
let migrationsCopy: string | undefined;
let before: { organisations: number; candidates: number };

/**
 * The migrations of the PGlite versions: those before 0015 (row-level security came with PostgreSQL
 * only; its policies name the migrating role, which a PGlite dump would carry over). The import runs
 * the newer ones.
 */
const LAST_PGLITE_MIGRATION = 14;

async function pgliteMigrations(into: string): Promise<string> {
  await cp(migrationsFolder(), into, { recursive: true });
  migrationsCopy = into;
  const journalFile = path.join(into, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= LAST_PGLITE_MIGRATION);
  await writeFile(journalFile, JSON.stringify(journal));
  return into;
}

/** A DATA_DIR as the PGlite versions left it: migrated and seeded with the demo. */
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-import-'));
  const old = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm, btree_gin } });
  const db = drizzle(old);
  await migrate(db, { migrationsFolder: await pgliteMigrations(await mkdtemp(path.join(tmpdir(), 'hireloop-pglite-migrations-'))) });
  // Today's demo seed writes columns that came after the PGlite versions: they get them, empty (a
  // PGlite version's own seed would have left them out; the import copies what is there).
  for (const table of Object.values(outboxTables).filter((value) => is(value, PgTable))) {
    for (const column of getTableConfig(table).columns) {
      await db.execute(sql.raw(`alter table "${getTableName(table)}" add column if not exists "${column.name}" ${column.getSQLType()}`));
    }
  }
  await seedDemo(db as unknown as Db, { appUrl: 'http://localhost:3000' });
  before = {
    organisations: (await db.select({ n: count() }).from(organisations))[0]!.n,
    candidates: (await db.select({ n: count() }).from(candidates))[0]!.n,
  };
  await old.close();
}, 120_000);
afterAll(async () => {
  await removeDataDir(dataDir);
  if (migrationsCopy) await rm(migrationsCopy, { recursive: true, force: true });
});

describe('moving an earlier PGlite DATA_DIR into PostgreSQL', () => {
  it('start-up refuses the old folder, names the one command, and changes nothing', async () => {
    const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LegacyDataError);
    expect((error as Error).message).toContain(`${path.join(dataDir, 'pglite')} holds the database of an earlier Hireloop version`);
    expect((error as Error).message).toContain(`DATA_DIR=${dataDir} npm run db:import-pglite`);
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  });

  it('moves every row, keeps the old folder, and the app then starts on it', { timeout: 120_000 }, async () => {
    expect(before.candidates).toBeGreaterThan(0);
    const { stdout } = await importCommand(dataDir);
    expect(stdout).toMatch(/^hireloop: moved \d+ rows in \d+ tables from PGlite into PostgreSQL/);

    const kept = (await readdir(dataDir)).filter((name) => /^pglite-imported-\d{4}-\d{2}-\d{2}$/.test(name));
    expect(kept).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      const after = {
        organisations: (await database.db.select({ n: count() }).from(organisations))[0]!.n,
        candidates: (await database.db.select({ n: count() }).from(candidates))[0]!.n,
      };
      expect(after).toEqual(before);
      // The demo is there already: seeding again adds nothing.
      expect(await seedDemo(database.db)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('refuses to run twice or into a database that holds data, and says why', { timeout: 60_000 }, async () => {
    const nothing = await importCommand(dataDir).catch((e: { code: number; stderr: string }) => e);
    expect(nothing).toMatchObject({ code: 1 });
    expect((nothing as { stderr: string }).stderr).toContain('There is no earlier database to move');

    // The old folder put back beside the new database: nothing is merged, the folder stays as it was.
    const [kept] = (await readdir(dataDir)).filter((name) => name.startsWith('pglite-imported-'));
    await cp(path.join(dataDir, kept!), path.join(dataDir, 'pglite'), { recursive: true });
    const refused = await importCommand(dataDir).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain('already holds tables, so nothing was moved');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  });
});
