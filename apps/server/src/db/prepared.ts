import type { Db } from './client.ts';

/**
 * A named prepared statement per database handle, built on first use and reused after: the hot
 * lookups (who is asking, on every request) skip building their SQL, and PostgreSQL parses and
 * plans each once per connection (node-postgres keeps named statements per connection).
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
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
  return (db, key) => {
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
