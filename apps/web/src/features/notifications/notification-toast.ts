import { notifications } from '@mantine/notifications';
import type { Notification } from '@hireloop/contract/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@hireloop/contract/constants';
import { describeNotification } from './notification-text.ts';

/** A toast for a notification that just arrived (top-right, closes after 3000 ms like every toast). */
export function toastNotification(notification: Notification): string {
  const { label, sentence } = describeNotification(notification);
  return notifications.show({ title: label, message: sentence, color: 'blue', autoClose: TOAST_AUTO_CLOSE_MS });
}
