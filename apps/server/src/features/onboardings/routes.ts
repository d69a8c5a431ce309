import { onboardingOperations as ops } from '@hireloop/contract/operations/onboardings';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { FileService } from '../files/service.ts';
import { acceptHireFileUploads, readHireFileUpload, sendHireFile } from './document-files.ts';
import { createOnboardingService, onboardingDashboard, type OnboardingService } from './service.ts';

const UPLOAD_RATE = { max: 30, timeWindow: '1 minute' };

/**
 * GET /onboarding, the Onboarding Dashboard. It answers every organisation, subscribed or not: the
 * web shows the offer of the product from its `not_subscribed` (with no stages or hires then).
 */
export function onboardingDashboardRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    // The default stages are created on first use.
    route(app, ops.dashboard, { permission: 'onboarding.view', writes: true }, async (request) => ({
      onboarding: await onboardingDashboard(db, organisationIdOf(request)),
    }));
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
    route(app, ops.acceptedOffers, { permission: 'onboarding.manage' }, async (request) => ({
      accepted_offers: await onboarding.acceptedOffers(organisationIdOf(request)),
    }));
    route(app, ops.importAcceptedOffers, { permission: 'onboarding.manage' }, async (request) =>
      onboarding.importAcceptedOffers(organisationIdOf(request), actorOf(request), request.body.offer_ids),
    );
    // The default stages are created on first use.
    route(app, ops.get, { permission: 'onboarding.view', writes: true }, async (request) => ({
      onboarding: await onboarding.onboarding(organisationIdOf(request), request.params.onboardingId),
    }));
    route(app, ops.update, { permission: 'onboarding.manage' }, async (request) => ({
      onboarding: await onboarding.updateOnboarding(organisationIdOf(request), actorOf(request), request.params.onboardingId, request.body),
    }));
    route(app, ops.hires, { permission: 'onboarding.view' }, async (request) => {
      const q = request.query;
      const { hires: data, total } = await onboarding.hires(organisationIdOf(request), request.params.onboardingId, {
        page: q.page,
        perPage: q.per_page,
        sort: q.sort,
        stageIds: q.filter?.stage ?? [],
        search: (q.q ?? q.filter?.search) || undefined,
      });
      return { hires: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    // The default stages are created on first use.
    route(app, ops.board, { permission: 'onboarding.view', writes: true }, async (request) => ({
      board: await onboarding.board(organisationIdOf(request), request.params.onboardingId),
    }));
    route(app, ops.createHire, { permission: 'onboarding.manage' }, async (request, reply) => {
      const hire = await onboarding.createHire(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ hire });
    });
    route(app, ops.hire, { permission: 'onboarding.view' }, async (request) => ({
      hire: await onboarding.hire(organisationIdOf(request), request.params.hireId),
    }));
    route(app, ops.updateHire, { permission: 'onboarding.manage' }, async (request) => ({
      hire: await onboarding.updateHire(organisationIdOf(request), actorOf(request), request.params.hireId, request.body),
    }));
    route(app, ops.removeHire, { permission: 'onboarding.manage' }, async (request, reply) => {
      await onboarding.removeHire(organisationIdOf(request), actorOf(request), request.params.hireId);
      return reply.code(204).send(null);
    });
    route(app, ops.moveHire, { permission: 'onboarding.manage' }, async (request) =>
      onboarding.moveHire(organisationIdOf(request), actorOf(request), request.params.hireId, request.body),
    );
    route(app, ops.newHireLink, { permission: 'onboarding.manage' }, async (request) =>
      onboarding.newHireLink(organisationIdOf(request), actorOf(request), request.params.hireId),
    );
    route(app, ops.createTask, { permission: 'onboarding.manage' }, async (request, reply) => {
      const task = await onboarding.createTask(organisationIdOf(request), actorOf(request), request.params.hireId, request.body);
      return reply.code(201).send({ task });
    });
    route(app, ops.updateTask, { permission: 'onboarding.tasks' }, async (request) => ({
      task: await onboarding.updateTask(
        organisationIdOf(request),
        actorOf(request),
        request.params.hireId,
        request.params.taskId,
        request.body,
      ),
    }));
    route(app, ops.removeTask, { permission: 'onboarding.manage' }, async (request, reply) => {
      await onboarding.removeTask(organisationIdOf(request), actorOf(request), request.params.hireId, request.params.taskId);
      return reply.code(204).send(null);
    });
    await app.register(documentRoutes(onboarding, files));
  };
}

/** Documents to collect from a hire, and their files: only these routes take a multipart body. */
function documentRoutes(onboarding: OnboardingService, files: FileService) {
  return async (app: FastifyInstance) => {
    await acceptHireFileUploads(app);
    route(app, ops.createDocument, { permission: 'onboarding.manage' }, async (request, reply) => {
      const document = await onboarding.createDocument(organisationIdOf(request), actorOf(request), request.params.hireId, request.body);
      return reply.code(201).send({ document });
    });
    route(app, ops.uploadDocumentFile, { permission: 'onboarding.manage', rateLimit: UPLOAD_RATE }, async (request) => {
      const organisationId = organisationIdOf(request);
      const { hireId, documentId } = request.params;
      // The file first: no connection is held while it arrives (docs/architecture.md §3).
      const upload = await readHireFileUpload(request);
      await onboarding.assertDocument(organisationId, hireId, documentId);
      return { document: await onboarding.uploadDocument(organisationId, actorOf(request), hireId, documentId, upload) };
    });
    route(app, ops.documentFile, { permission: 'onboarding.view' }, async (request, reply) => {
      const file = await onboarding.documentFile(organisationIdOf(request), request.params.hireId, request.params.documentId);
      return sendHireFile(reply, files, file);
    });
    route(app, ops.removeDocument, { permission: 'onboarding.manage' }, async (request, reply) => {
      await onboarding.removeDocument(organisationIdOf(request), actorOf(request), request.params.hireId, request.params.documentId);
      return reply.code(204).send(null);
    });
  };
}
