import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { personMentionsPattern } from '../lib/person-mentions.ts';

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

/** The person erasure looks for in what others wrote (features/candidates/service.ts): their name, e-mail and phone. */
export type ErasedPerson = { id: string; name: string; email: string | null; phone?: string | null };

/** The ids of the candidate's applications, as a subquery (their traces in other features' tables). */
export const applicationsOfCandidate = (organisationId: string, candidateId: string) =>
  sql`(select a.id from applications a where a.organisation_id = ${organisationId} and a.candidate_id = ${candidateId})`;

/**
 * A text column with every mention of the person (each word of their name, their e-mail, their
 * phone, in any case: lib/person-mentions.ts) replaced by "[erased]": what colleagues wrote about them.
 */
export function withoutPerson(column: SQL, person: ErasedPerson): SQL {
  const pattern = personMentionsPattern(person);
  return pattern ? sql`regexp_replace(${column}, ${pattern}, '[erased]', 'gi')` : column;
}

/** Whether a text holds the person's e-mail address (rows written before they carried the candidate's id). */
export function mentionsAddress(text: SQL, person: ErasedPerson): SQL {
  const email = (person.email ?? '').toLowerCase();
  return sql`(${email} <> '' and position(${email} in lower(${text})) > 0)`;
}
