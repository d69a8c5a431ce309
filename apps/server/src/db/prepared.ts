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
