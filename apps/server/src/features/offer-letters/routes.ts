import { errorResponse } from '@hireloop/contract/error-response';
import { offerLetterTemplateBody, offerLetterTemplateResponse } from '@hireloop/contract/offers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { organisationIdOf } from '../../http/organisation-scope.ts';
import { letterTemplateOf, saveLetterTemplate } from './service.ts';

const tags = ['offers'];
const params = z.object({ organisationId: z.string() });

/** `organisation/{id}/offer-letter-template`: the organisation's letter template with {{placeholders}}. */
export function offerLetterRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/offer-letter-template',
      {
        config: { permission: 'offers.view' },
        schema: {
          tags,
          summary: "The organisation's offer letter template (the default while none is saved) and its placeholders",
          params,
          response: { 200: offerLetterTemplateResponse },
        },
      },
      async (request) => ({ template: await letterTemplateOf(db, organisationIdOf(request)) }),
    );
    r.put(
      '/offer-letter-template',
      {
        config: { permission: 'offers.manage' },
        schema: {
          tags,
          summary: 'Saves the offer letter template; unknown {{placeholders}} are refused (422)',
          params,
          body: offerLetterTemplateBody,
          response: { 200: offerLetterTemplateResponse, 422: errorResponse },
        },
      },
      async (request) => ({ template: await saveLetterTemplate(db, organisationIdOf(request), request.body.body) }),
    );
  };
}
