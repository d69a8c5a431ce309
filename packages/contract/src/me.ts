import { z } from 'zod';
import { line } from './text.ts';
import { NOTIFICATION_TYPES } from './notification-types.ts';
import { paged } from './pagination.ts';
import { timezoneField } from './timezones.ts';

const notificationType = z.enum(NOTIFICATION_TYPES);

/** GET /me → { profile }: the signed-in user as they can edit it (email comes from Google: read-only). */
export const profile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  timezone: z.string(),
  /** Every notification type → whether it is also sent by email. */
  email_preferences: z.record(notificationType, z.boolean()),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = z.object({ profile });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const PROFILE_NAME_MIN = 2;
export const PROFILE_NAME_MAX = 120;

/** PATCH /me: any of the fields; unknown notification types are refused. */
export const updateProfileBody = z.object({
  name: line('Enter your name.')
    .trim()
    .min(PROFILE_NAME_MIN, `Your name must be at least ${PROFILE_NAME_MIN} characters.`)
    .max(PROFILE_NAME_MAX, `Your name may not be longer than ${PROFILE_NAME_MAX} characters.`)
    .optional(),
  timezone: timezoneField.optional(),
  email_preferences: z.partialRecord(notificationType, z.boolean('Use true or false.')).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** One of the user's signed-in browsers. */
export const userSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;

/** GET /me/sessions → { sessions: { data, meta } }: every live session, the current one first, then most recently seen. */
export const userSessionsResponse = z.object({ sessions: paged(userSession) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponse>;

/** DELETE /me/sessions → how many other sessions were ended. */
export const endedSessionsResponse = z.object({ ended: z.number().int() });
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponse>;

export const CURRENT_SESSION_MESSAGE = 'This is the session you are using. Log out instead.';
