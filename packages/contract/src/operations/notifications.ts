import { z } from 'zod';
import { notificationsResponse } from '../notifications.ts';
import { listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['notifications'];

/** `?filter[unread]=1` (or `true`): unread ones only; any other value lists all. */
export const notificationsQuery = listQuery.extend({
  filter: z
    .object({
      unread: z
        .string()
        .max(200)
        .optional()
        .transform((v) => v === '1' || v === 'true'),
    })
    .optional(),
});

/** The signed-in user's notifications (no organisation in the path: they span the user's organisations). */
export const notificationOperations = {
  list: defineOperation({
    method: 'GET',
    path: 'notifications',
    tags,
    summary: "The signed-in user's notifications, newest first; filter[unread]=1 for unread only",
    query: notificationsQuery,
    responses: { 200: notificationsResponse },
  }),
  markAllRead: defineOperation({
    method: 'DELETE',
    path: 'notifications',
    tags,
    summary: 'Marks all as read',
    responses: { 204: z.null() },
  }),
};
