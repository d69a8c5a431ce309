import { errorResponse } from '@hireloop/contract/error-response';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { sendStoredFile } from './serve.ts';
import type { FileService } from './service.ts';

/**
 * GET /files/avatars/{user}/{file}: a user's avatar, for the user and for anyone who shares an
 * organisation with them (the people who see their name in lists); 404 for everyone else.
 */
export function fileRoutes(files: FileService) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/files/avatars/:userId/:fileId',
      {
        preHandler: [requireSession],
        schema: {
          tags: ['files'],
          summary: "A user's avatar (image/webp), for members of an organisation they belong to",
          params: z.object({ userId: z.string().max(64), fileId: z.string().max(64) }),
          response: { 401: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const file = await files.avatarFor(userIdOf(request), request.params.userId, request.params.fileId);
        if (!file) throw notFound();
        // The URL changes with every upload; private: only this browser may keep it.
        return sendStoredFile(reply, files, file, 'private, max-age=86400');
      },
    );
  };
}
