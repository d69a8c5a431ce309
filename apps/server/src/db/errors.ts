/** The database cannot be reached or started: the process ends with this one message. */
export class DatabaseUnavailableError extends Error {}

type PgError = { code?: string; constraint?: string };

/** The PostgreSQL error itself: node-postgres throws it, Drizzle wraps it in `cause`. */
function pgErrorWithCode(error: unknown, code: string): PgError | undefined {
  const e = error as (PgError & { cause?: PgError }) | null | undefined;
  if (e?.code === code) return e;
  if (e?.cause?.code === code) return e.cause;
  return undefined;
}

/**
 * Whether `error` is a unique violation (SQLSTATE 23505), directly or as Drizzle's `cause`.
 * With `constraint`, only a violation of that index counts (an error that names no constraint
 * still does).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgErrorWithCode(error, '23505');
  if (!e) return false;
  return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
}
