import { notificationOperations as ops } from '@hireloop/contract/operations/notifications';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { pageMeta } from '../../lib/paging.ts';
import { listNotifications, markAllRead } from './repository.ts';
import { presentNotification } from './service.ts';

export function notificationRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    route(app, ops.list, { preHandler: [requireSession] }, async (request) => {
      const q = request.query;
      const { rows, total } = await listNotifications(db, userIdOf(request), q.page, q.per_page, q.filter?.unread === true);
      return {
        notifications: {
          data: rows.map(presentNotification),
          meta: pageMeta(q.page, q.per_page, total),
        },
      };
    });
    route(app, ops.markAllRead, { preHandler: [requireSession] }, async (request, reply) => {
      await markAllRead(db, userIdOf(request));
      return reply.code(204).send(null);
    });
  };
}
