import {
  CANDIDATE_TEXTS,
  activitiesResponse,
  candidateExport,
  candidateFile,
  candidateResponse,
  candidatesResponse,
  createNoteBody,
  mergeCandidateBody,
  noteResponse,
  notesResponse,
  updateCandidateBody,
} from '@hireloop/contract/candidates';
import { errorResponse } from '@hireloop/contract/error-response';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { FileService } from '../files/service.ts';
import { acceptDocumentUploads, readDocumentUpload, sendDocument } from './documents.ts';
import { candidateOwners } from './owners.ts';
import { createCandidateService } from './service.ts';

const tags = ['candidates'];
const UPLOAD_RATE = { max: 30, timeWindow: '1 minute' };
const candidateParams = z.object({ organisationId: z.string(), candidate: z.string() });
const noteParams = candidateParams.extend({ note: z.string() });
const fileParams = candidateParams.extend({ file: z.string() });

/** A malformed id names no candidate: 404, as for another organisation's. */
function candidateIdOf(params: { candidate: string }): string {
  if (!isUuid(params.candidate)) throw new AppError('not_found', CANDIDATE_TEXTS.notFound);
  return params.candidate;
}
function noteIdOf(params: { note: string }): string {
  if (!isUuid(params.note)) throw new AppError('not_found', 'No such note.');
  return params.note;
}
function fileIdOf(params: { file: string }): string {
  if (!isUuid(params.file)) throw new AppError('not_found', CANDIDATE_TEXTS.fileNotFound);
  return params.file;
}

