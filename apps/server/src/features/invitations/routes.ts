import { invitationOperations, inviteeOperations } from '@hireloop/contract/operations/invitations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createInvitationService, type InvitationServiceDeps } from './service.ts';

/** Each send is a mail: a signed-in admin may send this many a minute. */
const SEND_RATE = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `invite:${request.auth?.userId ?? request.ip}`,
};
/** Looking a link up needs no session: limit it per address. */
const LOOKUP_RATE = { max: 60, timeWindow: '1 minute' };

/** `organisation/{id}/invitations`: the admins' side. */
export function invitationRoutes(db: Db, deps: InvitationServiceDeps) {
  const invitations = createInvitationService(db, deps);
  const ops = invitationOperations;
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'members.manage' }, async (request) => {
      const q = request.query;
      const { data, total } = await invitations.list(organisationIdOf(request), q.page, q.per_page);
      return { invitations: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'members.manage', rateLimit: SEND_RATE }, async (request, reply) => {
      const invitation = await invitations.invite(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ invitation });
    });
    route(app, ops.resend, { permission: 'members.manage', rateLimit: SEND_RATE }, async (request) => {
      return { invitation: await invitations.resend(organisationIdOf(request), actorOf(request), request.params.invitation) };
    });
    route(app, ops.revoke, { permission: 'members.manage' }, async (request, reply) => {
      await invitations.revoke(organisationIdOf(request), actorOf(request), request.params.invitation);
      return reply.code(204).send(null);
    });
  };
}

/** The invitee's side: the accept link, and the signed-in user's own pending invitations. */
export function inviteeRoutes(db: Db, deps: InvitationServiceDeps) {
  const invitations = createInvitationService(db, deps);
  const ops = inviteeOperations;
  const session = { preHandler: [requireSession] };
  return async (app: FastifyInstance) => {
    route(app, ops.preview, { public: true, rateLimit: LOOKUP_RATE }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { invitation: await invitations.preview(request.params.token) };
    });
    route(app, ops.accept, session, async (request) => ({
      organisation: await invitations.acceptByToken(userIdOf(request), request.params.token),
    }));
    route(app, ops.decline, session, async (request, reply) => {
      await invitations.declineByToken(userIdOf(request), request.params.token);
      return reply.code(204).send(null);
    });
    route(app, ops.listMine, session, async (request) => {
      const q = request.query;
      const { data, total } = await invitations.listMine(userIdOf(request), q.page, q.per_page);
      return { invitations: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.acceptMine, session, async (request) => {
      return { organisation: await invitations.acceptMine(userIdOf(request), request.params.invitation) };
    });
    route(app, ops.declineMine, session, async (request, reply) => {
      await invitations.declineMine(userIdOf(request), request.params.invitation);
      return reply.code(204).send(null);
    });
  };
}
