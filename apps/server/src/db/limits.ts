/**
 * The defaults of PostgreSQL's limits on the app's connections (DATABASE_STATEMENT_TIMEOUT_MS,
 * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS; docs/architecture.md §3): a statement that runs longer
 * is cancelled, and a transaction left idle longer (a request waiting on something outside the
 * database while it holds a connection) has its connection ended, so no request holds a connection
 * of the pool for longer than that.
 */
export const DATABASE_LIMITS = { statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 15_000 } as const;
