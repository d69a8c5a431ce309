import type { PageMeta } from '@hireloop/contract/pagination';

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

export const pageMeta = (page: number, perPage: number, total: number): PageMeta => ({
  page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** `%term%` for ILIKE with the term's own wildcards escaped. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
