import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A copy of `params` with each key of `patch` set, or removed where its value is null or empty. */
export function patchSearchParams(params: URLSearchParams, patch: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * A slide-over kept in the address as `?{key}=id`: the link that opens an item (keeping the other
 * parameters), and opening and closing it in place.
 */
export function useSearchParamPanel(key: string) {
  const [params, setParams] = useSearchParams();
  const linkOf = useCallback((id: string) => `?${patchSearchParams(params, { [key]: id }).toString()}`, [params, key]);
  const open = useCallback((id: string) => setParams((current) => patchSearchParams(current, { [key]: id })), [setParams, key]);
  const close = useCallback(() => setParams((current) => patchSearchParams(current, { [key]: null })), [setParams, key]);
  return { id: params.get(key), linkOf, open, close };
}
