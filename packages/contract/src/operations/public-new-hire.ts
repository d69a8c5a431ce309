import { errorResponse } from '../error-response.ts';
import { newHireTaskBody, newHireTaskResponse, publicNewHireResponse } from '../onboarding.ts';
import { defineOperation } from './operation.ts';

const tags = ['public new-hire page'];
const page = 'public/new-hire/{token}';

/** `public/new-hire/{token}…`: the new hire's page, reachable with the e-mailed link only (no account). */
export const publicNewHireOperations = {
  view: defineOperation({
    method: 'GET',
    path: page,
    tags,
    summary:
      "The new hire's page: organisation, role, start date, first-day information, manager, buddy, documents asked for, own tasks (404 unknown link)",
    responses: { 200: publicNewHireResponse, 404: errorResponse },
  }),
  uploadDocument: defineOperation({
    method: 'POST',
    path: `${page}/documents/{documentId}`,
    tags,
    summary: 'The new hire uploads a document asked for: multipart `file` (PDF, PNG, JPEG, DOC or DOCX by content, at most 10 MB)',
    consumes: ['multipart/form-data'],
    responses: { 200: publicNewHireResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
  }),
  tickTask: defineOperation({
    method: 'POST',
    path: `${page}/tasks/{taskId}`,
    tags,
    summary: 'The new hire ticks off (`done: true`) or reopens one of their own tasks (404 for any other task or an unknown link)',
    body: newHireTaskBody,
    responses: { 200: newHireTaskResponse, 404: errorResponse, 422: errorResponse },
  }),
  logo: defineOperation({
    method: 'GET',
    path: `${page}/logo`,
    tags,
    summary: "The organisation's logo for the new-hire page",
    responses: { 404: errorResponse },
  }),
};
