import { z } from 'zod';
import { paged } from './pagination.ts';

export const notification = z.object({
  id: z.string(),
  type: z.string(),
  /** The organisation it is about (its link is a page of that organisation); null for none. */
  organisation_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** GET /notifications → { notifications: { data, meta } } (the signed-in user's, newest first). */
export const notificationsResponse = z.object({ notifications: paged(notification) });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
