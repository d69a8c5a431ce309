import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { sharedStatementsDb } from './organisation-transaction.ts';

/**
 * A named prepared statement, built on first use and reused after: the hot queries (who is asking,
 * on every request; the lists) skip building their SQL, and PostgreSQL parses and plans each once
 * per connection (node-postgres keeps named statements per connection). Write its values as
 * `sql.placeholder(…)` and pass them to `execute`.
 *
 * A Drizzle prepared statement is bound to the handle it was built on. For the routing `Db`
 * repositories receive, that is one handle for the whole process (sharedStatementsDb), whose
 * queries go to the organisation transaction of the request that executes it, else to the pool: it
 * is built once. For a transaction of its own (`db.transaction(…)` outside a request), it is built
 * once per transaction.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    const target = sharedStatementsDb(db) ?? db;
    let statement = built.get(target);
    if (statement === undefined) {
      statement = build(target);
      built.set(target, statement);
    }
    return statement;
  };
}

/**
 * Statements of one family kept by key: `build` runs on the first call with a key (on the handle
 * the statement must be built on, as above), later calls with that key reuse what it built. For a
 * family whose shape is known only from a request (a search term's words).
 */
export function statementCache<T>(): (db: Db, key: string, build: (db: Db) => T) => T {
  const built = new WeakMap<Db, Map<string, T>>();
  return (db, key, build) => {
    const target = sharedStatementsDb(db) ?? db;
    let byKey = built.get(target);
    if (!byKey) built.set(target, (byKey = new Map()));
    let statement = byKey.get(key);
    if (statement === undefined) {
      statement = build(target);
      byKey.set(key, statement);
    }
    return statement;
  };
}

/** The same for a family of statements that differ in shape (a sort, an optional filter): one per key (and handle, as above). */
export function preparedPerDbAndKey<K extends string, T>(build: (db: Db, key: K) => T): (db: Db, key: K) => T {
  const cache = statementCache<T>();
  return (db, key) => cache(db, key, (target) => build(target, key));
}

/** Prepares a built query under a name from its SQL text (statementName). */
export function prepareNamed<P>(query: { prepare(name: string): P; toSQL(): { sql: string } }): P {
  return query.prepare(statementName(query.toSQL().sql));
}

/** `q_` and a digest of the SQL text: the name a shape's statement gets on every connection. */
export function statementName(sqlText: string): string {
  return `q_${createHash('sha256').update(sqlText).digest('base64url').slice(0, 24)}`;
}

/**
 * Runs a built query as a named prepared statement, named after its SQL text: PostgreSQL parses
 * and plans a hot query of varying shape (a list's filters and sort) once per connection and shape
 * instead of on every request (node-postgres skips the parse of a name it has prepared on that
 * connection). For the hot lists only: every shape stays prepared for the connection's life.
 *
 * Drizzle turns the query into SQL once, in `prepare`; the name, which must come from that SQL, is
 * set on the prepared query's node-postgres configs afterwards (drizzle-orm 0.45's
 * NodePgPreparedQuery keeps them in `queryConfig` and `rawQueryConfig`). Building the SQL a second
 * time, for `toSQL()`, cost as much as everything else Drizzle does for a list request.
 */
export function runPrepared<T>(
  query: { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> } },
  values?: Record<string, unknown>,
): Promise<T> {
  const prepared = query.prepare(UNNAMED) as unknown as NamedConfigs & { execute(values?: Record<string, unknown>): Promise<T> };
  const { queryConfig, rawQueryConfig } = prepared;
  if (queryConfig === undefined || rawQueryConfig === undefined) throw new Error('runPrepared: not a node-postgres prepared query');
  const name = statementName(queryConfig.text);
  queryConfig.name = name;
  rawQueryConfig.name = name;
  return prepared.execute(values);
}

const UNNAMED = 'q_unnamed';
type NamedConfigs = { queryConfig?: { name?: string; text: string }; rawQueryConfig?: { name?: string } };

/**
 * A LIMIT or OFFSET written into a prepared statement's text instead of bound as a parameter: the
 * generic plan PostgreSQL settles on after five runs cannot see a bound limit and plans for a tenth
 * of the rows (for the dashboard's latest 100 activities, a parallel scan of 15,830 whose workers
 * took 5 ms to start). Each value is a statement of its own: for a few fixed values from code only.
 */
export function literalCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`literalCount: ${n} is not a count`);
  // Drizzle writes an SQL object given as the limit or offset as it is (pg-core dialect: `limit ${limit}`).
  return sql.raw(String(n)) as unknown as number;
}
