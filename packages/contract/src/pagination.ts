import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './constants.ts';

export const pageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  /**
   * Present (true) when the list counts its matches only up to a cap (the organisation-wide
   * candidate search counts to 1,000): `total` is then that cap and reads "1,000+".
   */
  total_capped: z.literal(true).optional(),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** `?page=2&per_page=25&sort=-created_at&filter[name]=x` (qs-nested). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  sort: z.string().max(64).optional(),
  filter: z.record(z.string(), z.string().max(200)).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** `{ data: [...], meta: {...} }`, wrapped by the caller under its plural key. */
export const paged = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), meta: pageMeta });

/** A list's `sort`: one of `sorts`, `fallback` when absent; another value is refused naming the allowed ones. */
export const sortParam = <const S extends readonly [string, ...string[]]>(sorts: S, fallback: S[number]) =>
  z.enum(sorts, { error: `Sort by one of ${sorts.join(', ')}.` }).default(fallback);

/** A text `filter[…]`: trimmed; empty is no filter. */
export const filterText = () =>
  z
    .string()
    .max(200)
    .transform((v) => v.trim() || undefined)
    .optional();

/** A `filter[…]` naming one of `values` (trimmed; empty is no filter); another value is refused with `error`. */
export const filterChoice = <const V extends readonly [string, ...string[]]>(values: V, error: string) =>
  z
    .string()
    .max(200)
    .transform((v) => v.trim() || undefined)
    .pipe(z.enum(values, { error }).optional())
    .optional();
