import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import {
  HIRE_SORTS,
  acceptedOffersResponse,
  createHireBody,
  createHireDocumentBody,
  createHireTaskBody,
  hireBoardResponse,
  hireDocumentResponse,
  hireResponse,
  hiresResponse,
  hireTaskResponse,
  importAcceptedOffersBody,
  importAcceptedOffersResponse,
  moveHireBody,
  moveHireResponse,
  newHireLinkResponse,
  onboardingDashboardResponse,
  onboardingResponse,
  updateHireBody,
  updateHireTaskBody,
  updateOnboardingBody,
} from '../onboarding.ts';
import { listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['onboarding'];
const organisation = 'organisation/{organisationId}';
const onboarding = `${organisation}/onboardings/{onboardingId}` as const;
const hire = `${organisation}/hires/{hireId}` as const;
const task = `${hire}/tasks/{taskId}` as const;
const document = `${hire}/documents/{documentId}` as const;

/**
 * `GET …/onboardings/{id}/hires`: page, per_page, sort (HIRE_SORTS, `stage` when absent),
 * `filter[stage]` (stage ids, comma-separated: a list of ids, empty for none), `q` or
 * `filter[search]` (name or e-mail; `q` wins when both are sent, blank is no search).
 */
export const hiresQuery = listQuery.extend({
  sort: z.enum(HIRE_SORTS, { error: `Sort by one of: ${HIRE_SORTS.join(', ')}.` }).default('stage'),
  filter: z
    .object({
      stage: z
        .string()
        .max(2000)
        .transform((v) =>
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        )
        .optional(),
      search: z
        .string()
        .max(2000)
        .transform((v) => v.trim())
        .optional(),
    })
    .optional(),
  q: z
    .string()
    .max(200)
    .transform((v) => v.trim())
    .optional(),
});

/**
 * `organisation/{id}/onboarding…`, `…/onboardings/{id}…` and `…/hires…`: the Onboarding Dashboard, a
 * role's onboarding, accepted offers to bring in, hires (the table, the board, one hire, adding by
 * hand, moving, the new-hire link), their checklists and documents.
 */
export const onboardingOperations = {
  dashboard: defineOperation({
    method: 'GET',
    path: `${organisation}/onboarding`,
    tags,
    summary:
      'The Onboarding Dashboard: subscription state, stages, and one onboarding per role with hires (counts per stage, overdue tasks)',
    responses: { 200: onboardingDashboardResponse },
  }),
  acceptedOffers: defineOperation({
    method: 'GET',
    path: `${organisation}/onboarding/accepted-offers`,
    tags,
    summary:
      'Accepted offers whose person is not in onboarding yet (e.g. accepted before the organisation subscribed), with role and start date',
    responses: { 200: acceptedOffersResponse },
  }),
  importAcceptedOffers: defineOperation({
    method: 'POST',
    path: `${organisation}/onboarding/accepted-offers/import`,
    tags,
    summary:
      "Brings accepted offers' people into their role's onboarding with the offer's start date; one already in it is skipped (idempotent)",
    body: importAcceptedOffersBody,
    responses: { 200: importAcceptedOffersResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: onboarding,
    tags,
    summary: "A role's onboarding: role, template, stages and counts",
    responses: { 200: onboardingResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: onboarding,
    tags,
    summary: 'Sets the template new hires of the role get (null: none)',
    body: updateOnboardingBody,
    responses: { 200: onboardingResponse, 404: errorResponse, 422: errorResponse },
  }),
  hires: defineOperation({
    method: 'GET',
    path: `${onboarding}/hires`,
    tags,
    summary: `The onboarding's hires (table): filter[stage] (stage ids, comma-separated), q (name or e-mail), sort: ${HIRE_SORTS.join(', ')}`,
    query: hiresQuery,
    responses: { 200: hiresResponse, 404: errorResponse, 422: errorResponse },
  }),
  board: defineOperation({
    method: 'GET',
    path: `${onboarding}/board`,
    tags,
    summary: 'The board: every stage in order with its hires in board order',
    responses: { 200: hireBoardResponse, 404: errorResponse },
  }),
  createHire: defineOperation({
    method: 'POST',
    path: `${organisation}/hires`,
    tags,
    summary: "Adds a hire by hand to the role's onboarding (created when needed), first stage, the template's checklist copied",
    body: createHireBody,
    responses: { 201: hireResponse, 409: errorResponse, 422: errorResponse },
  }),
  hire: defineOperation({
    method: 'GET',
    path: hire,
    tags,
    summary: 'One hire with its checklist and documents',
    responses: { 200: hireResponse, 404: errorResponse },
  }),
  updateHire: defineOperation({
    method: 'PATCH',
    path: hire,
    tags,
    summary: 'Changes the start date (relative due dates follow), manager, buddy (their tasks follow) or first-day information',
    body: updateHireBody,
    responses: { 200: hireResponse, 404: errorResponse, 422: errorResponse },
  }),
  removeHire: defineOperation({
    method: 'DELETE',
    path: hire,
    tags,
    summary: 'Removes the hire from onboarding, with its checklist and documents',
    responses: { 204: z.null(), 404: errorResponse },
  }),
  moveHire: defineOperation({
    method: 'POST',
    path: `${hire}/move`,
    tags,
    summary:
      'Moves the hire to a stage, between after_id and before_id or at the end; conflict: true when `version` was stale; a card already there is left as it is',
    body: moveHireBody,
    responses: { 200: moveHireResponse, 404: errorResponse, 422: errorResponse },
  }),
  newHireLink: defineOperation({
    method: 'POST',
    path: `${hire}/new-hire-link`,
    tags,
    summary: 'Issues a fresh new-hire link (the old one stops working) and e-mails it to the hire',
    responses: { 200: newHireLinkResponse, 404: errorResponse, 422: errorResponse },
  }),
  createTask: defineOperation({
    method: 'POST',
    path: `${hire}/tasks`,
    tags,
    summary: 'Adds a task to the checklist (owner: a member, due on a date)',
    body: createHireTaskBody,
    responses: { 201: hireTaskResponse, 404: errorResponse, 422: errorResponse },
  }),
  updateTask: defineOperation({
    method: 'PATCH',
    path: task,
    tags,
    summary: 'Ticks, reopens or changes a task; without onboarding.manage only its owner may, and only tick or reopen it (403)',
    body: updateHireTaskBody,
    responses: { 200: hireTaskResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
  }),
  removeTask: defineOperation({
    method: 'DELETE',
    path: task,
    tags,
    summary: 'Deletes a task',
    responses: { 204: z.null(), 404: errorResponse },
  }),
  createDocument: defineOperation({
    method: 'POST',
    path: `${hire}/documents`,
    tags,
    summary: 'Asks the hire for a document (name, description)',
    body: createHireDocumentBody,
    responses: { 201: hireDocumentResponse, 404: errorResponse, 422: errorResponse },
  }),
  uploadDocumentFile: defineOperation({
    method: 'POST',
    path: `${document}/file`,
    tags,
    summary:
      "Uploads the document's file: multipart `file` (PDF, PNG, JPEG, DOC or DOCX by content, at most 10 MB); replaces an earlier one",
    consumes: ['multipart/form-data'],
    responses: { 200: hireDocumentResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
  }),
  documentFile: defineOperation({
    method: 'GET',
    path: `${document}/file`,
    tags,
    summary: "The document's file, as a download",
    responses: { 404: errorResponse },
  }),
  removeDocument: defineOperation({
    method: 'DELETE',
    path: document,
    tags,
    summary: 'Deletes the document (and its file)',
    responses: { 204: z.null(), 404: errorResponse },
  }),
};
