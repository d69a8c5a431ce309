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
