import { errorResponse } from '@hireloop/contract/error-response';
import { recruitmentSettingsResponse, updateRecruitmentSettingsBody } from '@hireloop/contract/recruitment-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { createRecruitmentSettingsService } from './service.ts';

const tags = ['recruitment settings'];

/** `organisation/{id}/recruitment-settings`: default interview length and candidate data retention. */
export function recruitmentSettingsRoutes(db: Db) {
  const settings = createRecruitmentSettingsService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/recruitment-settings',
      {
        config: { permission: 'recruitment_settings.view' },
        schema: { tags, summary: "The organisation's recruitment defaults", response: { 200: recruitmentSettingsResponse } },
      },
      async (request) => ({ recruitment_settings: await settings.get(organisationIdOf(request)) }),
    );
    r.patch(
      '/recruitment-settings',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Changes the default interview length (15–480 minutes) and/or candidate data retention (1–120 months)',
          body: updateRecruitmentSettingsBody,
          response: { 200: recruitmentSettingsResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        recruitment_settings: await settings.update(organisationIdOf(request), actorOf(request), request.body),
      }),
    );
  };
}
