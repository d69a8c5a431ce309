import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { organisationIdOf } from '../../http/organisation-scope.ts';
import { organisationSubscribed } from './service.ts';

const REFUSAL = 'Refused (403) while the organisation is not subscribed to Onboarding.';

/**
 * Registers routes only an organisation subscribed to Onboarding may use: for any other, every
 * caller (member or API key) gets 403 `notSubscribed`, which says where to subscribe. The web hides
 * these screens then; this is what keeps the API from answering them anyway. The hook runs after
 * organisationScope's (a stranger still gets 404, a role without the permission 403) and before the
 * body is read or validated, so nothing is parsed, stored or written for such an organisation.
 */
export function onboardingProductScope(db: Db, routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      const description = route.schema?.description;
      route.schema = {
        ...route.schema,
        description: typeof description === 'string' && description ? `${description}\n\n${REFUSAL}` : REFUSAL,
      };
    });
    scope.addHook('onRequest', async (request) => {
      if (!(await organisationSubscribed(db, organisationIdOf(request)))) throw new AppError('forbidden', ONBOARDING_TEXTS.notSubscribed);
    });
    for (const routesOf of routes) await scope.register(routesOf);
  };
}
