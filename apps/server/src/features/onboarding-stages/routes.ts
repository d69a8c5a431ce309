import { errorResponse } from '@hireloop/contract/error-response';
import {
  createOnboardingStageBody,
  onboardingStageResponse,
  onboardingStagesResponse,
  updateOnboardingStageBody,
} from '@hireloop/contract/onboarding';
import { reorderBody } from '@hireloop/contract/ordering';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createOnboardingStageService } from './service.ts';

const stageParams = z.object({ organisationId: z.string(), stageId: z.string() });
const tags = ['onboarding stages'];

/** `organisation/{id}/onboarding-stages`: the columns of every onboarding — list, create, change, delete, reorder. */
export function onboardingStageRoutes(db: Db) {
  const stages = createOnboardingStageService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/onboarding-stages',
      {
        // The default stages are created on first use.
        config: { permission: 'onboarding.view', writes: true },
        schema: {
          tags,
          summary: "The organisation's onboarding stages in order (the defaults are created on first use)",
          querystring: listQuery,
          response: { 200: onboardingStagesResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { stages: data, total } = await stages.list(organisationIdOf(request), { page: q.page, perPage: q.per_page });
        return { stages: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/onboarding-stages',
      {
        config: { permission: 'onboarding_settings.manage' },
        schema: {
          tags,
          summary: 'Adds a stage at the end (colour defaults to #228be6, category to in_progress)',
          body: createOnboardingStageBody,
          response: { 201: onboardingStageResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const stage = await stages.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ stage });
      },
    );
    r.patch(
      '/onboarding-stages/reorder',
      {
        config: { permission: 'onboarding_settings.manage' },
        schema: {
          tags,
          summary: 'Moves the stage at position `original` to position `new` (both 1-based); returns the new order',
          body: reorderBody,
          response: { 200: onboardingStagesResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const data = await stages.reorder(organisationIdOf(request), actorOf(request), request.body);
        return { stages: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
      },
    );
    r.patch(
      '/onboarding-stages/:stageId',
      {
        config: { permission: 'onboarding_settings.manage' },
        schema: {
          tags,
          summary: 'Renames, recolours or recategorises a stage',
          params: stageParams,
          body: updateOnboardingStageBody,
          response: { 200: onboardingStageResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const stage = await stages.update(organisationIdOf(request), actorOf(request), request.params.stageId, request.body);
        return { stage };
      },
    );
    r.delete(
      '/onboarding-stages/:stageId',
      {
        config: { permission: 'onboarding_settings.manage' },
        schema: {
          tags,
          summary: 'Deletes a stage; the ones after it move up. A stage holding hires, or the last one, cannot be deleted (422)',
          params: stageParams,
          response: { 204: z.null(), 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        await stages.remove(organisationIdOf(request), actorOf(request), request.params.stageId);
        return reply.code(204).send(null);
      },
    );
  };
}
