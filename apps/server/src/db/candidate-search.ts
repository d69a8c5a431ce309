import { sql, type SQL } from 'drizzle-orm';
import { searchWords, typoEligible } from '../lib/search-words.ts';
import type { Db } from './client.ts';

/**
 * The SQL of the candidate search (docs/decisions/012-candidate-search.md), shared by the
 * organisation's people (features/candidates) and a recruitment's table (features/applications).
 * The columns and functions are migration 0016's: `search_name` (the name unaccented and
 * lower-cased), `name_vector` (the name's words), `search_vector` (the name's and the e-mail's
 * words), `hireloop_unaccent` and `hireloop_word_query`.
 */
export type CandidateSearch = {
  /** Every group of the term matches (a group's words in order): a tsquery. */
  query: SQL;
  /** The whole term as `search_name` holds a name: unaccented, lower-cased, spaces collapsed. */
  name: SQL;
  /** `search_name LIKE` this: names that begin with the term. */
  prefix: SQL;
  /** The term lower-cased: the e-mail it may be exactly. */
  email: SQL;
  /** Long enough for typo matching (similarity of trigrams). */
  typos: boolean;
  /**
   * The words are placeholders (`search_…`), filled in from `values` when the statement runs: terms of
   * the same shape (how many words each group has, e.g. `2.1`) share one prepared statement (db/prepared.ts).
   */
  shape: string;
  values: Record<string, string>;
  /** The term's words, lower-cased and unaccented as far as JavaScript can (for `hasCommonWord`). */
  words: string[];
};

/** At most this many matches are counted (and paged through): a larger total shows as this. */
export const SEARCH_MATCH_CAP = 1000;

/** A name matches a mistyped term when this share of the term's trigrams are in one of its words. */
export const TYPO_SIMILARITY = 0.4;

/** The search for a term; undefined when it has no letters or digits (nothing can match). */
export function candidateSearch(term: string): CandidateSearch | undefined {
  const groups = searchWords(term);
  if (groups.length === 0) return undefined;
  const values: Record<string, string> = {};
  let n = 0;
  const word = (w: string) => {
    const name = `search_w${n++}`;
    values[name] = w;
    return sql.placeholder(name);
  };
  // Parenthesised whole: `@@`, `&&` and `<->` share one precedence, left to right.
  const query = sql`(${sql.join(
    groups.map(
      (words) =>
        sql`(${sql.join(
          words.map((w) => sql`hireloop_word_query(${word(w)}::text)`),
          sql` <-> `,
        )})`,
    ),
    sql` && `,
  )})`;
  const whole = term.trim().replace(/\s+/g, ' ');
  values.search_term = whole;
  values.search_email = whole.toLowerCase();
  const name = sql`lower(hireloop_unaccent(${sql.placeholder('search_term')}::text))`;
  // LIKE's own wildcards in the term are escaped after unaccenting (which may turn a letter into several).
  const prefix = sql`(replace(replace(replace(${name}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
  return {
    query,
    name,
    prefix,
    email: sql`${sql.placeholder('search_email')}`,
    typos: typoEligible(groups),
    shape: groups.map((words) => words.length).join('.'),
    values,
    words: groups.flat().map(plainWord),
  };
}

/** A word as the index holds it, nearly: lower case, marks removed (the database's unaccent also maps letters such as ß and ø). */
const plainWord = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** `hireloop_word_query` matches words from this length by their beginning, shorter ones whole (migration 0016). */
const PREFIX_FROM = 3;

/**
 * Whether a word of the term matches a common lexeme (one the table's statistics show in a large
 * share of rows): the word itself, or, from PREFIX_FROM letters, a lexeme it begins. Such a term's
 * search is planned with its values (candidate_search_matches); any other runs on plans made once
 * (candidate_search_matches_planned, migration 0022). Either answers the same rows: a wrong guess
 * here costs time, never a result.
 */
export function hasCommonWord(words: readonly string[], common: readonly string[]): boolean {
  return words.some((word) => common.some((lexeme) => (word.length < PREFIX_FROM ? lexeme === word : lexeme.startsWith(word))));
}

/**
 * Runs `fn` in a transaction whose trigram word-similarity threshold is TYPO_SIMILARITY: the `<%`
 * operator and its GIN index read it from the session (pg_trgm.word_similarity_threshold).
 */
export function withTypoThreshold<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    return fn(tx);
  });
}
