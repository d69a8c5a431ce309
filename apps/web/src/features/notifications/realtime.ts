import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@hireloop/contract/auth';

/** What connectRealtime hands back: close the socket and leave the user's channel. */
export type RealtimeConnection = { disconnect(): void };

/**
 * Real-time notifications (SPEC §1, §4, §7): connect to the push service, authorise and join
 * the user's private channel `private-User.{id}` via POST /broadcasting/auth, and append every
 * `notification` event to the notifications query (sessionKeys.notifications(user.id)).
 *
 * INTENTIONALLY EMPTY for now: the real-time issue fills this in (pusher-js against the
 * server's Pusher-protocol endpoint). Start-up already calls it at the right moment — after
 * the current organisation is set and before the organisation's data loads — so that issue
 * only has to replace this body.
 */
export function connectRealtime(user: SessionUser, queryClient: QueryClient): RealtimeConnection {
  void user;
  void queryClient;
  return { disconnect() {} };
}
