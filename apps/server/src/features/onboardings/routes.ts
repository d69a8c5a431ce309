import { errorResponse } from '@hireloop/contract/error-response';
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
} from '@hireloop/contract/onboarding';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { FileService } from '../files/service.ts';
import { acceptHireFileUploads, readHireFileUpload, sendHireFile } from './document-files.ts';
import { createOnboardingService, onboardingDashboard, type HireListOptions, type OnboardingService } from './service.ts';

const tags = ['onboarding'];
const onboardingParams = z.object({ organisationId: z.string(), onboardingId: z.string() });
const hireParams = z.object({ organisationId: z.string(), hireId: z.string() });
const taskParams = hireParams.extend({ taskId: z.string() });
const documentParams = hireParams.extend({ documentId: z.string() });
const hiresQuery = listQuery.extend({
  filter: z.record(z.string(), z.string().max(2000)).optional(),
  q: z.string().max(200).optional(),
});
const isSort = (s: string): s is HireListOptions['sort'] => (HIRE_SORTS as readonly string[]).includes(s);
const UPLOAD_RATE = { max: 30, timeWindow: '1 minute' };

/**
 * GET /onboarding, the Onboarding Dashboard. It answers every organisation, subscribed or not: the
 * web shows the offer of the product from its `not_subscribed` (with no stages or hires then).
 */
export function onboardingDashboardRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/onboarding',
      {
        // The default stages are created on first use.
        config: { permission: 'onboarding.view', writes: true },
        schema: {
          tags,
          summary:
            'The Onboarding Dashboard: subscription state, stages, and one onboarding per role with hires (counts per stage, overdue tasks)',
          response: { 200: onboardingDashboardResponse },
        },
      },
      async (request) => ({ onboarding: await onboardingDashboard(db, organisationIdOf(request)) }),
    );
  };
}

/**
 * A role's onboarding, accepted offers to bring in, hires (the table, the board, one hire, adding
 * by hand, moving, the new-hire link), their checklists and documents. Only for an organisation
 * subscribed to Onboarding: app.ts registers these in onboardingProductScope (product-gate.ts).
 */
