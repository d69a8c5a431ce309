import type { PageMeta } from '@hireloop/contract/pagination';

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

/** A page's meta; `capped` says the total is a cap, not a count (PageMeta's `total_capped`). */
export const pageMeta = (page: number, perPage: number, total: number, capped = false): PageMeta => ({
  page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  ...(capped ? { total_capped: true as const } : {}),
});

/** `%term%` for ILIKE with the term's own wildcards escaped. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page's total, counted only when the page cannot tell it: a page that is not full is the last one,
 * so the total is the rows before it and its own (a first page of 6 roles: 6). Only a full page, or an
 * empty page after the first, runs `count`. Each statement is a round trip to PostgreSQL, and most of
 * an organisation's settings lists fit one page.
 */
export async function totalOf(page: number, perPage: number, rowsOnPage: number, count: () => Promise<number>): Promise<number> {
  if (rowsOnPage < perPage && (rowsOnPage > 0 || page === 1)) return offsetOf(page, perPage) + rowsOnPage;
  return count();
}
