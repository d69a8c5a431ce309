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
