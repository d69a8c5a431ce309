import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column of the outer query, always written with its table: `"hires"."onboarding_id"`.
 *
 * Drizzle writes the columns of a one-table select without their table (`"onboarding_id"`), and
 * inside a raw subquery such a bare name binds to the inner table's column of the same name: the
 * correlation `h2.onboarding_id = "onboarding_id"` silently becomes true for every row of every
 * organisation. Every raw subquery names the outer columns it correlates on through this, and its
 * own tables through an alias.
 */
export function outer(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
