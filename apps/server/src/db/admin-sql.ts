import pg from 'pg';

/**
 * Runs one statement on its own connection, closed afterwards: for what cannot run in a pool's
 * transaction, such as `create database` and `drop database` (tests, bench, tools).
 */
export async function runAdminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A connection the server ends fails the statement; unheard, its 'error' would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
