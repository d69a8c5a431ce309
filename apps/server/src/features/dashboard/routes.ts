import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { dashboardOperations as ops } from '@hireloop/contract/operations/dashboard';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { createDashboardService } from './service.ts';

/** docs/product.md §13: `organisation/{id}/dashboard` — the signed-in user's day. */
export function dashboardRoutes(db: Db, clock: Clock = systemClock) {
  const dashboards = createDashboardService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.get, { permission: 'dashboard.view' }, async (request) => {
      const actor = actorOf(request);
      // dashboard.view allows no API key: the caller is a member.
      if (actor.kind !== 'user') throw new AppError('forbidden', ERROR_TEXTS.forbidden);
      return { dashboard: await dashboards.of(organisationIdOf(request), actor, clock()) };
    });
  };
}
