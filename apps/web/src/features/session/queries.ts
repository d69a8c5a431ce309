import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Billing } from '@hireloop/contract/billing';
import type { NotificationsResponse } from '@hireloop/contract/notifications';
import { call } from '../../lib/operations.ts';
import { useAuth, useOrganisationId } from './auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The data start-up loads for the current organisation (docs/product.md §4): its users, billing, the
 * user's notifications and its roles; the keys are lib/query-keys.ts's.
 */

/** Start-up data stays fresh for a minute; real-time events and mutations update it in between. */
const SESSION_STALE_MS = 60_000;

export type BillingResponse = { billing: Billing };

/**
 * The notification and billing operations, loaded on first use: their schemas bring zod, which the bundle /login
 * loads (this file is part of it) must not carry (docs/decisions/014-operations-in-the-contract.md).
 */
const notificationOperations = () => import('@hireloop/contract/operations/notifications').then((m) => m.notificationOperations);
const billingOperations = () => import('@hireloop/contract/operations/billing').then((m) => m.billingOperations);
export type NotificationList = NotificationsResponse['notifications'];

export function usersQuery(organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.users(organisationId),
    queryFn: async () => {
      const { userOperations } = await import('@hireloop/contract/operations/users');
      return (await call(userOperations.list)).users;
    },
    staleTime: SESSION_STALE_MS,
  });
}

export function billingQuery(organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.billing(organisationId),
    queryFn: async () => (await call((await billingOperations()).get)).billing,
    staleTime: SESSION_STALE_MS,
  });
}

export function rolesQuery(organisationId: string) {
  return queryOptions({
    queryKey: queryKeys.roles(organisationId),
    queryFn: async () => {
      const { roleOperations } = await import('@hireloop/contract/operations/roles');
      return (await call(roleOperations.list)).roles;
    },
    staleTime: SESSION_STALE_MS,
  });
}

export function notificationsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: async () => (await call((await notificationOperations()).list)).notifications,
    staleTime: SESSION_STALE_MS,
  });
}

/** Loads the four in parallel into the cache; failures stay in the cache as query errors. */
export async function loadOrganisationData(queryClient: QueryClient, userId: string, organisationId: string): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(usersQuery(organisationId)),
    queryClient.prefetchQuery(billingQuery(organisationId)),
    queryClient.prefetchQuery(notificationsQuery(userId)),
    queryClient.prefetchQuery(rolesQuery(organisationId)),
  ]);
}

/** Marks all read (DELETE notifications); the loaded list is then cleared (docs/product.md §11). */
export async function markAllNotificationsRead(queryClient: QueryClient, userId: string): Promise<void> {
  await call((await notificationOperations()).markAllRead);
  queryClient.setQueryData<NotificationList>(queryKeys.notifications(userId), (list) =>
    list ? { data: [], meta: { ...list.meta, total: 0, last_page: 1 } } : list,
  );
}

/** Nothing is loaded without a current organisation (docs/product.md §4), hence `enabled`. */
export function useBilling() {
  const id = useOrganisationId();
  return useQuery({ ...billingQuery(id), enabled: id !== '' });
}

export function useOrganisationUsers() {
  const id = useOrganisationId();
  return useQuery({ ...usersQuery(id), enabled: id !== '' });
}

export function useRoles() {
  const id = useOrganisationId();
  return useQuery({ ...rolesQuery(id), enabled: id !== '' });
}

export function useNotifications() {
  const userId = useAuth().user?.id ?? '';
  const organisationId = useOrganisationId();
  return useQuery({ ...notificationsQuery(userId), enabled: userId !== '' && organisationId !== '' });
}

/** Unread notifications in the loaded list (the bell's count). */
export function countUnread(list: NotificationList | undefined): number {
  return list ? list.data.filter((notification) => notification.read_at === null).length : 0;
}
