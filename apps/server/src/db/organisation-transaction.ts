import { AsyncLocalStorage } from 'node:async_hooks';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
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
  /** False once the transaction has committed or rolled back: later calls go to the pool. */
  open: boolean;
  /** Work to start once the transaction has committed (dropped when it rolls back). */
  afterCommit: (() => void | Promise<void>)[];
};

const scopes = new AsyncLocalStorage<Scope>();

const openScope = () => {
  const scope = scopes.getStore();
  return scope?.open ? scope : undefined;
};

/**
 * The `Db` every repository receives: each call goes to the organisation transaction open in this
 * async context (the request's), else to the pool. Nested `db.transaction(…)` calls inside the
 * request's become savepoints.
 */
export function routingDb(pool: Db): Db {
  return new Proxy(pool, {
    get(target, property) {
      const db = openScope()?.tx ?? target;
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}

const FINISHED = 'The organisation transaction of this request has finished; the query was not run.';

/**
 * One pooled connection whose queries run one after another: queries a request starts together
 * (Promise.all) wait their turn instead of piling into pg's own queue (deprecated in pg 8). The
 * transaction's end waits for them too, and nothing queued after it reaches the connection, which
 * goes back to the pool.
 */
function serialConnection(client: pg.PoolClient) {
  let tail: Promise<unknown> = Promise.resolve();
  let ended = false;
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = tail.then(run);
    tail = next.catch(() => undefined);
    return next;
  };
  const query = (...args: unknown[]) =>
    inTurn(() => (ended ? Promise.reject(new Error(FINISHED)) : (client.query as (...a: unknown[]) => Promise<unknown>)(...args)));
  return {
    /** What the Drizzle session sees: only `query` is used on a transaction's client. */
    client: { query } as unknown as pg.PoolClient,
    /** COMMIT or ROLLBACK, after the queries already queued. */
    end: (statement: 'commit' | 'rollback') =>
      inTurn(() => {
        ended = true;
        return client.query(statement);
      }),
  };
}

export type OrganisationTransactions = <T>(organisationId: string, work: () => Promise<T>) => Promise<T>;

/**
 * Runs `work` in one transaction on one pooled connection, as `hireloop_app` with the organisation
 * set; every query of the routing `Db` inside it goes there. Commits when `work` resolves, rolls
 * back when it throws. BEGIN, the role and the organisation are one round trip; COMMIT another.
 */
export function organisationTransactions(pool: pg.Pool): OrganisationTransactions {
  const dialect = new PgDialect();
  return async <T>(organisationId: string, work: () => Promise<T>): Promise<T> => {
    // The id is spliced into the statement (one simple-protocol round trip): it must be a uuid.
    if (!isUuid(organisationId)) throw new Error('organisation transaction: not an organisation id');
    const current = openScope();
    if (current) {
      if (current.organisationId !== organisationId) throw new Error('organisation transaction: already in another organisation');
      return work();
    }
    const client = await pool.connect();
    const connection = serialConnection(client);
    let scope: Scope | undefined;
    /** Set when the connection cannot be trusted any more: it is closed, not reused. */
    let unusable: Error | undefined;
    let result: T;
    try {
      await client.query(
        `begin; set local role ${APP_ROLE}; select set_config('app.organisation_id', '${organisationId.toLowerCase()}', true)`,
      );
      const session = new NodePgSession(connection.client, dialect, undefined);
      scope = { organisationId, tx: new NodePgTransaction(dialect, session, undefined), open: true, afterCommit: [] };
      result = await scopes.run(scope, work);
      scope.open = false;
      await connection.end('commit');
    } catch (error) {
      if (scope) scope.open = false;
      // Also after a failed BEGIN or COMMIT (a transaction block may be left open); a warning at worst.
      await connection.end('rollback').catch((e: unknown) => {
        unusable = e instanceof Error ? e : new Error(String(e));
      });
      throw error;
    } finally {
      client.release(unusable);
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
