import { memberOperations as ops, myMembershipOperations } from '@hireloop/contract/operations/members';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { createMemberService } from './service.ts';

/** `organisation/{id}/users/{user}`: change a member's role, remove a member. */
export function memberRoutes(db: Db) {
  const members = createMemberService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.changeRole, { permission: 'members.manage' }, async (request) => {
      const user = await members.changeRole(organisationIdOf(request), actorOf(request), request.params.user, request.body.role);
      return { user };
    });
    route(app, ops.remove, { permission: 'members.manage' }, async (request) => {
      const removal = await members.remove(organisationIdOf(request), actorOf(request), request.params.user);
      return { removal };
    });
  };
}

/** `DELETE /me/memberships/{organisation}`: the signed-in user leaves an organisation. */
export function myMembershipRoutes(db: Db) {
  const members = createMemberService(db);
  return async (app: FastifyInstance) => {
    route(app, myMembershipOperations.leave, { preHandler: [requireSession] }, async (request, reply) => {
      await members.leave(userIdOf(request), request.params.organisation);
      return reply.code(204).send(null);
    });
  };
}
