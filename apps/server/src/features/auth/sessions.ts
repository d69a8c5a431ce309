import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';
import {
  deleteExpiredFlows,
  deleteExpiredSessions,
  deleteSessionByHash,
  findLiveSession,
  findLiveSessionProfile,
  insertSession,
  touchSession,
} from './repository.ts';

/** Writes to last_seen_at at most this often: the idle expiry needs no more precision. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Server-side sessions: the browser holds a random 256-bit token, the database only its hash. With
 * a `cache` (one per app: http/session.ts), who is asking is remembered for a moment between requests.
 */
export function createSessionStore(db: Db, cache?: SessionCache) {
  /** Sessions whose last_seen_at is being written now: concurrent requests of one browser write it once. */
  const touching = new Set<string>();
  const touchIfStale = async (session: { sessionId: string; lastSeenAt: Date }, tokenHash: string) => {
    if (Date.now() - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS || touching.has(session.sessionId)) return;
    touching.add(session.sessionId);
    try {
      await touchSession(db, session.sessionId);
      // The kept answer carries the old last_seen_at: read it again next time.
      cache?.forget(`s:${tokenHash}`);
    } finally {
      touching.delete(session.sessionId);
    }
  };
  const lookUp = async (tokenHash: string, idleSince: Date, organisationId: string | null): Promise<CachedSession | undefined> => {
    const kept = cache?.get(tokenHash, organisationId, idleSince);
    if (kept) return kept;
    const ticket = cache?.ticket();
    const found = await findLiveSession(db, tokenHash, idleSince, organisationId);
    if (found && cache && ticket !== undefined) cache.store(ticket, tokenHash, organisationId, found);
    return found;
  };
  const idleSince = () => new Date(Date.now() - SESSION_IDLE_MS);
  return {
    /** The cache of who is asking, when the store has one (its state is observable in tests). */
    cache,
    /**
     * The live session of the token, its user and, with an organisation id, the user's role in that
     * organisation (null: not a member; a malformed id is no organisation). One statement.
     */
    async resolve(token: string, organisationId: string | null = null) {
      const tokenHash = sha256(token);
      const session = await lookUp(tokenHash, idleSince(), organisationId !== null && isUuid(organisationId) ? organisationId : null);
      if (!session) return undefined;
      await touchIfStale(session, tokenHash);
      return { sessionId: session.sessionId, userId: session.userId, organisationId, role: session.role };
    },
    /** The live session of the token with its user and all their organisations (GET /auth). One statement. */
    async resolveProfile(token: string) {
      const tokenHash = sha256(token);
      const found = await findLiveSessionProfile(db, tokenHash, idleSince());
      if (!found) return undefined;
      await touchIfStale(found, tokenHash);
      return found;
    },
    async start(userId: string, meta: { userAgent: string | null; ip: string | null }) {
      const token = randomToken();
      await insertSession(db, { tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS), ...meta });
      return token;
    },
    async end(token: string) {
      await deleteSessionByHash(db, sha256(token));
      // Every node forgets it once the delete commits (migration 0021); this one at once.
      cache?.forget(`s:${sha256(token)}`);
    },
    async purgeExpired() {
      await deleteExpiredSessions(db, new Date(Date.now() - SESSION_IDLE_MS));
      await deleteExpiredFlows(db);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
