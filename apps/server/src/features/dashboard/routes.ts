import { dashboardResponse } from '@hireloop/contract/candidates';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { createDashboardService } from './service.ts';

/** docs/product.md §13: `organisation/{id}/dashboard` — the signed-in user's day. */
export function dashboardRoutes(db: Db, clock: Clock = systemClock) {
  const dashboards = createDashboardService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/dashboard',
      {
        config: { permission: 'dashboard.view' },
        schema: {
          tags: ['dashboard'],
          summary:
            'The caller’s dashboard: open recruitments they own or hire for (all open ones for owners, admins and recruiters on none) with this week’s movement, recent activity in them, and counts',
          response: { 200: dashboardResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        // dashboard.view allows no API key: the caller is a member.
        if (actor.kind !== 'user') throw new AppError('forbidden', ERROR_TEXTS.forbidden);
        return { dashboard: await dashboards.of(organisationIdOf(request), actor, clock()) };
      },
    );
  };
}
