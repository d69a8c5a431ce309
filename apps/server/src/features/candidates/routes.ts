import { candidateOperations as ops } from '@hireloop/contract/operations/candidates';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { FileService } from '../files/service.ts';
import { acceptDocumentUploads, readDocumentUpload, sendDocument } from './documents.ts';
import { candidateOwners } from './owners.ts';
import { createCandidateService } from './service.ts';

const UPLOAD_RATE = { max: 30, timeWindow: '1 minute' };

/** organisation/{id}/candidates: the people, their notes, timeline and files, and GDPR export, erasure and merge. */
export function candidateRoutes(db: Db, files: FileService) {
  return async (app: FastifyInstance) => {
    const candidates = createCandidateService(db, files, candidateOwners, app.log);
    await acceptDocumentUploads(app);

    route(app, ops.list, { permission: 'candidates.view' }, async (request) => {
      const q = request.query;
      const {
        candidates: data,
        total,
        capped,
      } = await candidates.list(organisationIdOf(request), { page: q.page, perPage: q.per_page, search: q.filter?.search });
      return { candidates: { data, meta: pageMeta(q.page, q.per_page, total, capped) } };
    });
    route(app, ops.get, { permission: 'candidates.view' }, async (request) => ({
      candidate: await candidates.get(organisationIdOf(request), request.params.candidate),
    }));
    route(app, ops.update, { permission: 'candidates.manage' }, async (request) => ({
      candidate: await candidates.update(organisationIdOf(request), actorOf(request), request.params.candidate, request.body),
    }));
    route(app, ops.erase, { permission: 'candidates.erase' }, async (request, reply) => {
      await candidates.erase(organisationIdOf(request), actorOf(request), request.params.candidate);
      return reply.code(204).send(null);
    });
    route(app, ops.merge, { permission: 'candidates.manage' }, async (request) => ({
      candidate: await candidates.merge(organisationIdOf(request), actorOf(request), request.params.candidate, request.body.source_id),
    }));
    // The export is recorded in the audit log.
    route(app, ops.export, { permission: 'candidates.export', writes: true }, async (request, reply) => {
      const id = request.params.candidate;
      const data = await candidates.export(organisationIdOf(request), actorOf(request), id);
      reply.header('content-disposition', `attachment; filename="candidate-${id}.json"`).header('cache-control', 'private, no-store');
      return data;
    });
    route(app, ops.notes, { permission: 'candidates.view' }, async (request) => {
      const q = request.query;
      const { notes, total } = await candidates.notes(organisationIdOf(request), actorOf(request), request.params.candidate, {
        page: q.page,
        perPage: q.per_page,
      });
      return { notes: { data: notes, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.addNote, { permission: 'candidates.note' }, async (request, reply) => {
      const { note, created } = await candidates.addNote(
        organisationIdOf(request),
        actorOf(request),
        request.params.candidate,
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ note });
    });
    route(app, ops.removeNote, { permission: 'candidates.note' }, async (request, reply) => {
      await candidates.removeNote(organisationIdOf(request), actorOf(request), request.params.candidate, request.params.note);
      return reply.code(204).send(null);
    });
    route(app, ops.activities, { permission: 'candidates.view' }, async (request) => {
      const q = request.query;
      const { activities, total } = await candidates.activities(organisationIdOf(request), actorOf(request), request.params.candidate, {
        page: q.page,
        perPage: q.per_page,
      });
      return { activities: { data: activities, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.uploadFile, { permission: 'candidates.manage', rateLimit: UPLOAD_RATE }, async (request, reply) => {
      const organisationId = organisationIdOf(request);
      const id = request.params.candidate;
      // The document first: no connection is held while it arrives (docs/architecture.md §3).
      const doc = await readDocumentUpload(request);
      await candidates.get(organisationId, id);
      const file = await candidates.upload(organisationId, actorOf(request), id, doc);
      return reply.code(201).send({ file });
    });
    route(app, ops.file, { permission: 'candidates.view' }, async (request, reply) => {
      const file = await candidates.file(organisationIdOf(request), request.params.candidate, request.params.file);
      return sendDocument(reply, files, file, request.query.inline === '1');
    });
    route(app, ops.removeFile, { permission: 'candidates.manage' }, async (request, reply) => {
      await candidates.removeFile(organisationIdOf(request), actorOf(request), request.params.candidate, request.params.file);
      return reply.code(204).send(null);
    });
  };
}