/** organisation/{id}/candidates: the people, their notes, timeline and files, and GDPR export, erasure and merge. */
export function candidateRoutes(db: Db, files: FileService) {
  return async (app: FastifyInstance) => {
    const candidates = createCandidateService(db, files, candidateOwners, app.log);
    await acceptDocumentUploads(app);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/candidates',
      {
        config: { permission: 'candidates.view' },
        schema: {
          tags,
          summary:
            'People of the organisation by name, paged; filter[search] finds words of the name or e-mail by their beginning (accents and case ignored, typos when nothing matches), best matches first, total counted up to 1,000 (then `meta.total_capped`: read it as 1,000+). Erased ones are left out',
          querystring: listQuery,
          response: { 200: candidatesResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const {
          candidates: data,
          total,
          capped,
        } = await candidates.list(organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          search: q.filter?.search?.trim() || undefined,
        });
        return { candidates: { data, meta: pageMeta(q.page, q.per_page, total, capped) } };
      },
    );

    r.get(
      '/candidates/:candidate',
      {
        config: { permission: 'candidates.view' },
        schema: {
          tags,
          summary: 'A candidate (the person)',
          params: candidateParams,
          response: { 200: candidateResponse, 404: errorResponse },
        },
      },
      async (request) => ({ candidate: await candidates.get(organisationIdOf(request), candidateIdOf(request.params)) }),
    );

    r.patch(
      '/candidates/:candidate',
      {
        config: { permission: 'candidates.manage' },
        schema: {
          tags,
          summary: 'Changes the person’s details or consent; an e-mail another candidate has: 409; an erased candidate: 422',
          params: candidateParams,
          body: updateCandidateBody,
          response: { 200: candidateResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        candidate: await candidates.update(organisationIdOf(request), actorOf(request), candidateIdOf(request.params), request.body),
      }),
    );

    r.delete(
      '/candidates/:candidate',
      {
        config: { permission: 'candidates.erase' },
        schema: {
          tags,
          summary:
            'Erases the person (GDPR): personal fields, notes and files are removed; applications stay anonymously for analytics; audited',
          params: candidateParams,
          response: { 204: z.null(), 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        await candidates.erase(organisationIdOf(request), actorOf(request), candidateIdOf(request.params));
        return reply.code(204).send(null);
      },
    );

    r.post(
      '/candidates/:candidate/merge',
      {
        config: { permission: 'candidates.manage' },
        schema: {
          tags,
          summary: 'Merges `source_id` into this candidate: applications, notes, files and timeline move here; the source is deleted',
          params: candidateParams,
          body: mergeCandidateBody,
          response: { 200: candidateResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        candidate: await candidates.merge(
          organisationIdOf(request),
          actorOf(request),
          candidateIdOf(request.params),
          request.body.source_id,
        ),
      }),
    );

    r.get(
      '/candidates/:candidate/export',
      {
        // The export is recorded in the audit log.
        config: { permission: 'candidates.export', writes: true },
        schema: {
          tags,
          summary: 'The person’s data as JSON (GDPR access), as the attachment candidate-{id}.json',
          params: candidateParams,
          response: { 200: candidateExport, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const id = candidateIdOf(request.params);
        const data = await candidates.export(organisationIdOf(request), actorOf(request), id);
        reply.header('content-disposition', `attachment; filename="candidate-${id}.json"`).header('cache-control', 'private, no-store');
        return data;
      },
    );

    r.get(
      '/candidates/:candidate/notes',
      {
        config: { permission: 'candidates.view' },
        schema: {
          tags,
          summary: 'Notes on the candidate, newest first, paged; each says what the caller may do to it (`policies`)',
          params: candidateParams,
          querystring: listQuery,
          response: { 200: notesResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { notes, total } = await candidates.notes(organisationIdOf(request), actorOf(request), candidateIdOf(request.params), {
          page: q.page,
          perPage: q.per_page,
        });
        return { notes: { data: notes, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );

    r.post(
      '/candidates/:candidate/notes',
      {
        config: { permission: 'candidates.note' },
        schema: {
          tags,
          summary:
            'Adds a note; `@[Name](user-id)` mentions a member of the organisation, who is notified. A create repeated with the same `client_id` answers 200 with the first note and notifies no one again',
          params: candidateParams,
          body: createNoteBody,
          response: { 200: noteResponse, 201: noteResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const { note, created } = await candidates.addNote(
          organisationIdOf(request),
          actorOf(request),
          candidateIdOf(request.params),
          request.body,
        );
        return reply.code(created ? 201 : 200).send({ note });
      },
    );

    r.delete(
      '/candidates/:candidate/notes/:note',
      {
        config: { permission: 'candidates.note' },
        schema: {
          tags,
          summary: 'Deletes a note: its author, or an owner or admin (others: 403)',
          params: noteParams,
          response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        await candidates.removeNote(organisationIdOf(request), actorOf(request), candidateIdOf(request.params), noteIdOf(request.params));
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/candidates/:candidate/activities',
      {
        config: { permission: 'candidates.view' },
        schema: {
          tags,
          summary:
            'The candidate’s activity timeline, newest first, paged; each entry as the caller may see the object it is about (an interviewer: only the interviews they are on, others’ recommendations once their own scorecard is in, no offers)',
          params: candidateParams,
          querystring: listQuery,
          response: { 200: activitiesResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { activities, total } = await candidates.activities(
          organisationIdOf(request),
          actorOf(request),
          candidateIdOf(request.params),
          {
            page: q.page,
            perPage: q.per_page,
          },
        );
        return { activities: { data: activities, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );

    r.post(
      '/candidates/:candidate/files',
      {
        config: { permission: 'candidates.manage', rateLimit: UPLOAD_RATE },
        schema: {
          tags,
          summary:
            'Uploads a document: multipart `file` (PDF, DOC or DOCX by content, at most 10 MB) and `kind` (resume, cover_letter, other)',
          consumes: ['multipart/form-data'],
          params: candidateParams,
          response: { 201: z.object({ file: candidateFile }), 404: errorResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const organisationId = organisationIdOf(request);
        const id = candidateIdOf(request.params);
        // An unknown candidate is refused before the body is read.
        await candidates.get(organisationId, id);
        const doc = await readDocumentUpload(request);
        const file = await candidates.upload(organisationId, actorOf(request), id, doc);
        return reply.code(201).send({ file });
      },
    );

    r.get(
      '/candidates/:candidate/files/:file',
      {
        config: { permission: 'candidates.view' },
        schema: {
          tags,
          summary: 'The document’s bytes, as a download; `?inline=1` shows a PDF inline (preview). Never served as HTML',
          params: fileParams,
          querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
          response: { 404: errorResponse },
        },
      },
      async (request, reply) => {
        const file = await candidates.file(organisationIdOf(request), candidateIdOf(request.params), fileIdOf(request.params));
        return sendDocument(reply, files, file, request.query.inline === '1');
      },
    );

    r.delete(
      '/candidates/:candidate/files/:file',
      {
        config: { permission: 'candidates.manage' },
        schema: {
          tags,
          summary: 'Deletes a document of the candidate',
          params: fileParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await candidates.removeFile(organisationIdOf(request), actorOf(request), candidateIdOf(request.params), fileIdOf(request.params));
        return reply.code(204).send(null);
      },
    );
  };
}
