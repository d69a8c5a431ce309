import { createHash } from 'node:crypto';
import type { Db } from './client.ts';
import { currentTarget } from './organisation-transaction.ts';

/**
 * A named prepared statement per database handle, built on first use and reused after: the hot
 * lookups (who is asking, on every request) skip building their SQL, and PostgreSQL parses and
 * plans each once per connection (node-postgres keeps named statements per connection). A Drizzle
 * prepared statement is bound to the handle it was built on, so it is built per handle the call
 * really goes to (currentTarget): the pool once, an organisation-scoped request's transaction once
 * per request.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (routed) => {
    const db = currentTarget(routed);
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** The same for a family of statements that differ in shape (a sort, an optional filter): one per database handle and key. */
export function preparedPerDbAndKey<K extends string, T>(build: (db: Db, key: K) => T): (db: Db, key: K) => T {
  const built = new WeakMap<Db, Map<K, T>>();
  return (routed, key) => {
    const db = currentTarget(routed);
    let byKey = built.get(db);
    if (!byKey) built.set(db, (byKey = new Map()));
    let statement = byKey.get(key);
    if (statement === undefined) {
      statement = build(db, key);
      byKey.set(key, statement);
    }
    return statement;
  };
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
export function runPrepared<T>(query: { prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  const prepared = query.prepare(UNNAMED) as unknown as NamedConfigs & { execute(): Promise<T> };
  const { queryConfig, rawQueryConfig } = prepared;
  if (queryConfig === undefined || rawQueryConfig === undefined) throw new Error('runPrepared: not a node-postgres prepared query');
  const name = `q_${createHash('sha256').update(queryConfig.text).digest('base64url').slice(0, 24)}`;
  queryConfig.name = name;
  rawQueryConfig.name = name;
  return prepared.execute();
}

const UNNAMED = 'q_unnamed';
type NamedConfigs = { queryConfig?: { name?: string; text: string }; rawQueryConfig?: { name?: string } };
