import { notificationsResponse } from '@hireloop/contract/notifications';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { pageMeta } from '../../lib/paging.ts';
import { listNotifications, markAllRead } from './repository.ts';
import { presentNotification } from './service.ts';

export function notificationRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/notifications',
      {
        preHandler: [requireSession],
        schema: {
          tags: ['notifications'],
          summary: "The signed-in user's notifications, newest first; filter[unread]=1 for unread only",
          querystring: listQuery,
          response: { 200: notificationsResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const unreadOnly = q.filter?.unread === '1' || q.filter?.unread === 'true';
        const { rows, total } = await listNotifications(db, userIdOf(request), q.page, q.per_page, unreadOnly);
        return {
          notifications: {
            data: rows.map(presentNotification),
            meta: pageMeta(q.page, q.per_page, total),
          },
        };
      },
    );
    r.delete(
      '/notifications',
      { preHandler: [requireSession], schema: { tags: ['notifications'], summary: 'Marks all as read', response: { 204: z.null() } } },
      async (request, reply) => {
        await markAllRead(db, userIdOf(request));
        return reply.code(204).send(null);
      },
    );
  };
}
