import { afterCommit } from '../../db/organisation-transaction.ts';

/**
 * The careers site's in-memory cache: one entry per organisation (its site, its live roles and
 * their rendered pages), built from the database at most once per TTL. A stale entry is still
 * served while one rebuild runs in the background, so a visitor never waits for the database once
 * a site is warm. Settings and role changes call `invalidateCareersSite` to drop an entry at once;
 * the short TTL covers everything else (and other app nodes).
 */

type Entry<T> = {
  value: Promise<T>;
  settled: T | undefined;
  /** When the value was built (or last confirmed current). */
  builtAt: number;
  /** When it was built from scratch. */
  bornAt: number;
  refreshing: boolean;
};

export type SiteCacheOptions<T> = {
  ttlMs: number;
  maxEntries: number;
  /** Past the TTL but within this age, `revalidate` may confirm the value instead of rebuilding it. */
  maxAgeMs?: number;
  /** A cheap check that the value is still current (e.g. a fingerprint of the rows it was built from). */
  revalidate?: (key: string, value: T) => Promise<boolean>;
};

export class SiteCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  /** Builds the value of a key (an organisation id). */
  private readonly load: (key: string) => Promise<T>;
  private readonly options: SiteCacheOptions<T>;

  constructor(load: (key: string) => Promise<T>, options: SiteCacheOptions<T>) {
    this.load = load;
    this.options = options;
  }

  /** The value for `key`: fresh, stale while refreshing, or built now (concurrent callers share one build). */
  get(key: string, now = Date.now()): Promise<T> {
    const entry = this.entries.get(key);
    if (entry) {
      // Least recently used first out: re-insert at the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (now - entry.builtAt < this.options.ttlMs) return entry.value;
      if (entry.settled !== undefined) {
        if (!entry.refreshing) this.refresh(key, entry);
        return entry.value;
      }
      return entry.value;
    }
    return this.build(key).value;
  }

  private build(key: string): Entry<T> {
    const now = Date.now();
    const entry: Entry<T> = { value: this.load(key), settled: undefined, builtAt: now, bornAt: now, refreshing: false };
    entry.value.then(
      (v) => {
        entry.settled = v;
      },
      () => {
        // A failed build is not kept: the next visitor tries again.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  private refresh(key: string, stale: Entry<T>) {
    stale.refreshing = true;
    const generation = this.generation;
    const current = () => this.entries.get(key) === stale && this.generation === generation;
    const { revalidate, maxAgeMs } = this.options;
    const rebuild = () =>
      this.load(key).then(
        (v) => {
          // Dropped or invalidated meanwhile: this result may predate the change.
          if (!current()) return;
          const now = Date.now();
          this.entries.set(key, { value: Promise.resolve(v), settled: v, builtAt: now, bornAt: now, refreshing: false });
        },
        () => {
          stale.refreshing = false;
          stale.builtAt = Date.now();
        },
      );
    const settled = stale.settled as T;
    if (revalidate && maxAgeMs !== undefined && Date.now() - stale.bornAt < maxAgeMs) {
      revalidate(key, settled).then(
        (fresh) => {
          if (!current()) return;
          if (!fresh) return void rebuild();
          stale.builtAt = Date.now();
          stale.refreshing = false;
        },
        () => void rebuild(),
      );
      return;
    }
    void rebuild();
  }

  /** Drops the organisation's entry; a rebuild already running for any entry is not kept. */
  invalidate(organisationId: string) {
    this.generation++;
    this.entries.delete(organisationId);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

/** Caches of every running app (tests start several); invalidation reaches them all. */
const caches = new Set<{ invalidate(organisationId: string): void; clear(): void }>();

export function registerCache(cache: { invalidate(organisationId: string): void; clear(): void }) {
  caches.add(cache);
  return () => caches.delete(cache);
}

/**
 * Call after anything the careers site shows changes for an organisation: site settings, logo,
 * a role's publication, questions or status, a recruitment opened or closed, the product
 * subscription. Without the call the change shows within the cache TTL (a few seconds). Inside an
 * organisation-scoped request the pages are dropped once its transaction has committed: a visitor
 * in between would otherwise cache the old state again.
 */
export function invalidateCareersSite(organisationId: string) {
  void afterCommit(() => {
    for (const cache of caches) cache.invalidate(organisationId);
  });
}

/** Empties every careers cache (tests that write to the database directly). */
export function clearCareersCaches() {
  for (const cache of caches) cache.clear();
}
