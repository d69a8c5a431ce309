import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@hireloop/contract/auth';
import { NOTIFICATION_EVENT, notificationEvent, userChannel } from '@hireloop/contract/realtime';
import { openRealtime } from '../../lib/realtime.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { receiveNotification } from './notification-cache.ts';
import { toastNotification } from './notification-toast.ts';

/** What connectRealtime hands back: close the socket and leave the user's channel. */
export type RealtimeConnection = { disconnect(): void };

/**
 * Real-time notifications (docs/product.md §11, §4, §7): connect to the push service, join the user's private
 * channel `private-User.{id}` (authorised via POST broadcasting/auth; a refusal is reported to
 * the real-time client only) and, for every `notification` event, put it on top of the loaded
 * list (queryKeys.notifications(user.id)) and show a toast. Start-up calls this only with a
 * current organisation; the socket survives organisation switches (the channel is the user's)
 * and is closed on sign-out.
 */
export function connectRealtime(user: SessionUser, queryClient: QueryClient): RealtimeConnection {
  // Each notification is toasted once, even if it is delivered again (e.g. after a reconnect).
  const toasted = new Set<string>();
  const source = openRealtime();
  const stop = source.listen(userChannel(user.id), NOTIFICATION_EVENT, (data) => {
    const parsed = notificationEvent.safeParse(data);
    // Anything else on the channel is not ours to show.
    if (!parsed.success) return;
    receiveNotification(queryClient, user.id, parsed.data);
    if (toasted.has(parsed.data.id)) return;
    toasted.add(parsed.data.id);
    toastNotification(parsed.data);
  });
  // Back after a loss: what arrived meanwhile was not pushed to us, so the list is read again.
  const stopReconnect = source.onReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(user.id) });
  });
  return {
    disconnect() {
      stopReconnect();
      stop();
      source.close();
    },
  };
}
