import { errorResponse } from '@hireloop/contract/error-response';
import { newHireTaskBody, newHireTaskResponse, publicNewHireResponse } from '@hireloop/contract/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileService } from '../files/service.ts';
import { acceptHireFileUploads, readHireFileUpload } from '../onboardings/document-files.ts';
import { createPublicNewHireService } from './service.ts';

const tags = ['public new-hire page'];
const tokenParams = z.object({ token: z.string() });
const documentParams = tokenParams.extend({ documentId: z.string() });
const taskParams = tokenParams.extend({ taskId: z.string() });
/** No account: limit per address. */
const VIEW_RATE = { max: 60, timeWindow: '1 minute' };
const UPLOAD_RATE = { max: 10, timeWindow: '1 minute' };
const TICK_RATE = { max: 30, timeWindow: '1 minute' };

/** `/public/new-hire/{token}…`: the new hire's page, reachable with the e-mailed link only. */
export function publicNewHireRoutes(db: Db, files: FileService) {
  const newHires = createPublicNewHireService(db, files);
  return async (app: FastifyInstance) => {
    await acceptHireFileUploads(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/public/new-hire/:token',
      {
        config: { public: true, rateLimit: VIEW_RATE },
        schema: {
          tags,
          summary:
            "The new hire's page: organisation, role, start date, first-day information, manager, buddy, documents asked for, own tasks (404 unknown link)",
          params: tokenParams,
          response: { 200: publicNewHireResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        return { hire: await newHires.view(request.params.token) };
      },
    );
    r.post(
      '/public/new-hire/:token/documents/:documentId',
      {
        config: { public: true, rateLimit: UPLOAD_RATE },
        schema: {
          tags,
          summary: 'The new hire uploads a document asked for: multipart `file` (PDF, PNG, JPEG, DOC or DOCX by content, at most 10 MB)',
          consumes: ['multipart/form-data'],
          params: documentParams,
          response: { 200: publicNewHireResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // An unknown link or document is refused before the body is read.
        await newHires.assertDocument(request.params.token, request.params.documentId);
        const upload = await readHireFileUpload(request);
        return { hire: await newHires.upload(request.params.token, request.params.documentId, upload) };
      },
    );
    r.post(
      '/public/new-hire/:token/tasks/:taskId',
      {
        config: { public: true, rateLimit: TICK_RATE },
        schema: {
          tags,
          summary: 'The new hire ticks off (`done: true`) or reopens one of their own tasks (404 for any other task or an unknown link)',
          params: taskParams,
          body: newHireTaskBody,
          response: { 200: newHireTaskResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { hire: await newHires.setTaskDone(request.params.token, request.params.taskId, request.body.done) };
      },
    );
    r.get(
      '/public/new-hire/:token/logo',
      {
        config: { public: true, rateLimit: VIEW_RATE },
        schema: { tags, summary: "The organisation's logo for the new-hire page", params: tokenParams, response: { 404: errorResponse } },
      },
      async (request, reply) => {
        const logo = await newHires.logo(request.params.token);
        return sendStoredFile(reply, files, logo, 'private, max-age=3600');
      },
    );
  };
}
