import { SESSION_IDLE_MS } from '@hireloop/contract/constants';
import { CURRENT_SESSION_MESSAGE, type UpdateProfileBody, type updateProfileBody } from '@hireloop/contract/me';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { ProcessedImage } from '../../lib/images.ts';
import { endOtherUserSessions, endUserSession, updateUserProfile } from '../auth/service.ts';
import { avatarPrefix, avatarUrl, type FileService } from '../files/service.ts';
import { presentProfile, presentSession } from './presenter.ts';
import { findUser, listLiveSessions } from './repository.ts';

type ProfilePatch = z.output<typeof updateProfileBody>;
export type { UpdateProfileBody };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** My Personal Settings: the signed-in user's own profile, avatar and sessions. */
export function createMeService(db: Db, files: FileService) {
  async function user(userId: string) {
    const row = await findUser(db, userId);
    if (!row) throw new AppError('unauthenticated', 'You are not signed in.');
    return row;
  }

  return {
    async profile(userId: string) {
      return presentProfile(await user(userId));
    },

    /** Only the fields sent change; email preferences merge into the stored ones. */
    async update(userId: string, patch: ProfilePatch) {
      const current = await user(userId);
      const row = await updateUserProfile(db, userId, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
        ...(patch.email_preferences ? { emailPreferences: { ...current.emailPreferences, ...patch.email_preferences } } : {}),
      });
      return presentProfile(row);
    },

    async setAvatar(userId: string, image: ProcessedImage) {
      await user(userId);
      const row = await files.replace({ organisationId: null, prefix: avatarPrefix(userId) }, 'avatar.webp', image, (tx, file) =>
        updateUserProfile(tx, userId, { avatarUrl: avatarUrl(userId, file.id) }),
      );
      return presentProfile(row);
    },

    async removeAvatar(userId: string) {
      await user(userId);
      const row = await files.clear({ organisationId: null, prefix: avatarPrefix(userId) }, (tx) =>
        updateUserProfile(tx, userId, { avatarUrl: null }),
      );
      return presentProfile(row);
    },

    async sessions(userId: string, currentSessionId: string) {
      const rows = await listLiveSessions(db, userId, new Date(Date.now() - SESSION_IDLE_MS));
      // The current session first: it is the one the user recognises.
      rows.sort((a, b) => Number(b.id === currentSessionId) - Number(a.id === currentSessionId));
      return rows.map((s) => presentSession(s, currentSessionId));
    },

    /** Ends one of the user's other sessions; that browser's next call is 401. */
    async endSession(userId: string, currentSessionId: string, sessionId: string) {
      if (sessionId === currentSessionId) throw validationFailed({ session: [CURRENT_SESSION_MESSAGE] }, CURRENT_SESSION_MESSAGE);
      if (!UUID.test(sessionId) || !(await endUserSession(db, userId, sessionId)))
        throw new AppError('not_found', 'This session has already ended.');
    },

    /** "Sign out everywhere else": every session of the user but this one. */
    endOtherSessions: (userId: string, currentSessionId: string) => endOtherUserSessions(db, userId, currentSessionId),
  };
}
