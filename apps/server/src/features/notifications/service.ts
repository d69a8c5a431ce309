import { EMAIL_PREFERENCE_DEFAULT, NOTIFICATION_TYPE_TEXTS, type NotificationType } from '@hireloop/contract/notification-types';
import { notification as notificationSchema, type Notification } from '@hireloop/contract/notifications';
import { NOTIFICATION_EVENT, userChannel } from '@hireloop/contract/realtime';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Broadcaster } from '../../realtime/index.ts';
import { enqueueMail } from '../mail/service.ts';
import { isMember } from '../members/memberships.ts';
import { enqueueJob, PermanentJobError } from '../outbox/service.ts';
import {
  deleteNotificationsAbout,
  deleteNotificationsOfMember,
  findOrganisationAdminIds,
  findRecipient,
  insertNotification,
  moveNotificationsToCandidate,
} from './repository.ts';

export type NewNotification = {
  userId: string;
  organisationId: string;
  type: NotificationType;
  /** What the item shows and links to: { title, body?, url }. */
  data: { title: string; body?: string; url: string } & Record<string, unknown>;
  /**
   * The candidate the notification names, if any: kept as `data.candidate_id` and on the outbox
   * jobs it queues, so that erasing the candidate removes all of them.
   */
  candidateId?: string | null | undefined;
};

/** Outbox job kind: broadcast one stored notification on its user's private channel. */
export const NOTIFICATION_BROADCAST_JOB = 'notification.broadcast';

const broadcastPayload = z.object({ user_id: z.string(), notification: notificationSchema });

/** Absolute links in notification e-mails; set once at start-up (buildApp). */
let appUrl = '';
export function configureNotificationLinks(url: string) {
  appUrl = url.replace(/\/+$/, '');
}

export function presentNotification(row: {
  id: string;
  type: string;
  organisationId: string | null;
  data: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
}): Notification {
  return {
    id: row.id,
    type: row.type,
    organisation_id: row.organisationId,
    data: row.data,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Stores a notification for a user. Call it inside the transaction that makes the change: in the
 * same transaction it queues (durable outbox) the real-time broadcast as event `notification` on
 * `private-User.{userId}`, and an e-mail when the user wants this type by e-mail, so a crash
 * between storing and sending loses nothing and a rolled-back change sends nothing.
 *
 * Only to a member of the organisation: for anyone else (removed, left, never one) nothing is
 * stored or queued and the answer is null. Every sender goes through here, so none has to ask
 * itself; the outbox asks again when it delivers (docs/security.md, "Removing a member").
 */
export async function notify(db: Db, n: NewNotification) {
  if (!(await isMember(db, n.organisationId, n.userId))) return null;
  const candidateId = n.candidateId ?? (typeof n.data.candidate_id === 'string' ? n.data.candidate_id : null);
  const data = candidateId ? { ...n.data, candidate_id: candidateId } : n.data;
  const row = await insertNotification(db, { userId: n.userId, organisationId: n.organisationId, type: n.type, data });
  await enqueueJob(
    db,
    NOTIFICATION_BROADCAST_JOB,
    { user_id: n.userId, notification: presentNotification(row) },
    {
      candidateId,
      organisationId: n.organisationId,
    },
  );
  const recipient = await findRecipient(db, n.userId);
  if (recipient?.email && (recipient.emailPreferences[n.type] ?? EMAIL_PREFERENCE_DEFAULT)) {
    const link = `${appUrl}${n.data.url.startsWith('/') ? '' : '/'}${n.data.url}`;
    await enqueueMail(
      db,
      {
        to: recipient.email,
        // The worker sends it only while they still are a member.
        member: { user_id: n.userId, organisation_id: n.organisationId },
        subject: n.data.title.slice(0, 300),
        text: [
          `Hello ${recipient.name ?? ''}`.trim() + ',',
          '',
          n.data.title,
          ...(n.data.body ? ['', n.data.body] : []),
          '',
          `Open it: ${link}`,
          '',
          `You get this because "${NOTIFICATION_TYPE_TEXTS[n.type].label}" e-mails are on in My Personal Settings.`,
        ].join('\n'),
      },
      { candidateId, organisationId: n.organisationId },
    );
  }
  return row;
}

/** Notifies every owner and admin of the organisation (but `exceptUserId`, e.g. the one who acted). */
export async function notifyAdmins(db: Db, n: Omit<NewNotification, 'userId'> & { exceptUserId?: string }) {
  const ids = await findOrganisationAdminIds(db, n.organisationId);
  for (const userId of ids) {
    if (userId !== n.exceptUserId)
      await notify(db, { userId, organisationId: n.organisationId, type: n.type, data: n.data, candidateId: n.candidateId });
  }
}

/**
 * The outbox handler for NOTIFICATION_BROADCAST_JOB (registered with the outbox worker in serve.ts).
 * A notification of an organisation the user no longer belongs to is not published: the job ends
 * without it.
 */
export function notificationBroadcastHandler(broadcaster: Broadcaster, db: Db) {
  return async (payload: unknown) => {
    const parsed = broadcastPayload.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('invalid notification broadcast payload');
    const organisationId = parsed.data.notification.organisation_id;
    if (organisationId && !(await isMember(db, organisationId, parsed.data.user_id))) return;
    await broadcaster.trigger([
      { channels: [userChannel(parsed.data.user_id)], name: NOTIFICATION_EVENT, data: JSON.stringify(parsed.data.notification) },
    ]);
  };
}

/** Every outbox handler this feature contributes. */
export const notificationOutboxHandlers = (broadcaster: Broadcaster, db: Db) => ({
  [NOTIFICATION_BROADCAST_JOB]: notificationBroadcastHandler(broadcaster, db),
});

/** A member's removal (features/members/service.ts): the notifications the organisation gave them go. */
export const forgetMemberNotifications = (db: Db, organisationId: string, userId: string) =>
  deleteNotificationsOfMember(db, organisationId, userId);

/** Candidate erasure (features/candidates/service.ts): notifications about the person (mentions quote the notes; new-application ones name them). */
export const eraseCandidateNotifications = (db: Db, organisationId: string, person: { id: string }) =>
  deleteNotificationsAbout(db, organisationId, person.id);

/** Candidate merge: notifications naming the source name the target (erasing the target removes them). */
export const moveCandidateNotifications = (db: Db, organisationId: string, sourceId: string, targetId: string) =>
  moveNotificationsToCandidate(db, organisationId, sourceId, targetId);
