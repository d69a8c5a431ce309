import { onboardingStageOperations as ops } from '@hireloop/contract/operations/onboarding-stages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createOnboardingStageService } from './service.ts';

/** `organisation/{id}/onboarding-stages`: the columns of every onboarding — list, create, change, delete, reorder. */
export function onboardingStageRoutes(db: Db) {
  const stages = createOnboardingStageService(db);
  return async (app: FastifyInstance) => {
    // The default stages are created on first use.
    route(app, ops.list, { permission: 'onboarding.view', writes: true }, async (request) => {
      const q = request.query;
      const { stages: data, total } = await stages.list(organisationIdOf(request), { page: q.page, perPage: q.per_page });
      return { stages: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'onboarding_settings.manage' }, async (request, reply) => {
      const stage = await stages.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ stage });
    });
    route(app, ops.reorder, { permission: 'onboarding_settings.manage' }, async (request) => {
      const data = await stages.reorder(organisationIdOf(request), actorOf(request), request.body);
      return { stages: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
    });
    route(app, ops.update, { permission: 'onboarding_settings.manage' }, async (request) => {
      const stage = await stages.update(organisationIdOf(request), actorOf(request), request.params.stageId, request.body);
      return { stage };
    });
    route(app, ops.remove, { permission: 'onboarding_settings.manage' }, async (request, reply) => {
      await stages.remove(organisationIdOf(request), actorOf(request), request.params.stageId);
      return reply.code(204).send(null);
    });
  };
}
