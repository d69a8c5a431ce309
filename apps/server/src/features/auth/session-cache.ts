import type { MemberRole } from '@hireloop/contract/constants';

/** The channel PostgreSQL announces session and membership changes on (migration 0021). */
export const SESSION_CHANGES_CHANNEL = 'hireloop_auth';

/** What the session lookup answered for a token and an organisation (features/auth/repository.ts). */
export type CachedSession = { sessionId: string; userId: string; lastSeenAt: Date; expiresAt: Date; role: MemberRole | null };

type Entry = CachedSession & { tokenHash: string; storedAt: number };

export type SessionCacheOptions = {
  /** How long an answer is kept at most (a backstop: changes are forgotten as soon as they are announced). */
  ttlMs: number;
  /** The most answers kept; the oldest go first. */
  maxEntries?: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
};

/**
 * Who is asking, remembered for a moment (docs/decisions/015-who-is-asking-remembered.md): the
 * session lookup's answer per token hash and organisation, kept `ttlMs` at most and forgotten as
 * soon as a change is announced (`forget`: PostgreSQL's notifications from migration 0021, on every
 * node). It answers only while `trusted`, that is while those announcements are known to arrive;
 * otherwise every request asks the database, as without a cache.
 *
 * An answer read from the database before a change was announced must not be stored after it:
 * each lookup takes a `ticket` first, and `store` refuses the answer when anything has been forgotten
 * since (or trust was lost).
 */
export function createSessionCache(options: SessionCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  /** Bumped by every change: a lookup that started before it cannot store its answer. */
  let generation = 0;
  let trusted = false;
  const keyOf = (tokenHash: string, organisationId: string | null) => `${tokenHash}|${organisationId ?? ''}`;
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  return {
    /** Whether answers may be kept and given (the change announcements are arriving). */
    get trusted() {
      return trusted;
    },
    setTrusted(value: boolean) {
      trusted = value;
      // Whatever was kept may have missed a change while announcements were not arriving.
      forgetAll();
    },
    /** The kept answer, if it is fresh, the session has not expired (absolute or idle) and the cache is trusted. */
    get(tokenHash: string, organisationId: string | null, idleSince: Date): CachedSession | undefined {
      if (!trusted) return undefined;
      const key = keyOf(tokenHash, organisationId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.storedAt > options.ttlMs || entry.expiresAt.getTime() <= at || entry.lastSeenAt <= idleSince) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    /** Taken before the database is asked; `store` needs it. */
    ticket(): number {
      return generation;
    },
    store(ticket: number, tokenHash: string, organisationId: string | null, session: CachedSession): void {
      if (!trusted || ticket !== generation || options.ttlMs <= 0) return;
      const key = keyOf(tokenHash, organisationId);
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { ...session, tokenHash, storedAt: now() });
    },
    /**
     * Forgets what a change announced: `s:{token hash}` (a session ended or changed), `u:{user id}` (a
     * membership of the user added, changed or removed), anything else everything.
     */
    forget(announcement: string): void {
      generation++;
      const kind = announcement.slice(0, 2);
      const subject = announcement.slice(2);
      if ((kind !== 's:' && kind !== 'u:') || subject === '') {
        entries.clear();
        return;
      }
      for (const [key, entry] of entries) {
        if (kind === 's:' ? entry.tokenHash === subject : entry.userId === subject) entries.delete(key);
      }
    },
    /** How many answers are kept (tests). */
    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
