import { errorResponse } from '@hireloop/contract/error-response';
import { memberResponse, updateMemberBody } from '@hireloop/contract/members';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { isUuid } from '../../lib/ids.ts';
import { createMemberService } from './service.ts';

const memberParams = z.object({ organisationId: z.string(), user: z.string() });
const tags = ['members'];

/** `organisation/{id}/users/{user}`: change a member's role, remove a member. */
export function memberRoutes(db: Db) {
  const members = createMemberService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.patch(
      '/users/:user',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags,
          summary: "Changes a member's role; only an owner grants or removes the owner role, and the last owner stays an owner",
          params: memberParams,
          body: updateMemberBody,
          response: { 200: memberResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        if (!isUuid(request.params.user)) throw notFound();
        const user = await members.changeRole(organisationIdOf(request), actorOf(request), request.params.user, request.body.role);
        return { user };
      },
    );
    r.delete(
      '/users/:user',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags,
          summary: 'Removes a member at once (not the last owner; only an owner removes an owner); removing them again answers 204 again',
          params: memberParams,
          response: { 204: z.null(), 403: errorResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.user)) throw notFound();
        await members.remove(organisationIdOf(request), actorOf(request), request.params.user);
        return reply.code(204).send(null);
      },
    );
  };
}

/** `DELETE /me/memberships/{organisation}`: the signed-in user leaves an organisation. */
export function myMembershipRoutes(db: Db) {
  const members = createMemberService(db);
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().delete(
      '/me/memberships/:organisation',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary: 'Leaves an organisation (not as its last owner)',
          params: z.object({ organisation: z.string() }),
          response: { 204: z.null(), 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.organisation)) throw notFound();
        await members.leave(userIdOf(request), request.params.organisation);
        return reply.code(204).send(null);
      },
    );
  };
}
