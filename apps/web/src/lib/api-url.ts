import qs from 'qs';
import { apiPath } from './api-path.ts';

/**
 * `/api/v1/{path}?{query}`; nulls are skipped and objects nest as `name[key]` (docs/product.md §7).
 * A module of its own so that qs (with its dependencies, ~16 kB gzipped) stays out of the
 * bundle /login loads: api-client.ts imports it on the first call that has a query.
 */
export function buildUrl(path: string, query?: Record<string, unknown>): string {
  const url = apiPath(path);
  const search = query ? qs.stringify(query, { skipNulls: true }) : '';
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}
