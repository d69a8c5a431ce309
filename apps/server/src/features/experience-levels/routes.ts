import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { experienceLevelOperations as ops } from '@hireloop/contract/operations/experience-levels';
import { can } from '@hireloop/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { pageMeta } from '../../lib/paging.ts';
import { currentMembershipOf } from '../organisations/service.ts';
import { createExperienceLevelService } from './service.ts';

/** docs/product.md §7: `organisation/{id}/experience-level` — list, create, rename, delete, reorder. */
export function experienceLevelRoutes(db: Db) {
  const levels = createExperienceLevelService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'recruitment_settings.view' }, async (request) => {
      const q = request.query;
      const { levels: data, total } = await levels.list(organisationIdOf(request), {
        page: q.page,
        perPage: q.per_page,
        name: q.filter?.name,
      });
      return { levels: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'recruitment_settings.manage' }, async (request, reply) => {
      const level = await levels.create(organisationIdOf(request), actorOf(request), request.body.name);
      return reply.code(201).send({ level });
    });
    route(app, ops.reorder, { permission: 'recruitment_settings.manage' }, async (request) => {
      const data = await levels.reorder(organisationIdOf(request), actorOf(request), request.body);
      return { levels: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
    });
    route(app, ops.rename, { permission: 'recruitment_settings.manage' }, async (request) => {
      const level = await levels.rename(organisationIdOf(request), actorOf(request), request.params.levelId, request.body.name);
      return { level };
    });
    route(app, ops.remove, { permission: 'recruitment_settings.manage' }, async (request, reply) => {
      await levels.remove(organisationIdOf(request), actorOf(request), request.params.levelId);
      return reply.code(204).send(null);
    });
  };
}

/** docs/product.md §7 also names a plain `GET experience-level`: the signed-in user's current organisation's levels. */
export function currentExperienceLevelRoutes(db: Db) {
  const levels = createExperienceLevelService(db);
  return async (app: FastifyInstance) => {
    // Checked in the handler against the current organisation; the permission is declared for docs/permissions.md.
    route(app, ops.listCurrent, { preHandler: [requireSession], permission: 'recruitment_settings.view' }, async (request) => {
      const membership = await currentMembershipOf(db, userIdOf(request));
      if (!membership) throw new AppError('not_found', ERROR_TEXTS.noBusinessSet);
      if (!can(membership.role, 'recruitment_settings.view')) throw new AppError('forbidden', ERROR_TEXTS.forbidden);
      const q = request.query;
      const { levels: data, total } = await levels.list(membership.organisationId, {
        page: q.page,
        perPage: q.per_page,
        name: q.filter?.name,
      });
      return { levels: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
  };
}
