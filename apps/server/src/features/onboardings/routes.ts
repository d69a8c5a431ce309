import { errorResponse } from '@hireloop/contract/error-response';
import {
  acceptedOffersResponse,
  importAcceptedOffersBody,
  importAcceptedOffersResponse,
  onboardingDashboardResponse,
  onboardingResponse,
  updateOnboardingBody,
} from '@hireloop/contract/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import type { FileService } from '../files/service.ts';
import { createAcceptedOfferService } from './accepted-offers.ts';
import { createOnboardingDashboardService } from './dashboard.ts';
import { documentRoutes } from './document-routes.ts';
import { hireRoutes } from './hire-routes.ts';
import { createHireService } from './hires.ts';
import { taskRoutes } from './task-routes.ts';

const tags = ['onboarding'];
const onboardingParams = z.object({ organisationId: z.string(), onboardingId: z.string() });

/**
 * GET /onboarding, the Onboarding Dashboard. It answers every organisation, subscribed or not: the
 * web shows the offer of the product from its `not_subscribed` (with no stages or hires then).
 */
export function onboardingDashboardRoutes(db: Db) {
  const dashboard = createOnboardingDashboardService(db);
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
      async (request) => ({ onboarding: await dashboard.dashboard(organisationIdOf(request)) }),
    );
  };
}

/**
 * A role's onboarding, accepted offers to bring in, hires, their checklists and documents. Only for
 * an organisation subscribed to Onboarding: app.ts registers these in onboardingProductScope.
 */
export function onboardingRoutes(db: Db, files: FileService, deps: { appUrl: string }) {
  const dashboard = createOnboardingDashboardService(db);
  const hires = createHireService(db, { appUrl: deps.appUrl, files });
  const acceptedOffers = createAcceptedOfferService(db);
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
      async (request) => ({ accepted_offers: await acceptedOffers.list(organisationIdOf(request)) }),
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
      async (request) => acceptedOffers.import(organisationIdOf(request), actorOf(request), request.body.offer_ids),
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
      async (request) => ({ onboarding: await dashboard.detail(organisationIdOf(request), request.params.onboardingId) }),
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
        onboarding: await dashboard.update(organisationIdOf(request), actorOf(request), request.params.onboardingId, request.body),
      }),
    );
    await app.register(hireRoutes(hires));
    await app.register(taskRoutes(db));
    await app.register(documentRoutes(db, files));
  };
}
