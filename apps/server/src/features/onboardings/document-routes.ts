import { errorResponse } from '@hireloop/contract/error-response';
import { createHireDocumentBody, hireDocumentResponse } from '@hireloop/contract/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import type { FileService } from '../files/service.ts';
import { acceptHireFileUploads, readHireFileUpload, sendHireFile } from './document-files.ts';
import { createHireDocumentService } from './documents.ts';

const tags = ['onboarding'];
const hireParams = z.object({ organisationId: z.string(), hireId: z.string() });
const documentParams = hireParams.extend({ documentId: z.string() });
const UPLOAD_RATE = { max: 30, timeWindow: '1 minute' };

/** Documents to collect from a hire, and their files. */
export function documentRoutes(db: Db, files: FileService) {
  const documents = createHireDocumentService(db, files);
  return async (app: FastifyInstance) => {
    await acceptHireFileUploads(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/hires/:hireId/documents',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Asks the hire for a document (name, description)',
          params: hireParams,
          body: createHireDocumentBody,
          response: { 201: hireDocumentResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const document = await documents.create(organisationIdOf(request), actorOf(request), request.params.hireId, request.body);
        return reply.code(201).send({ document });
      },
    );
    r.post(
      '/hires/:hireId/documents/:documentId/file',
      {
        config: { permission: 'onboarding.manage', rateLimit: UPLOAD_RATE },
        schema: {
          tags,
          summary:
            "Uploads the document's file: multipart `file` (PDF, PNG, JPEG, DOC or DOCX by content, at most 10 MB); replaces an earlier one",
          consumes: ['multipart/form-data'],
          params: documentParams,
          response: { 200: hireDocumentResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const organisationId = organisationIdOf(request);
        const { hireId, documentId } = request.params;
        // An unknown hire or document is refused before the body is read.
        await documents.assertExists(organisationId, hireId, documentId);
        const upload = await readHireFileUpload(request);
        return { document: await documents.upload(organisationId, actorOf(request), hireId, documentId, upload) };
      },
    );
    r.get(
      '/hires/:hireId/documents/:documentId/file',
      {
        config: { permission: 'onboarding.view' },
        schema: { tags, summary: "The document's file, as a download", params: documentParams, response: { 404: errorResponse } },
      },
      async (request, reply) => {
        const file = await documents.file(organisationIdOf(request), request.params.hireId, request.params.documentId);
        return sendHireFile(reply, files, file);
      },
    );
    r.delete(
      '/hires/:hireId/documents/:documentId',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Deletes the document (and its file)',
          params: documentParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await documents.remove(organisationIdOf(request), actorOf(request), request.params.hireId, request.params.documentId);
        return reply.code(204).send(null);
      },
    );
  };
}
