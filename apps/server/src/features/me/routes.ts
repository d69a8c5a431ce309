import { errorResponse } from '@hireloop/contract/error-response';
import { endedSessionsResponse, profileResponse, updateProfileBody, userSessionsResponse } from '@hireloop/contract/me';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { FileService } from '../files/service.ts';
import { acceptImageUploads, readImageUpload } from '../files/upload.ts';
import { createMeService } from './service.ts';

const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };

function sessionIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthenticated', 'You are not signed in.');
  return request.auth.sessionId;
}

/** My Personal Settings: /me, /me/avatar, /me/sessions. Signed-in users only; never an API key. */
export function meRoutes(db: Db, files: FileService) {
  const me = createMeService(db, files);
  return async (app: FastifyInstance) => {
    await acceptImageUploads(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['me'];

    r.get(
      '/me',
      { preHandler: [requireSession], schema: { tags, summary: 'My profile', response: { 200: profileResponse, 401: errorResponse } } },
      async (request) => ({ profile: await me.profile(userIdOf(request)) }),
    );

    r.patch(
      '/me',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary: 'Changes my name, timezone (IANA) or email preferences (per notification type)',
          body: updateProfileBody,
          response: { 200: profileResponse, 422: errorResponse },
        },
      },
      async (request) => ({ profile: await me.update(userIdOf(request), request.body) }),
    );

    r.post(
      '/me/avatar',
      {
        preHandler: [requireSession],
        config: { rateLimit: UPLOAD_RATE },
        schema: {
          tags,
          summary: 'Uploads my avatar: multipart field `avatar`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a 256×256 WebP',
          consumes: ['multipart/form-data'],
          response: { 200: profileResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const image = await readImageUpload(request, 'avatar', 'avatar');
        return { profile: await me.setAvatar(userIdOf(request), image) };
      },
    );

    r.delete(
      '/me/avatar',
      { preHandler: [requireSession], schema: { tags, summary: 'Removes my avatar', response: { 200: profileResponse } } },
      async (request) => ({ profile: await me.removeAvatar(userIdOf(request)) }),
    );

    r.get(
      '/me/sessions',
      {
        preHandler: [requireSession],
        schema: { tags, summary: 'My signed-in sessions (the current one first)', response: { 200: userSessionsResponse } },
      },
      async (request) => {
        const data = await me.sessions(userIdOf(request), sessionIdOf(request));
        return { sessions: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
      },
    );

    r.delete(
      '/me/sessions/:sessionId',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary: 'Signs out one of my other sessions',
          params: z.object({ sessionId: z.string().max(64) }),
          response: { 204: z.null(), 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        await me.endSession(userIdOf(request), sessionIdOf(request), request.params.sessionId);
        return reply.code(204).send(null);
      },
    );

    r.delete(
      '/me/sessions',
      {
        preHandler: [requireSession],
        schema: { tags, summary: 'Signs out everywhere else: every session but this one', response: { 200: endedSessionsResponse } },
      },
      async (request) => ({ ended: await me.endOtherSessions(userIdOf(request), sessionIdOf(request)) }),
    );
  };
}
