import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outsideOrganisationTransaction } from '../../db/organisation-transaction.ts';
import { addPageViews, existingOrganisations } from './repository.ts';

/** How often counted views are written (and at close). */
export const PAGE_VIEW_FLUSH_MS = 10_000;
/** Distinct (organisation, page, day) counters kept between flushes; beyond it the oldest are written early. */
const MAX_COUNTERS = 50_000;

const SEP = '\u0000';
const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Page views of the careers site, counted in memory so a visit costs no write, and added to
 * `careers_page_views` in one upsert per flush. `page` is 'index' or a role id. A flush writes
 * several organisations' counts with the owner's rights, never in the organisation transaction of
 * the request that counted last (docs/decisions/011-row-level-security.md).
 */
export function createPageViewCounter(db: Db, log?: FastifyBaseLogger) {
  let counts = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>) {
    if (batch.size === 0) return;
    const rows = [...batch].map(([key, views]) => {
      const [organisationId, page, day] = key.split(SEP) as [string, string, string];
      return { organisationId, page, day, views };
    });
    try {
      const alive = await existingOrganisations(db, [...new Set(rows.map((r) => r.organisationId))]);
      const kept = rows.filter((r) => alive.has(r.organisationId));
      for (let i = 0; i < kept.length; i += 1000) await addPageViews(db, kept.slice(i, i + 1000));
    } catch (error) {
      log?.warn({ err: error }, 'careers page views could not be written; kept for the next flush');
      for (const [key, views] of batch) counts.set(key, (counts.get(key) ?? 0) + views);
    }
  }

  function flush(): Promise<void> {
    const batch = counts;
    counts = new Map();
    // One flush at a time, in order.
    flushing = flushing.then(() => outsideOrganisationTransaction(() => write(batch)));
    return flushing;
  }

  return {
    count(organisationId: string, page: string) {
      const key = `${organisationId}${SEP}${page}${SEP}${utcDay()}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (counts.size > MAX_COUNTERS) void flush();
    },
    flush,
    /** Views counted and not yet written (tests). */
    pending: () => [...counts.values()].reduce((a, b) => a + b, 0),
  };
}

export type PageViewCounter = ReturnType<typeof createPageViewCounter>;

const counters = new Set<PageViewCounter>();

export function registerCounter(counter: PageViewCounter) {
  counters.add(counter);
  return () => counters.delete(counter);
}

/** Writes the counted views of every running app now (tests; the apps also flush every 10 s and on close). */
export async function flushPageViews() {
  await Promise.all([...counters].map((c) => c.flush()));
}
