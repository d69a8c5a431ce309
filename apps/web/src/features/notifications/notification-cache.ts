import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@hireloop/contract/notifications';
import { notificationOperations } from '@hireloop/contract/operations/notifications';
import { call } from '../../lib/operations.ts';
import type { NotificationList } from '../session/queries.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The loaded notifications live in the session's query (queryKeys.notifications): start-up
 * loads the first page, older pages are appended on demand, and a pushed one goes on top. The
 * list is newest first; an item is never listed twice (a pushed one shifts the server's pages
 * by one, so the next page may repeat it).
 */

function withoutDuplicates(items: Notification[]): Notification[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/**
 * A notification that arrived in real time: put on top of the loaded list, counted in the total.
 * Returns false when it was already there (e.g. delivered twice). With no list loaded (between an
 * organisation switch and its reload) there is nothing to update: the reload brings it.
 */
export function receiveNotification(queryClient: QueryClient, userId: string, notification: Notification): boolean {
  let added = true;
  queryClient.setQueryData<NotificationList>(queryKeys.notifications(userId), (list) => {
    if (!list) return list;
    if (list.data.some((item) => item.id === notification.id)) {
      added = false;
      return list;
    }
    return { data: [notification, ...list.data], meta: { ...list.meta, total: list.meta.total + 1 } };
  });
  return added;
}

/** More pages on the server than loaded. */
export function hasOlderNotifications(list: NotificationList | undefined): boolean {
  return list !== undefined && list.meta.page < list.meta.last_page && list.data.length < list.meta.total;
}

/** Fetches the page after the last loaded one and appends it. */
export async function loadOlderNotifications(queryClient: QueryClient, userId: string): Promise<void> {
  const key = queryKeys.notifications(userId);
  const current = queryClient.getQueryData<NotificationList>(key);
  if (!current) return;
  const page = current.meta.page + 1;
  const { notifications } = await call(notificationOperations.list, { query: { page, per_page: current.meta.per_page } });
  queryClient.setQueryData<NotificationList>(key, (list) =>
    list ? { data: withoutDuplicates([...list.data, ...notifications.data]), meta: notifications.meta } : list,
  );
}
