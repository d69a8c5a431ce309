import type { Notification } from '@hireloop/contract/notifications';
import { NOTIFICATION_TYPES, type NotificationType } from '@hireloop/contract/notification-types';
import { safeRedirect } from '../session/sign-in.ts';

/** What the centre and the toast show for one notification. */
export type NotificationText = {
  /** A short kind, e.g. "Mention". */
  label: string;
  /** The sentence: the server's title, or a plain sentence for the type when it has none. */
  sentence: string;
  /** More detail (e.g. the note's excerpt), if any. */
  detail: string | null;
  /** The in-app page it is about; null when the item carries no usable link. */
  url: string | null;
};

const TEXTS: Record<NotificationType, { label: string; sentence: string }> = {
  mention: { label: 'Mention', sentence: 'You were mentioned in a note.' },
  assigned: { label: 'Assignment', sentence: 'You were added to a hiring team.' },
  interview_feedback_due: { label: 'Feedback due', sentence: 'Your interview feedback is due.' },
  offer_approval: { label: 'Offer approval', sentence: 'An offer is waiting for your approval.' },
  offer_decision: { label: 'Offer decision', sentence: 'A candidate answered an offer.' },
  new_application: { label: 'New application', sentence: 'A new candidate applied.' },
  invitation_accepted: { label: 'Invitation accepted', sentence: 'Someone accepted your invitation.' },
  onboarding_hire: { label: 'New hire', sentence: 'A new hire entered onboarding.' },
  onboarding_task_due: { label: 'Task due', sentence: 'An onboarding task of yours is due.' },
};

const OTHER = { label: 'Notification', sentence: 'You have a new notification.' };

function isKnownType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Only paths on this site are followed (a notification's data is never trusted to leave it). */
function inAppUrl(value: unknown): string | null {
  const url = text(value);
  if (url === null) return null;
  const safe = safeRedirect(url, '');
  return safe === '' ? null : safe;
}

/** The human sentence per type (docs/product.md §11; the item's data is { title, body?, url }). */
export function describeNotification(notification: Pick<Notification, 'type' | 'data'>): NotificationText {
  const base = isKnownType(notification.type) ? TEXTS[notification.type] : OTHER;
  return {
    label: base.label,
    sentence: text(notification.data.title) ?? base.sentence,
    detail: text(notification.data.body),
    url: inAppUrl(notification.data.url),
  };
}
