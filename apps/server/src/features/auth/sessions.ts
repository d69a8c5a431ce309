import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
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

/** Server-side sessions: the browser holds a random 256-bit token, the database only its hash. */
export function createSessionStore(db: Db) {
  /** Sessions whose last_seen_at is being written now: concurrent requests of one browser write it once. */
  const touching = new Set<string>();
  const touchIfStale = async (session: { sessionId: string; lastSeenAt: Date }) => {
    if (Date.now() - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS || touching.has(session.sessionId)) return;
    touching.add(session.sessionId);
    try {
      await touchSession(db, session.sessionId);
    } finally {
      touching.delete(session.sessionId);
    }
  };
  const idleSince = () => new Date(Date.now() - SESSION_IDLE_MS);
  return {
    /**
     * The live session of the token, its user and, with an organisation id, the user's role in that
     * organisation (null: not a member; a malformed id is no organisation). One statement.
     */
    async resolve(token: string, organisationId: string | null = null) {
      const session = await findLiveSession(
        db,
        sha256(token),
        idleSince(),
        organisationId !== null && isUuid(organisationId) ? organisationId : null,
      );
      if (!session) return undefined;
      await touchIfStale(session);
      return { sessionId: session.sessionId, userId: session.userId, organisationId, role: session.role };
    },
    /** The live session of the token with its user and all their organisations (GET /auth). One statement. */
    async resolveProfile(token: string) {
      const found = await findLiveSessionProfile(db, sha256(token), idleSince());
      if (!found) return undefined;
      await touchIfStale(found);
      return found;
    },
    async start(userId: string, meta: { userAgent: string | null; ip: string | null }) {
      const token = randomToken();
      await insertSession(db, { tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS), ...meta });
      return token;
    },
    async end(token: string) {
      await deleteSessionByHash(db, sha256(token));
    },
    async purgeExpired() {
      await deleteExpiredSessions(db, new Date(Date.now() - SESSION_IDLE_MS));
      await deleteExpiredFlows(db);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
