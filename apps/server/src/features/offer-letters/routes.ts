import { offerLetterOperations as ops } from '@hireloop/contract/operations/offer-letters';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { letterTemplateOf, saveLetterTemplate } from './service.ts';

/** `organisation/{id}/offer-letter-template`: the organisation's letter template with {{placeholders}}. */
export function offerLetterRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    route(app, ops.getTemplate, { permission: 'offers.view' }, async (request) => ({
      template: await letterTemplateOf(db, organisationIdOf(request)),
    }));
    route(app, ops.saveTemplate, { permission: 'offers.manage' }, async (request) => ({
      template: await saveLetterTemplate(db, organisationIdOf(request), request.body.body),
    }));
  };
}
