import { publicOfferOperations as ops } from '@hireloop/contract/operations/public-offers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { createPublicOfferService } from './service.ts';

/** No account: limit per address. Reading is cheap; deciding happens once. */
const VIEW_RATE = { max: 60, timeWindow: '1 minute' };
const DECIDE_RATE = { max: 10, timeWindow: '1 minute' };

/** `/public/offers/{token}…`: the candidate's side of an offer, reachable with the e-mailed link only. */
export function publicOfferRoutes(db: Db, deps: { appUrl: string } = { appUrl: '' }) {
  const offers = createPublicOfferService(db, deps);
  return async (app: FastifyInstance) => {
    route(app, ops.view, { public: true, rateLimit: VIEW_RATE }, async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return { offer: await offers.view(request.params.token) };
    });
    route(app, ops.accept, { public: true, rateLimit: DECIDE_RATE }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { offer: await offers.accept(request.params.token) };
    });
    route(app, ops.decline, { public: true, rateLimit: DECIDE_RATE }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { offer: await offers.decline(request.params.token, request.body?.reason ?? null) };
    });
    route(app, ops.letter, { public: true, rateLimit: VIEW_RATE }, async (request, reply) => {
      const pdf = await offers.letter(request.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="offer-letter.pdf"')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf));
    });
  };
}
