import { AsyncLocalStorage } from 'node:async_hooks';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { isUuid } from '../lib/ids.ts';

/** client.ts's `Db` (repeated here: client.ts builds on this module). */
type Db = PgDatabase<PgQueryResultHKT>;

/**
 * Organisation-scoped requests run in one transaction as the role `hireloop_app`, with their
 * organisation in `app.organisation_id`: row-level security (migration 0015) then shows and accepts
 * only that organisation's rows (docs/decisions/011-row-level-security.md).
 */
export const APP_ROLE = 'hireloop_app';

type Scope = {
  organisationId: string;
  tx: Db;
  /** The request connection's `query` (its transaction, opened at the first query): where shared prepared statements go. */
  query: (...args: unknown[]) => Promise<unknown>;
  /** False once the transaction has committed or rolled back: later calls go to the pool. */
  open: boolean;
  /** Work to start once the transaction has committed (dropped when it rolls back). */
  afterCommit: (() => void | Promise<void>)[];
  /** Work to start if the transaction rolls back (its work threw, or its COMMIT failed). */
  afterRollback: (() => void | Promise<void>)[];
};

const scopes = new AsyncLocalStorage<Scope>();

const openScope = () => {
  const scope = scopes.getStore();
  return scope?.open ? scope : undefined;
};

const TARGET = Symbol('the handle a routing Db sends this call to');
const STATEMENTS = Symbol('the Db that prepared statements shared by every request are built on');

/**
 * The handle a `Db` stands for now: the organisation transaction open in this async context, else
 * the pool; any other `Db` (a transaction) is itself.
 */
export function currentTarget(db: Db): Db {
  return ((db as unknown as Record<symbol, Db | undefined>)[TARGET] ?? db) as Db;
}

/**
 * Where a prepared statement that outlives the request may be built (db/prepared.ts): for the
 * routing `Db`, a Drizzle handle on a client whose `query` goes, at each execution, to the
 * organisation transaction open in that async context, else to the pool, so one statement serves
 * every request; for any other `Db` (a transaction of its own), undefined: a statement built on it
 * is bound to it.
 */
export function sharedStatementsDb(db: Db): Db | undefined {
  return (db as unknown as Record<symbol, Db | undefined>)[STATEMENTS];
}

/**
 * The `Db` every repository receives: each call goes to the organisation transaction open in this
 * async context (the request's), else to the pool. Nested `db.transaction(…)` calls inside the
 * request's become savepoints.
 */
