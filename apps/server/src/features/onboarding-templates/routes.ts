import { onboardingTemplateOperations as ops } from '@hireloop/contract/operations/onboarding-templates';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createOnboardingTemplateService } from './service.ts';

/** `organisation/{id}/onboarding-templates`: checklists (tasks and documents) copied onto each hire. */
export function onboardingTemplateRoutes(db: Db) {
  const templates = createOnboardingTemplateService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'onboarding.view' }, async (request) => {
      const q = request.query;
      const { templates: data, total } = await templates.list(organisationIdOf(request), { page: q.page, perPage: q.per_page });
      return { templates: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'onboarding_settings.manage' }, async (request, reply) => {
      const template = await templates.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ template });
    });
    route(app, ops.get, { permission: 'onboarding.view' }, async (request) => ({
      template: await templates.get(organisationIdOf(request), request.params.templateId),
    }));
    route(app, ops.update, { permission: 'onboarding_settings.manage' }, async (request) => ({
      template: await templates.update(organisationIdOf(request), actorOf(request), request.params.templateId, request.body),
    }));
    route(app, ops.remove, { permission: 'onboarding_settings.manage' }, async (request, reply) => {
      await templates.remove(organisationIdOf(request), actorOf(request), request.params.templateId);
      return reply.code(204).send(null);
    });
  };
}
