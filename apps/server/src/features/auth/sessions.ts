import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import {
  deleteExpiredFlows,
  deleteExpiredSessions,
  deleteSessionByHash,
  findLiveSession,
  insertSession,
  touchSession,
} from './repository.ts';

/** Writes to last_seen_at at most this often: the idle expiry needs no more precision. */
const TOUCH_EVERY_MS = 60_000;

/** Server-side sessions: the browser holds a random 256-bit token, the database only its hash. */
export function createSessionStore(db: Db) {
  return {
    async resolve(token: string) {
      const session = await findLiveSession(db, sha256(token), new Date(Date.now() - SESSION_IDLE_MS));
      if (!session) return undefined;
      if (Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, session.sessionId);
      return { sessionId: session.sessionId, userId: session.userId };
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
