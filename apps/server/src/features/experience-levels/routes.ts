import { errorResponse } from '@hireloop/contract/error-response';
import { experienceLevelBody, experienceLevelResponse, experienceLevelsResponse } from '@hireloop/contract/experience-levels';
import { reorderBody } from '@hireloop/contract/ordering';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { AppError } from '../../http/errors.ts';
import { can } from '@hireloop/contract/permissions';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { currentMembershipOf } from '../organisations/service.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createExperienceLevelService } from './service.ts';

const levelParams = z.object({ organisationId: z.string(), levelId: z.string() });
const tags = ['experience levels'];

/** docs/product.md §7: `organisation/{id}/experience-level` — list, create, rename, delete, reorder. */
export function experienceLevelRoutes(db: Db) {
  const levels = createExperienceLevelService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/experience-level',
      {
        config: { permission: 'recruitment_settings.view' },
        schema: {
          tags,
          summary: "The organisation's experience levels in order; filter[name] searches by name",
          querystring: listQuery,
          response: { 200: experienceLevelsResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { levels: data, total } = await levels.list(organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          name: q.filter?.name?.trim() || undefined,
        });
        return { levels: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/experience-level',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Adds an experience level at the end; names are unique (ignoring case)',
          body: experienceLevelBody,
          response: { 201: experienceLevelResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const level = await levels.create(organisationIdOf(request), actorOf(request), request.body.name);
        return reply.code(201).send({ level });
      },
    );
    r.patch(
      '/experience-level/reorder',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Moves the level at position `original` to position `new` (both 1-based); returns the new order',
          body: reorderBody,
          response: { 200: experienceLevelsResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const data = await levels.reorder(organisationIdOf(request), actorOf(request), request.body);
        return { levels: { data, meta: pageMeta(1, Math.max(1, data.length), data.length) } };
      },
    );
    r.patch(
      '/experience-level/:levelId',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Renames an experience level',
          params: levelParams,
          body: experienceLevelBody,
          response: { 200: experienceLevelResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const level = await levels.rename(organisationIdOf(request), actorOf(request), request.params.levelId, request.body.name);
        return { level };
      },
    );
    r.delete(
      '/experience-level/:levelId',
      {
        config: { permission: 'recruitment_settings.manage' },
        schema: {
          tags,
          summary: 'Deletes an experience level; the ones after it move up',
          params: levelParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await levels.remove(organisationIdOf(request), actorOf(request), request.params.levelId);
        return reply.code(204).send(null);
      },
    );
  };
}

/** docs/product.md §7 also names a plain `GET experience-level`: the signed-in user's current organisation's levels. */
export function currentExperienceLevelRoutes(db: Db) {
  const levels = createExperienceLevelService(db);
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/experience-level',
      {
        preHandler: [requireSession],
        // Checked in the handler against the current organisation; declared here for docs/permissions.md.
        config: { permission: 'recruitment_settings.view' },
        schema: {
          tags,
          summary: "The current organisation's experience levels in order; filter[name] searches by name",
          querystring: listQuery,
          response: { 200: experienceLevelsResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const membership = await currentMembershipOf(db, userIdOf(request));
        if (!membership) throw new AppError('not_found', ERROR_TEXTS.noBusinessSet);
        if (!can(membership.role, 'recruitment_settings.view')) throw new AppError('forbidden', ERROR_TEXTS.forbidden);
        const q = request.query;
        const { levels: data, total } = await levels.list(membership.organisationId, {
          page: q.page,
          perPage: q.per_page,
          name: q.filter?.name?.trim() || undefined,
        });
        return { levels: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
  };
}
