import type { SelectOption } from '@hireloop/contract/roles';

export type SearchItem = { id: string; name: string };

export type CachedSearch<T extends SearchItem> = {
  /** A blank term returns the full list, fetched once and then served from memory (docs/product.md §6). */
  search(term: string): Promise<T[]>;
  /** Forget the full list, e.g. after creating or renaming an item. */
  invalidate(): void;
};

export type CachedSearchOptions = {
  /**
   * The cache belongs to this scope (e.g. the current organisation); when the value changes the
   * cached list is dropped, so one organisation's list is never shown in another.
   */
  scope?: () => unknown;
};

export function createCachedSearch<T extends SearchItem>(
  fetchAll: () => Promise<T[]>,
  fetchFiltered: (term: string) => Promise<T[]>,
  options: CachedSearchOptions = {},
): CachedSearch<T> {
  let cached: { scope: unknown; items: T[] } | null = null;
  // Shared by concurrent blank searches so a burst of them makes one request.
  let inFlight: { scope: unknown; promise: Promise<T[]> } | null = null;
  let generation = 0;

  function loadAll(scope: unknown): Promise<T[]> {
    if (inFlight && Object.is(inFlight.scope, scope)) return inFlight.promise;
    const startedIn = generation;
    const promise = fetchAll().then(
      (items) => {
        // A list requested before invalidate() may already be stale: hand it out, do not keep it.
        if (startedIn === generation) cached = { scope, items };
        if (inFlight?.promise === promise) inFlight = null;
        return items;
      },
      (error: unknown) => {
        if (inFlight?.promise === promise) inFlight = null;
        throw error;
      },
    );
    inFlight = { scope, promise };
    return promise;
  }

  return {
    async search(term: string): Promise<T[]> {
      const scope = options.scope?.();
      const trimmed = term.trim();
      if (trimmed !== '') return fetchFiltered(trimmed);
      if (cached && Object.is(cached.scope, scope)) return cached.items;
      return loadAll(scope);
    },
    invalidate(): void {
      generation += 1;
      cached = null;
      inFlight = null;
    },
  };
}

/** Selection-list options: the name is the label, the id the value (docs/product.md §6). */
export function toOptions(items: ReadonlyArray<SearchItem>): SelectOption[] {
  return items.map((item) => ({ label: item.name, value: item.id }));
}
