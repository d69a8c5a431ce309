import type { Profile, UserSession } from '@hireloop/contract/me';
import { EMAIL_PREFERENCE_DEFAULT, NOTIFICATION_TYPES, type NotificationType } from '@hireloop/contract/notification-types';
import type { UserRow } from './repository.ts';

/** Every known type, stored choice or the default; types no longer known are left out. */
export function emailPreferencesOf(stored: Record<string, boolean>): Record<NotificationType, boolean> {
  return Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, stored[type] ?? EMAIL_PREFERENCE_DEFAULT])) as Record<
    NotificationType,
    boolean
  >;
}

export const presentProfile = (u: UserRow): Profile => ({
  id: u.id,
  name: u.name,
  email: u.email,
  avatar_url: u.avatarUrl,
  timezone: u.timezone,
  email_preferences: emailPreferencesOf(u.emailPreferences),
});

export const presentSession = (
  s: { id: string; userAgent: string | null; ip: string | null; createdAt: Date; lastSeenAt: Date },
  currentSessionId: string,
): UserSession => ({
  id: s.id,
  created_at: s.createdAt.toISOString(),
  last_seen_at: s.lastSeenAt.toISOString(),
  user_agent: s.userAgent,
  ip: s.ip,
  current: s.id === currentSessionId,
});
