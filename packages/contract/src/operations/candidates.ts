import { z } from 'zod';
import {
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
} from '../candidates.ts';
import { errorResponse } from '../error-response.ts';
import { filterText, listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['candidates'];
const candidates = 'organisation/{organisationId}/candidates';
const candidate = `${candidates}/{candidate}` as const;

/** `?filter[search]=…` of the people list (words of the name or e-mail by their beginning). */
export const candidatesQuery = listQuery.extend({ filter: z.object({ search: filterText() }).optional() });

/** `?inline=1` shows a PDF inline (preview); otherwise the document is a download. */
export const candidateFileQuery = z.object({ inline: z.enum(['0', '1']).optional() });

/** organisation/{id}/candidates: the people, their notes, timeline and files, and GDPR export, erasure and merge. */
export const candidateOperations = {
  list: defineOperation({
    method: 'GET',
    path: candidates,
    tags,
    summary:
      'People of the organisation by name, paged; filter[search] finds words of the name or e-mail by their beginning (accents and case ignored, typos when nothing matches), best matches first, total counted up to 1,000 (then `meta.total_capped`: read it as 1,000+). Erased ones are left out',
    query: candidatesQuery,
    responses: { 200: candidatesResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: candidate,
    tags,
    summary: 'A candidate (the person)',
    responses: { 200: candidateResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: candidate,
    tags,
    summary: 'Changes the person’s details or consent; an e-mail another candidate has: 409; an erased candidate: 422',
    body: updateCandidateBody,
    responses: { 200: candidateResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  erase: defineOperation({
    method: 'DELETE',
    path: candidate,
    tags,
    summary: 'Erases the person (GDPR): personal fields, notes and files are removed; applications stay anonymously for analytics; audited',
    responses: { 204: z.null(), 404: errorResponse, 422: errorResponse },
  }),
  merge: defineOperation({
    method: 'POST',
    path: `${candidate}/merge`,
    tags,
    summary: 'Merges `source_id` into this candidate: applications, notes, files and timeline move here; the source is deleted',
    body: mergeCandidateBody,
    responses: { 200: candidateResponse, 404: errorResponse, 422: errorResponse },
  }),
  export: defineOperation({
    method: 'GET',
    path: `${candidate}/export`,
    tags,
    summary: 'The person’s data as JSON (GDPR access), as the attachment candidate-{id}.json',
    responses: { 200: candidateExport, 404: errorResponse },
  }),
  notes: defineOperation({
    method: 'GET',
    path: `${candidate}/notes`,
    tags,
    summary: 'Notes on the candidate, newest first, paged; each says what the caller may do to it (`policies`)',
    query: listQuery,
    responses: { 200: notesResponse, 404: errorResponse, 422: errorResponse },
  }),
  addNote: defineOperation({
    method: 'POST',
    path: `${candidate}/notes`,
    tags,
    summary:
      'Adds a note; `@[Name](user-id)` mentions a member of the organisation, who is notified. A create repeated with the same `client_id` answers 200 with the first note and notifies no one again',
    body: createNoteBody,
    responses: { 200: noteResponse, 201: noteResponse, 404: errorResponse, 422: errorResponse },
  }),
  removeNote: defineOperation({
    method: 'DELETE',
    path: `${candidate}/notes/{note}`,
    tags,
    summary: 'Deletes a note: its author, or an owner or admin (others: 403)',
    responses: { 204: z.null(), 403: errorResponse, 404: errorResponse },
  }),
  activities: defineOperation({
    method: 'GET',
    path: `${candidate}/activities`,
    tags,
    summary:
      'The candidate’s activity timeline, newest first, paged; each entry as the caller may see the object it is about (an interviewer: only the interviews they are on, others’ recommendations once their own scorecard is in, no offers)',
    query: listQuery,
    responses: { 200: activitiesResponse, 404: errorResponse, 422: errorResponse },
  }),
  uploadFile: defineOperation({
    method: 'POST',
    path: `${candidate}/files`,
    tags,
    summary: 'Uploads a document: multipart `file` (PDF, DOC or DOCX by content, at most 10 MB) and `kind` (resume, cover_letter, other)',
    consumes: ['multipart/form-data'],
    responses: {
      201: z.object({ file: candidateFile }),
      400: errorResponse,
      404: errorResponse,
      413: errorResponse,
      422: errorResponse,
    },
  }),
  file: defineOperation({
    method: 'GET',
    path: `${candidate}/files/{file}`,
    tags,
    summary: 'The document’s bytes, as a download; `?inline=1` shows a PDF inline (preview). Never served as HTML',
    query: candidateFileQuery,
    responses: { 404: errorResponse, 422: errorResponse },
  }),
  removeFile: defineOperation({
    method: 'DELETE',
    path: `${candidate}/files/{file}`,
    tags,
    summary: 'Deletes a document of the candidate',
    responses: { 204: z.null(), 404: errorResponse },
  }),
};
