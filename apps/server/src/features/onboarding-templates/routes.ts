import { errorResponse } from '@hireloop/contract/error-response';
import {
  onboardingTemplateBody,
  onboardingTemplateResponse,
  onboardingTemplatesResponse,
  updateOnboardingTemplateBody,
} from '@hireloop/contract/onboarding';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createOnboardingTemplateService } from './service.ts';

const templateParams = z.object({ organisationId: z.string(), templateId: z.string() });
const tags = ['onboarding templates'];

/** `organisation/{id}/onboarding-templates`: checklists (tasks and documents) copied onto each hire. */
export function onboardingTemplateRoutes(db: Db) {
  const templates = createOnboardingTemplateService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/onboarding-templates',
      {
        config: { permission: 'onboarding.view' },
        schema: {
          tags,
          summary: 'The checklist templates, by name',
          querystring: listQuery,
          response: { 200: onboardingTemplatesResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { templates: data, total } = await templates.list(organisationIdOf(request), { page: q.page, perPage: q.per_page });
        return { templates: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/onboarding-templates',
      {
        config: { permission: 'onboarding_settings.manage' },
        schema: {
          tags,
          summary: 'Creates a template: name, first-day information, tasks (owner and days relative to the start date) and documents',
          body: onboardingTemplateBody,
          response: { 201: onboardingTemplateResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const template = await templates.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ template });
      },
    );
    r.get(
      '/onboarding-templates/:templateId',
      {
        config: { permission: 'onboarding.view' },
        schema: {
          tags,
          summary: 'One template',
          params: templateParams,
          response: { 200: onboardingTemplateResponse, 404: errorResponse },
        },
      },
      async (request) => ({ template: await templates.get(organisationIdOf(request), request.params.templateId) }),
    );
    r.patch(
      '/onboarding-templates/:templateId',
      {
        config: { permission: 'onboarding_settings.manage' },
        schema: {
          tags,
          summary: 'Changes a template; sent task and document lists replace the old ones (hires keep their copies)',
          params: templateParams,
          body: updateOnboardingTemplateBody,
          response: { 200: onboardingTemplateResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        template: await templates.update(organisationIdOf(request), actorOf(request), request.params.templateId, request.body),
      }),
    );
    r.delete(
      '/onboarding-templates/:templateId',
      {
        config: { permission: 'onboarding_settings.manage' },
        schema: {
          tags,
          summary: 'Deletes a template (hires keep their checklists)',
          params: templateParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await templates.remove(organisationIdOf(request), actorOf(request), request.params.templateId);
        return reply.code(204).send(null);
      },
    );
  };
}
