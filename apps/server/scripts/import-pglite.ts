// npm run db:import-pglite — moves the database of an earlier Hireloop version (PGlite, in
// DATA_DIR/pglite) into PostgreSQL: the managed server in DATA_DIR/postgres, or DATABASE_URL's.
// The old folder is kept, renamed, so that nothing is lost. See docs/decisions/010-managed-postgres.md.
import { importPglite } from '../src/db/import-pglite.ts';

try {
  const report = await importPglite({ dataDir: process.env.DATA_DIR ?? './data', databaseUrl: process.env.DATABASE_URL || undefined });
  process.stdout.write(
    `hireloop: moved ${report.rows} rows in ${report.tables} tables from PGlite into PostgreSQL (${report.target}). ` +
      `The old folder is kept as ${report.keptAs}. Start the app with: npm start\n`,
  );
} catch (error) {
  process.stderr.write(`hireloop: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