export function routingDb(pool: Db, pgPool: pg.Pool): Db {
  const routingClient = {
    query: (...args: unknown[]) => {
      const scope = openScope();
      return scope ? scope.query(...args) : (pgPool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    },
  };
  const dialect = new PgDialect();
  const statements = new NodePgDatabase(
    dialect,
    new NodePgSession(routingClient as unknown as pg.Pool, dialect, undefined),
    undefined,
  ) as Db;
  return new Proxy(pool, {
    get(target, property) {
      if (property === STATEMENTS) return statements;
      const db = openScope()?.tx ?? target;
      if (property === TARGET) return db;
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}

const FINISHED = 'The organisation transaction of this request has finished; the query was not run.';

/**
 * A write's COMMIT, with what its transaction announced of sessions and memberships (migration
 * 0024's `hireloop.auth_changes`, one announcement a line) read just before it, in one round trip.
 */
const COMMIT_READING_AUTH_CHANGES = "select current_setting('hireloop.auth_changes', true) as changes; commit";

/**
 * The organisation each connection of a read pool is set to (session-level), once it has been set
 * up: role `hireloop_app`, read-only by default, `app.organisation_id`.
 */
const readConnectionOrganisation = new WeakMap<pg.PoolClient, string>();

/**
 * How a request's connection is opened. A write transaction: BEGIN, the role and the organisation
 * for the transaction only (`set local`, `set_config(…, true)`), in one round trip, and COMMIT or
 * ROLLBACK at the end. A read: a connection of the read pool, which is `hireloop_app` and read-only
 * for its whole life and keeps the organisation it was last set to, so a read in the same
 * organisation as the connection's last one costs no round trip before its query and none after
 * (docs/decisions/016-read-connections.md).
 */
type Opening = { pool: pg.Pool; read: boolean; mayConnect?: (() => void) | undefined };

async function openConnection(opening: Opening, organisationId: string): Promise<pg.PoolClient> {
  opening.mayConnect?.();
  const taken = await opening.pool.connect();
  try {
    if (opening.read) {
      const current = readConnectionOrganisation.get(taken);
      if (current !== organisationId) {
        // Forget it first: a failure below leaves the connection in no known state, and it is closed.
        readConnectionOrganisation.delete(taken);
        // The id is spliced into the statement (one simple-protocol round trip): it is a checked uuid.
        await taken.query(
          `${current === undefined ? `set role ${APP_ROLE}; set default_transaction_read_only = on; ` : ''}select set_config('app.organisation_id', '${organisationId}', false)`,
        );
        readConnectionOrganisation.set(taken, organisationId);
      }
    } else {
      await taken.query(`begin; set local role ${APP_ROLE}; select set_config('app.organisation_id', '${organisationId}', true)`);
    }
  } catch (error) {
    // A failed SET leaves an aborted transaction block or an unknown role or organisation: never hand that connection out again.
    taken.release(error instanceof Error ? error : true);
    throw error;
  }
  return taken;
}

/**
 * The request's connection, taken from the pool at its first query (a handler that reads an upload
 * or refuses its input first holds none meanwhile), which also sets it up (`openConnection`). Its
 * queries run one after another: queries a request starts together (Promise.all) wait their turn
 * instead of piling into pg's own queue (deprecated in pg 8). The end waits for them too, and
 * nothing queued after it reaches the connection, which goes back to the pool.
 */
function requestConnection(opening: Opening, organisationId: string) {
  let connecting: Promise<pg.PoolClient> | undefined;
  let client: pg.PoolClient | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  let ended = false;
  const open = () =>
    (connecting ??= openConnection(opening, organisationId).then((taken) => {
      client = taken;
      return taken;
    }));
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = tail.then(run);
    tail = next.catch(() => undefined);
    return next;
  };
  const query = (...args: unknown[]) =>
    inTurn(async () => {
      if (ended) throw new Error(FINISHED);
      const taken = await open();
      return (taken.query as (...a: unknown[]) => Promise<unknown>)(...args);
    });
  return {
    /** What the Drizzle session sees: only `query` is used on a transaction's client. */
    client: { query } as unknown as pg.PoolClient,
    query,
    /**
     * COMMIT or ROLLBACK, after the queries already queued; nothing when no query ever ran. A read
     * connection has no transaction of the request's to commit: it only waits for the queries. A
     * read that failed still sends ROLLBACK, in case it failed inside a `db.transaction(…)` of its
     * own whose block is still open (outside one, PostgreSQL only warns).
     */
    end: (statement: 'commit' | 'rollback') =>
      inTurn(async (): Promise<string[]> => {
        ended = true;
        if (!client || (opening.read && statement === 'commit')) return [];
        if (statement === 'rollback') {
          await client.query(statement);
          return [];
        }
        // What the transaction changed of who may do what, read in the COMMIT's round trip.
        const [changes] = (await client.query(COMMIT_READING_AUTH_CHANGES)) as unknown as [pg.QueryResult<{ changes: string | null }>];
        return (changes.rows[0]?.changes ?? '').split('\n').filter((line) => line !== '');
      }),
    /** Back to the pool; destroyed when `unusable` says it cannot be trusted. */
    release(unusable?: Error) {
      client?.release(unusable);
      client = undefined;
    },
  };
}

export type OrganisationTransactionOptions = {
  /**
   * The request only reads (GET): its queries go to a connection of the read pool, which is
   * read-only (PostgreSQL refuses any write on it) and has no transaction of the request's to open
   * or commit (`Opening`). Each query sees what was committed when it started, as in a READ
   * COMMITTED transaction.
   */
  readOnly?: boolean;
  /**
   * Called before the connection is taken, at the first query: throws to refuse it. The HTTP layer
   * refuses a connection to a request whose body has not arrived yet (http/organisation-scope.ts),
   * so no connection waits on a client.
   */
  mayConnect?: () => void;
};

export type OrganisationTransactions = <T>(
  organisationId: string,
  work: () => Promise<T>,
  options?: OrganisationTransactionOptions,
) => Promise<T>;

/**
 * Runs `work` on one pooled connection as `hireloop_app` with the organisation set; every query of
 * the routing `Db` inside it goes there. A write runs in one transaction of `pool`'s: committed when
 * `work` resolves, rolled back when it throws; two round trips at most besides its queries (BEGIN
 * with the role and the organisation, before the first query; COMMIT). A read (`readOnly`) runs on
 * a connection of `readPool`: no round trip besides its queries when the connection was last set
 * to the same organisation, one otherwise. Nested `db.transaction(…)` calls become savepoints of a
 * write's transaction, and transactions of their own (read-only) in a read.
 */
export function organisationTransactions(
  pool: pg.Pool,
  readPool: pg.Pool,
  hooks: { authChanged?: (announcements: string[]) => void } = {},
): OrganisationTransactions {
  const dialect = new PgDialect();
  return async <T>(organisationId: string, work: () => Promise<T>, options: OrganisationTransactionOptions = {}): Promise<T> => {
    const read = options.readOnly === true;
    if (!isUuid(organisationId)) throw new Error('organisation transaction: not an organisation id');
    const current = openScope();
    if (current) {
      if (current.organisationId !== organisationId) throw new Error('organisation transaction: already in another organisation');
      return work();
    }
    const connection = requestConnection(
      { pool: read ? readPool : pool, read, mayConnect: options.mayConnect },
      organisationId.toLowerCase(),
    );
    const session = new NodePgSession(connection.client, dialect, undefined);
    const scope: Scope = {
      organisationId,
      tx: read ? (new NodePgDatabase(dialect, session, undefined) as Db) : new NodePgTransaction(dialect, session, undefined),
      query: connection.query,
      open: true,
      afterCommit: [],
      afterRollback: [],
    };
    /** Set when the connection cannot be trusted any more: it is closed, not reused. */
    let unusable: Error | undefined;
    let result: T;
    try {
      result = await scopes.run(scope, work);
      scope.open = false;
      const announced = await connection.end('commit');
      // Before the reply: this node forgets what the change made stale without waiting for
      // PostgreSQL's notification of it (docs/decisions/015-who-is-asking-remembered.md).
      if (announced.length > 0) {
        try {
          hooks.authChanged?.(announced);
        } catch {
          // Forgetting is a courtesy to the cache: the notification still reaches it.
        }
      }
    } catch (error) {
      scope.open = false;
      // Also after a failed COMMIT (a transaction block may be left open); a warning at worst.
      await connection.end('rollback').catch((e: unknown) => {
        unusable = e instanceof Error ? e : new Error(String(e));
      });
      await Promise.allSettled(scope.afterRollback.map((then) => scopes.exit(async () => then())));
      throw error;
    } finally {
      connection.release(unusable);
    }
    // Outside the request's context: what starts now must not find the finished transaction.
    // What it returns is waited for (each handles its own errors; a failure here cannot undo the commit).
    await Promise.allSettled(scope.afterCommit.map((then) => scopes.exit(async () => then())));
    return result;
  };
}

/**
 * Runs `then` once the organisation transaction of this context has committed (never if it rolls
 * back), outside it; at once when there is none. For what must see the committed change from
 * another connection, or must not happen if it rolls back: background work, removing replaced
 * files' bytes, cache invalidation, waking a worker. The request's reply waits for what it returns.
 */
export function afterCommit(then: () => void | Promise<void>): Promise<void> {
  const scope = openScope();
  if (!scope) return Promise.resolve(then());
  scope.afterCommit.push(then);
  return Promise.resolve();
}

/**
 * Runs `then` if the organisation transaction of this context rolls back, because its work threw
 * or because its COMMIT failed, outside it; never when it commits. Outside a transaction it does
 * nothing (the caller's own error handling is all there is). For undoing what cannot join the
 * transaction: bytes already written to the file store (features/files/service.ts).
 */
export function afterRollback(then: () => void | Promise<void>): void {
  openScope()?.afterRollback.push(then);
}

/**
 * Runs `work` outside the organisation transaction of this context: its queries go to the pool (or
 * to an `inOrganisation` of its own). For work a request starts but does not wait for, or that
 * spans organisations: the careers site's cache rebuilds and page-view counts
 * (features/careers/), which would otherwise land in, or outlive, the request's transaction.
 */
export function outsideOrganisationTransaction<T>(work: () => T): T {
  return scopes.exit(work);
}
