import { recruitmentSettingsOperations as ops } from '@hireloop/contract/operations/recruitment-settings';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { createRecruitmentSettingsService } from './service.ts';

/** `organisation/{id}/recruitment-settings`: default interview length and candidate data retention. */
export function recruitmentSettingsRoutes(db: Db) {
  const settings = createRecruitmentSettingsService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.get, { permission: 'recruitment_settings.view' }, async (request) => ({
      recruitment_settings: await settings.get(organisationIdOf(request)),
    }));
    route(app, ops.update, { permission: 'recruitment_settings.manage' }, async (request) => ({
      recruitment_settings: await settings.update(organisationIdOf(request), actorOf(request), request.body),
    }));
  };
}
