import { errorResponse } from '@hireloop/contract/error-response';
import {
  acceptInvitationResponse,
  createInvitationBody,
  invitationPreviewResponse,
  invitationResponse,
  invitationsResponse,
  myInvitationsResponse,
} from '@hireloop/contract/invitations';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/paging.ts';
import { createInvitationService, type InvitationServiceDeps } from './service.ts';

const tags = ['invitations'];
const invitationParams = z.object({ organisationId: z.string(), invitation: z.string() });
const tokenParams = z.object({ token: z.string() });
const idParams = z.object({ id: z.string() });
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
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/invitations',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags,
          summary: 'Open invitations (pending and expired), newest first',
          querystring: listQuery,
          response: { 200: invitationsResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { data, total } = await invitations.list(organisationIdOf(request), q.page, q.per_page);
        return { invitations: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/invitations',
      {
        config: { permission: 'members.manage', rateLimit: SEND_RATE },
        schema: {
          tags,
          summary: 'Invites an email with a role: a mail with an accept link valid 7 days (only an owner invites an owner)',
          body: createInvitationBody,
          response: { 201: invitationResponse, 403: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const invitation = await invitations.invite(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ invitation });
      },
    );
    r.post(
      '/invitations/:invitation/resend',
      {
        config: { permission: 'members.manage', rateLimit: SEND_RATE },
        schema: {
          tags,
          summary: 'Mails a new accept link, valid 7 more days; the old link stops working',
          params: invitationParams,
          response: { 200: invitationResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        if (!isUuid(request.params.invitation)) throw notFound();
        return { invitation: await invitations.resend(organisationIdOf(request), actorOf(request), request.params.invitation) };
      },
    );
    r.delete(
      '/invitations/:invitation',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags,
          summary: 'Revokes an open invitation: its link stops working',
          params: invitationParams,
          response: { 204: z.null(), 404: errorResponse, 409: errorResponse },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.invitation)) throw notFound();
        await invitations.revoke(organisationIdOf(request), actorOf(request), request.params.invitation);
        return reply.code(204).send(null);
      },
    );
  };
}

/** The invitee's side: the accept link, and the signed-in user's own pending invitations. */
export function inviteeRoutes(db: Db, deps: InvitationServiceDeps) {
  const invitations = createInvitationService(db, deps);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/invitations/:token',
      {
        config: { public: true, rateLimit: LOOKUP_RATE },
        schema: {
          tags,
          summary: "The accept link's invitation: organisation name, role, inviter, state (410 when expired, used or revoked)",
          params: tokenParams,
          response: { 200: invitationPreviewResponse, 404: errorResponse, 410: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { invitation: await invitations.preview(request.params.token) };
      },
    );
    r.post(
      '/invitations/:token/accept',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary:
            "Joins the organisation (the signed-in user's verified email must be the invited one) and makes it current; accepting again answers with the membership",
          params: tokenParams,
          response: { 200: acceptInvitationResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 410: errorResponse },
        },
      },
      async (request) => ({ organisation: await invitations.acceptByToken(userIdOf(request), request.params.token) }),
    );
    r.post(
      '/invitations/:token/decline',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary: 'Declines the invitation (as the invited email)',
          params: tokenParams,
          response: { 204: z.null(), 403: errorResponse, 404: errorResponse, 410: errorResponse },
        },
      },
      async (request, reply) => {
        await invitations.declineByToken(userIdOf(request), request.params.token);
        return reply.code(204).send(null);
      },
    );
    r.get(
      '/me/invitations',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary: "Pending invitations addressed to the signed-in user's email",
          querystring: listQuery,
          response: { 200: myInvitationsResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const { data, total } = await invitations.listMine(userIdOf(request), q.page, q.per_page);
        return { invitations: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/me/invitations/:id/accept',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary: 'Accepts one of my invitations; accepting again answers with the membership',
          params: idParams,
          response: { 200: acceptInvitationResponse, 404: errorResponse, 409: errorResponse, 410: errorResponse },
        },
      },
      async (request) => {
        if (!isUuid(request.params.id)) throw notFound();
        return { organisation: await invitations.acceptMine(userIdOf(request), request.params.id) };
      },
    );
    r.post(
      '/me/invitations/:id/decline',
      {
        preHandler: [requireSession],
        schema: {
          tags,
          summary: 'Declines one of my invitations',
          params: idParams,
          response: { 204: z.null(), 404: errorResponse, 410: errorResponse },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.id)) throw notFound();
        await invitations.declineMine(userIdOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
