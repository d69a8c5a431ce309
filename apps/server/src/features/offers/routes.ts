import { offerOperations as ops } from '@hireloop/contract/operations/offers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { offerLetterRoutes } from '../offer-letters/routes.ts';
import { createOfferService, type OfferServiceDeps } from './service.ts';

/** `organisation/{id}/…offers…`: offers with approvals, sending and the staff letter preview; and the letter template. */
export function offerRoutes(db: Db, deps: OfferServiceDeps) {
  const offers = createOfferService(db, deps);
  return async (app: FastifyInstance) => {
    await app.register(offerLetterRoutes(db));
    route(app, ops.listForRecruitment, { permission: 'offers.view' }, async (request) => {
      const q = request.query;
      const recruitmentId = request.params.recruitment;
      const { offers: data, total } = await offers.list(organisationIdOf(request), actorOf(request), recruitmentId, {
        status: q.filter?.status,
        page: q.page,
        perPage: q.per_page,
      });
      return { offers: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.listForApplication, { permission: 'offers.view' }, async (request) =>
      offers.forApplication(organisationIdOf(request), actorOf(request), request.params.application),
    );
    route(app, ops.create, { permission: 'offers.manage' }, async (request, reply) => {
      const offer = await offers.create(organisationIdOf(request), actorOf(request), request.params.application, request.body);
      return reply.code(201).send({ offer });
    });
    route(app, ops.get, { permission: 'offers.view' }, async (request) => ({
      offer: await offers.get(organisationIdOf(request), actorOf(request), request.params.offer),
    }));
    route(app, ops.update, { permission: 'offers.manage' }, async (request) => ({
      offer: await offers.update(organisationIdOf(request), actorOf(request), request.params.offer, request.body),
    }));
    route(app, ops.submit, { permission: 'offers.manage' }, async (request) => ({
      offer: await offers.submit(organisationIdOf(request), actorOf(request), request.params.offer),
    }));
    route(app, ops.approve, { permission: 'offers.approve' }, async (request) => ({
      offer: await offers.decide(organisationIdOf(request), actorOf(request), request.params.offer, 'approved', request.body),
    }));
    route(app, ops.reject, { permission: 'offers.approve' }, async (request) => ({
      offer: await offers.decide(organisationIdOf(request), actorOf(request), request.params.offer, 'rejected', request.body),
    }));
    route(app, ops.send, { permission: 'offers.manage' }, async (request) => ({
      offer: await offers.send(organisationIdOf(request), actorOf(request), request.params.offer),
    }));
    route(app, ops.withdraw, { permission: 'offers.manage' }, async (request) => ({
      offer: await offers.withdraw(organisationIdOf(request), actorOf(request), request.params.offer),
    }));
    route(app, ops.letter, { permission: 'offers.view' }, async (request, reply) => {
      const pdf = await offers.letter(organisationIdOf(request), request.params.offer);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="offer-letter.pdf"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    });
  };
}
