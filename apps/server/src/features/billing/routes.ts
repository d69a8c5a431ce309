import { billingResponse } from '@hireloop/contract/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { organisationIdOf } from '../../http/organisation-scope.ts';
import { findBilling } from './repository.ts';
import { presentBilling } from './presenter.ts';

export function billingRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/billing',
      {
        config: { permission: 'billing.view' },
        schema: { tags: ['billing'], summary: "The organisation's plan and trial", response: { 200: billingResponse } },
      },
      async (request) => {
        const row = await findBilling(db, organisationIdOf(request));
        if (!row) throw notFound();
        return { billing: presentBilling(row) };
      },
    );
  };
}