export function onboardingRoutes(db: Db, files: FileService, deps: { appUrl: string }) {
  const onboarding = createOnboardingService(db, { appUrl: deps.appUrl, files });
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/onboarding/accepted-offers',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary:
            'Accepted offers whose person is not in onboarding yet (e.g. accepted before the organisation subscribed), with role and start date',
          response: { 200: acceptedOffersResponse },
        },
      },
      async (request) => ({ accepted_offers: await onboarding.acceptedOffers(organisationIdOf(request)) }),
    );
    r.post(
      '/onboarding/accepted-offers/import',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary:
            "Brings accepted offers' people into their role's onboarding with the offer's start date; one already in it is skipped (idempotent)",
          body: importAcceptedOffersBody,
          response: { 200: importAcceptedOffersResponse, 422: errorResponse },
        },
      },
      async (request) => onboarding.importAcceptedOffers(organisationIdOf(request), actorOf(request), request.body.offer_ids),
    );
    r.get(
      '/onboardings/:onboardingId',
      {
        // The default stages are created on first use.
        config: { permission: 'onboarding.view', writes: true },
        schema: {
          tags,
          summary: "A role's onboarding: role, template, stages and counts",
          params: onboardingParams,
          response: { 200: onboardingResponse, 404: errorResponse },
        },
      },
      async (request) => ({ onboarding: await onboarding.onboarding(organisationIdOf(request), request.params.onboardingId) }),
    );
    r.patch(
      '/onboardings/:onboardingId',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Sets the template new hires of the role get (null: none)',
          params: onboardingParams,
          body: updateOnboardingBody,
          response: { 200: onboardingResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        onboarding: await onboarding.updateOnboarding(
          organisationIdOf(request),
          actorOf(request),
          request.params.onboardingId,
          request.body,
        ),
      }),
    );
    r.get(
      '/onboardings/:onboardingId/hires',
      {
        config: { permission: 'onboarding.view' },
        schema: {
          tags,
          summary: `The onboarding's hires (table): filter[stage] (stage ids, comma-separated), q (name or e-mail), sort: ${HIRE_SORTS.join(', ')}`,
          params: onboardingParams,
          querystring: hiresQuery,
          response: { 200: hiresResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const sort = q.sort ?? 'stage';
        if (!isSort(sort)) throw validationFailed({ sort: [`Sort by one of: ${HIRE_SORTS.join(', ')}.`] });
        const search = (q.q ?? q.filter?.search)?.trim() || undefined;
        const stageIds = (q.filter?.stage ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const { hires: data, total } = await onboarding.hires(organisationIdOf(request), request.params.onboardingId, {
          page: q.page,
          perPage: q.per_page,
          sort,
          stageIds,
          search,
        });
        return { hires: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.get(
      '/onboardings/:onboardingId/board',
      {
        // The default stages are created on first use.
        config: { permission: 'onboarding.view', writes: true },
        schema: {
          tags,
          summary: 'The board: every stage in order with its hires in board order',
          params: onboardingParams,
          response: { 200: hireBoardResponse, 404: errorResponse },
        },
      },
      async (request) => ({ board: await onboarding.board(organisationIdOf(request), request.params.onboardingId) }),
    );
    r.post(
      '/hires',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: "Adds a hire by hand to the role's onboarding (created when needed), first stage, the template's checklist copied",
          body: createHireBody,
          response: { 201: hireResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const hire = await onboarding.createHire(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ hire });
      },
    );
    r.get(
      '/hires/:hireId',
      {
        config: { permission: 'onboarding.view' },
        schema: {
          tags,
          summary: 'One hire with its checklist and documents',
          params: hireParams,
          response: { 200: hireResponse, 404: errorResponse },
        },
      },
      async (request) => ({ hire: await onboarding.hire(organisationIdOf(request), request.params.hireId) }),
    );
    r.patch(
      '/hires/:hireId',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Changes the start date (relative due dates follow), manager, buddy (their tasks follow) or first-day information',
          params: hireParams,
          body: updateHireBody,
          response: { 200: hireResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        hire: await onboarding.updateHire(organisationIdOf(request), actorOf(request), request.params.hireId, request.body),
      }),
    );
    r.delete(
      '/hires/:hireId',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Removes the hire from onboarding, with its checklist and documents',
          params: hireParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await onboarding.removeHire(organisationIdOf(request), actorOf(request), request.params.hireId);
        return reply.code(204).send(null);
      },
    );
    r.post(
      '/hires/:hireId/move',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary:
            'Moves the hire to a stage, between after_id and before_id or at the end; conflict: true when `version` was stale; a card already there is left as it is',
          params: hireParams,
          body: moveHireBody,
          response: { 200: moveHireResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => onboarding.moveHire(organisationIdOf(request), actorOf(request), request.params.hireId, request.body),
    );
    r.post(
      '/hires/:hireId/new-hire-link',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Issues a fresh new-hire link (the old one stops working) and e-mails it to the hire',
          params: hireParams,
          response: { 200: newHireLinkResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => onboarding.newHireLink(organisationIdOf(request), actorOf(request), request.params.hireId),
    );
    r.post(
      '/hires/:hireId/tasks',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Adds a task to the checklist (owner: a member, due on a date)',
          params: hireParams,
          body: createHireTaskBody,
          response: { 201: hireTaskResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const task = await onboarding.createTask(organisationIdOf(request), actorOf(request), request.params.hireId, request.body);
        return reply.code(201).send({ task });
      },
    );
    r.patch(
      '/hires/:hireId/tasks/:taskId',
      {
        config: { permission: 'onboarding.tasks' },
        schema: {
          tags,
          summary: 'Ticks, reopens or changes a task; without onboarding.manage only its owner may, and only tick or reopen it (403)',
          params: taskParams,
          body: updateHireTaskBody,
          response: { 200: hireTaskResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        task: await onboarding.updateTask(
          organisationIdOf(request),
          actorOf(request),
          request.params.hireId,
          request.params.taskId,
          request.body,
        ),
      }),
    );
    r.delete(
      '/hires/:hireId/tasks/:taskId',
      {
        config: { permission: 'onboarding.manage' },
        schema: { tags, summary: 'Deletes a task', params: taskParams, response: { 204: z.null(), 404: errorResponse } },
      },
      async (request, reply) => {
        await onboarding.removeTask(organisationIdOf(request), actorOf(request), request.params.hireId, request.params.taskId);
        return reply.code(204).send(null);
      },
    );
    await app.register(documentRoutes(onboarding, files));
  };
}

/** Documents to collect from a hire, and their files: only these routes take a multipart body. */
function documentRoutes(onboarding: OnboardingService, files: FileService) {
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
        const document = await onboarding.createDocument(organisationIdOf(request), actorOf(request), request.params.hireId, request.body);
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
        await onboarding.assertDocument(organisationId, hireId, documentId);
        const upload = await readHireFileUpload(request);
        return { document: await onboarding.uploadDocument(organisationId, actorOf(request), hireId, documentId, upload) };
      },
    );
    r.get(
      '/hires/:hireId/documents/:documentId/file',
      {
        config: { permission: 'onboarding.view' },
        schema: { tags, summary: "The document's file, as a download", params: documentParams, response: { 404: errorResponse } },
      },
      async (request, reply) => {
        const file = await onboarding.documentFile(organisationIdOf(request), request.params.hireId, request.params.documentId);
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
        await onboarding.removeDocument(organisationIdOf(request), actorOf(request), request.params.hireId, request.params.documentId);
        return reply.code(204).send(null);
      },
    );
  };
}
