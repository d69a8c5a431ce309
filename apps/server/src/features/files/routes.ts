import { fileOperations as ops } from '@hireloop/contract/operations/files';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { sendStoredFile } from './serve.ts';
import type { FileService } from './service.ts';

/**
 * GET /files/avatars/{user}/{file}: a user's avatar, for the user and for anyone who shares an
 * organisation with them (the people who see their name in lists); 404 for everyone else.
 */
export function fileRoutes(files: FileService) {
  return async (app: FastifyInstance) => {
    route(app, ops.avatar, { preHandler: [requireSession] }, async (request, reply) => {
      const file = await files.avatarFor(userIdOf(request), request.params.userId, request.params.fileId);
      if (!file) throw notFound();
      // The URL changes with every upload; private: only this browser may keep it.
      return sendStoredFile(reply, files, file, 'private, max-age=86400');
    });
  };
}
