import { errorResponse } from '@hireloop/contract/error-response';
import { onboardingDashboardResponse, onboardingResponse, updateOnboardingBody } from '@hireloop/contract/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import type { FileService } from '../files/service.ts';
import { createOnboardingDashboardService } from './dashboard.ts';
import { documentRoutes } from './document-routes.ts';
import { hireRoutes } from './hire-routes.ts';
import { createHireService } from './hires.ts';
import { taskRoutes } from './task-routes.ts';

const tags = ['onboarding'];
const onboardingParams = z.object({ organisationId: z.string(), onboardingId: z.string() });

/** The Onboarding Dashboard, a role's onboarding, its hires, their checklists and documents. */
export function onboardingRoutes(db: Db, files: FileService, deps: { appUrl: string }) {
  const dashboard = createOnboardingDashboardService(db);
  const hires = createHireService(db, { appUrl: deps.appUrl, files });
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/onboarding',
      {
        config: { permission: 'onboarding.view' },
        schema: {
          tags,
          summary:
            'The Onboarding Dashboard: subscription state, stages, and one onboarding per role with hires (counts per stage, overdue tasks)',
          response: { 200: onboardingDashboardResponse },
        },
      },
      async (request) => ({ onboarding: await dashboard.dashboard(organisationIdOf(request)) }),
    );
    r.get(
      '/onboardings/:onboardingId',
      {
        config: { permission: 'onboarding.view' },
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
