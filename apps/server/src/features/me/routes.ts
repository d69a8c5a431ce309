import { meOperations as ops } from '@hireloop/contract/operations/me';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { FileService } from '../files/service.ts';
import { acceptImageUploads, readImageUpload } from '../files/upload.ts';
import { createMeService } from './service.ts';

const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };
const signedIn = { preHandler: [requireSession] };

function sessionIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthenticated', 'You are not signed in.');
  return request.auth.sessionId;
}

/** My Personal Settings: /me, /me/avatar, /me/sessions. Signed-in users only; never an API key. */
export function meRoutes(db: Db, files: FileService) {
  const me = createMeService(db, files);
  return async (app: FastifyInstance) => {
    await acceptImageUploads(app);
    route(app, ops.profile, signedIn, async (request) => ({ profile: await me.profile(userIdOf(request)) }));
    route(app, ops.update, signedIn, async (request) => ({ profile: await me.update(userIdOf(request), request.body) }));
    route(app, ops.uploadAvatar, { ...signedIn, rateLimit: UPLOAD_RATE }, async (request) => {
      const image = await readImageUpload(request, 'avatar', 'avatar');
      return { profile: await me.setAvatar(userIdOf(request), image) };
    });
    route(app, ops.removeAvatar, signedIn, async (request) => ({ profile: await me.removeAvatar(userIdOf(request)) }));
    route(app, ops.sessions, signedIn, async (request) => {
      const data = await me.sessions(userIdOf(request), sessionIdOf(request));
      return { sessions: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
    });
    route(app, ops.endSession, signedIn, async (request, reply) => {
      await me.endSession(userIdOf(request), sessionIdOf(request), request.params.sessionId);
      return reply.code(204).send(null);
    });
    route(app, ops.endOtherSessions, signedIn, async (request) => ({
      ended: await me.endOtherSessions(userIdOf(request), sessionIdOf(request)),
    }));
  };
}
