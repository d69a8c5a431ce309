import { publicNewHireOperations as ops } from '@hireloop/contract/operations/public-new-hire';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileService } from '../files/service.ts';
import { acceptHireFileUploads, readHireFileUpload } from '../onboardings/document-files.ts';
import { createPublicNewHireService } from './service.ts';

/** No account: limit per address. */
const VIEW_RATE = { max: 60, timeWindow: '1 minute' };
const UPLOAD_RATE = { max: 10, timeWindow: '1 minute' };
const TICK_RATE = { max: 30, timeWindow: '1 minute' };

/** `/public/new-hire/{token}…`: the new hire's page, reachable with the e-mailed link only. */
export function publicNewHireRoutes(db: Db, files: FileService) {
  const newHires = createPublicNewHireService(db, files);
  return async (app: FastifyInstance) => {
    await acceptHireFileUploads(app);
    route(app, ops.view, { public: true, rateLimit: VIEW_RATE }, async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return { hire: await newHires.view(request.params.token) };
    });
    route(app, ops.uploadDocument, { public: true, rateLimit: UPLOAD_RATE }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // An unknown link is refused before the body is read (the scope's organisationOf); the file
      // comes before any query of the handler's, so no connection is held while it arrives.
      const upload = await readHireFileUpload(request);
      await newHires.assertDocument(request.params.token, request.params.documentId);
      return { hire: await newHires.upload(request.params.token, request.params.documentId, upload) };
    });
    route(app, ops.tickTask, { public: true, rateLimit: TICK_RATE }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { hire: await newHires.setTaskDone(request.params.token, request.params.taskId, request.body.done) };
    });
    route(app, ops.logo, { public: true, rateLimit: VIEW_RATE }, async (request, reply) => {
      const logo = await newHires.logo(request.params.token);
      return sendStoredFile(reply, files, logo, 'private, max-age=3600');
    });
  };
}
