import type { NotificationType } from '@hireloop/contract/notification-types';
import type { Db } from '../../db/client.ts';
import { insertNotification } from './repository.ts';

export type NewNotification = {
  userId: string;
  organisationId: string;
  type: NotificationType;
  /** What the item shows and links to: { title, body?, url }. */
  data: { title: string; body?: string; url: string } & Record<string, unknown>;
};

/**
 * Stores a notification for a user. Call it inside the transaction that makes the change.
 * (The real-time broadcast and the e-mail per the user's preferences belong to the
 * notifications issue; they will hang off this one function.)
 */
export async function notify(db: Db, n: NewNotification) {
  await insertNotification(db, { userId: n.userId, organisationId: n.organisationId, type: n.type, data: n.data });
}
