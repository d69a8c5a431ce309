import { errorResponse } from '@hireloop/contract/error-response';
import { acceptOfferBody, declineOfferBody, publicOfferResponse } from '@hireloop/contract/offers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createPublicOfferService } from './service.ts';
import { fileResponse } from '../../http/file-response.ts';

const tags = ['public offers'];
const tokenParams = z.object({ token: z.string() });
/** No account: limit per address. Reading is cheap; deciding happens once. */
const VIEW_RATE = { max: 60, timeWindow: '1 minute' };
const DECIDE_RATE = { max: 10, timeWindow: '1 minute' };
const gone = { 404: errorResponse, 410: errorResponse };

/** `/public/offers/{token}…`: the candidate's side of an offer, reachable with the e-mailed link only. */
export function publicOfferRoutes(db: Db, deps: { appUrl: string } = { appUrl: '' }) {
  const offers = createPublicOfferService(db, deps);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/public/offers/:token',
      {
        config: { public: true, rateLimit: VIEW_RATE },
        schema: {
          tags,
          summary:
            "The candidate's offer: organisation name, role, salary, start date, expiry, status and the letter (404 unknown link, 410 expired or withdrawn)",
          params: tokenParams,
          response: { 200: publicOfferResponse, ...gone },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        return { offer: await offers.view(request.params.token) };
      },
    );
    r.post(
      '/public/offers/:token/accept',
      {
        config: { public: true, rateLimit: DECIDE_RATE },
        schema: {
          tags,
          summary: 'The candidate accepts the offer (once); the application moves to the hired status',
          params: tokenParams,
          body: acceptOfferBody,
          response: { 200: publicOfferResponse, ...gone, 409: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { offer: await offers.accept(request.params.token) };
      },
    );
    r.post(
      '/public/offers/:token/decline',
      {
        config: { public: true, rateLimit: DECIDE_RATE },
        schema: {
          tags,
          summary: 'The candidate declines the offer (once), with an optional reason',
          params: tokenParams,
          body: declineOfferBody,
          response: { 200: publicOfferResponse, ...gone, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { offer: await offers.decline(request.params.token, request.body?.reason ?? null) };
      },
    );
    r.get(
      '/public/offers/:token/letter.pdf',
      {
        config: { public: true, rateLimit: VIEW_RATE },
        schema: {
          tags,
          summary: 'The offer letter as PDF (inline)',
          params: tokenParams,
          response: { 200: fileResponse('application/pdf', 'The offer letter'), ...gone },
        },
      },
      async (request, reply) => {
        const pdf = await offers.letter(request.params.token);
        return reply
          .type('application/pdf')
          .header('content-disposition', 'inline; filename="offer-letter.pdf"')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(pdf));
      },
    );
  };
}
