import { errorResponse } from '@hireloop/contract/error-response';
import {
  OFFER_STATUSES,
  OFFER_TEXTS,
  applicationOffersResponse,
  approveOfferBody,
  createOfferBody,
  offerResponse,
  offersResponse,
  rejectOfferBody,
  updateOfferBody,
} from '@hireloop/contract/offers';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/paging.ts';
import { offerLetterRoutes } from '../offer-letters/routes.ts';
import { createOfferService, type OfferServiceDeps } from './service.ts';
import { fileResponse } from '../../http/file-response.ts';

const tags = ['offers'];
const offerParams = z.object({ organisationId: z.string(), offer: z.string() });
const applicationParams = z.object({ organisationId: z.string(), application: z.string() });
const recruitmentParams = z.object({ organisationId: z.string(), recruitment: z.string() });
const errors = { 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** A malformed id names nothing: 404 with the contract's text, as for another organisation's. */
const idOf = (value: string, text: string) => {
  if (!isUuid(value)) throw new AppError('not_found', text);
  return value;
};
const offerIdOf = (p: { offer: string }) => idOf(p.offer, OFFER_TEXTS.notFound);

function statusFilterOf(filter: Record<string, string> | undefined) {
  const status = filter?.status?.trim() || undefined;
  if (status && !(OFFER_STATUSES as readonly string[]).includes(status))
    throw validationFailed({ 'filter[status]': [OFFER_TEXTS.statusFilterInvalid] });
  return status;
}

/** `organisation/{id}/…offers…`: offers with approvals, sending and the staff letter preview; and the letter template. */
export function offerRoutes(db: Db, deps: OfferServiceDeps) {
  const offers = createOfferService(db, deps);
  return async (app: FastifyInstance) => {
    await app.register(offerLetterRoutes(db));
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/recruitments/:recruitment/offers',
      {
        config: { permission: 'offers.view' },
        schema: {
          tags,
          summary: "The recruitment's offers, newest first, paged; filter[status]",
          params: recruitmentParams,
          querystring: listQuery,
          response: { 200: offersResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const status = statusFilterOf(q.filter);
        const recruitmentId = idOf(request.params.recruitment, OFFER_TEXTS.recruitmentNotFound);
        const { offers: data, total } = await offers.list(organisationIdOf(request), actorOf(request), recruitmentId, {
          status,
          page: q.page,
          perPage: q.per_page,
        });
        return { offers: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.get(
      '/applications/:application/offers',
      {
        config: { permission: 'offers.view' },
        schema: {
          tags,
          summary: 'Every offer of the application, newest first',
          params: applicationParams,
          response: { 200: applicationOffersResponse, 404: errorResponse },
        },
      },
      async (request) =>
        offers.forApplication(
          organisationIdOf(request),
          actorOf(request),
          idOf(request.params.application, OFFER_TEXTS.applicationNotFound),
        ),
    );
    r.post(
      '/applications/:application/offers',
      {
        config: { permission: 'offers.manage' },
        schema: {
          tags,
          summary: 'Creates a draft offer: salary, currency, start date, contract type, expiry (not before today), approvers in order',
          params: applicationParams,
          body: createOfferBody,
          response: { 201: offerResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const offer = await offers.create(
          organisationIdOf(request),
          actorOf(request),
          idOf(request.params.application, OFFER_TEXTS.applicationNotFound),
          request.body,
        );
        return reply.code(201).send({ offer });
      },
    );
    r.get(
      '/offers/:offer',
      {
        config: { permission: 'offers.view' },
        schema: {
          tags,
          summary: 'One offer with its approvals',
          params: offerParams,
          response: { 200: offerResponse, 404: errorResponse },
        },
      },
      async (request) => ({ offer: await offers.get(organisationIdOf(request), actorOf(request), offerIdOf(request.params)) }),
    );
    r.patch(
      '/offers/:offer',
      {
        config: { permission: 'offers.manage' },
        schema: {
          tags,
          summary:
            'Changes a draft, pending or approved offer (bumps version); a pending or approved offer has its approvals reset and goes back to pending approval (draft without approvers)',
          params: offerParams,
          body: updateOfferBody,
          response: { 200: offerResponse, ...errors },
        },
      },
      async (request) => ({
        offer: await offers.update(organisationIdOf(request), actorOf(request), offerIdOf(request.params), request.body),
      }),
    );
    r.post(
      '/offers/:offer/submit',
      {
        config: { permission: 'offers.manage' },
        schema: {
          tags,
          summary:
            'Submits a draft for approval; the first approver is notified. The organisation’s approval setting applies (named people attached, role rule checked: 422); without it, no approvers → approved at once',
          params: offerParams,
          response: { 200: offerResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({ offer: await offers.submit(organisationIdOf(request), actorOf(request), offerIdOf(request.params)) }),
    );
    r.post(
      '/offers/:offer/approve',
      {
        config: { permission: 'offers.approve' },
        schema: {
          tags,
          summary: 'The current approver approves (optional comment); the last approval makes the offer approved',
          params: offerParams,
          body: approveOfferBody,
          response: { 200: offerResponse, ...errors },
        },
      },
      async (request) => ({
        offer: await offers.decide(organisationIdOf(request), actorOf(request), offerIdOf(request.params), 'approved', request.body),
      }),
    );
    r.post(
      '/offers/:offer/reject',
      {
        config: { permission: 'offers.approve' },
        schema: {
          tags,
          summary: 'The current approver rejects with a comment; the offer goes back to draft',
          params: offerParams,
          body: rejectOfferBody,
          response: { 200: offerResponse, ...errors },
        },
      },
      async (request) => ({
        offer: await offers.decide(organisationIdOf(request), actorOf(request), offerIdOf(request.params), 'rejected', request.body),
      }),
    );
    r.post(
      '/offers/:offer/send',
      {
        config: { permission: 'offers.manage' },
        schema: {
          tags,
          summary: 'Sends an approved offer: renders the letter and e-mails the candidate a single-purpose link to accept or decline',
          params: offerParams,
          response: { 200: offerResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({ offer: await offers.send(organisationIdOf(request), actorOf(request), offerIdOf(request.params)) }),
    );
    r.post(
      '/offers/:offer/withdraw',
      {
        config: { permission: 'offers.manage' },
        schema: {
          tags,
          summary: 'Withdraws an offer that is not decided yet; its link stops working',
          params: offerParams,
          response: { 200: offerResponse, 404: errorResponse, 409: errorResponse },
        },
      },
      async (request) => ({ offer: await offers.withdraw(organisationIdOf(request), actorOf(request), offerIdOf(request.params)) }),
    );
    r.get(
      '/offers/:offer/letter.pdf',
      {
        config: { permission: 'offers.view' },
        schema: {
          tags,
          summary: 'The offer letter as PDF (inline): as sent, or a preview from the current template',
          params: offerParams,
          response: { 200: fileResponse('application/pdf', 'The offer letter'), 404: errorResponse },
        },
      },
      async (request, reply) => {
        const pdf = await offers.letter(organisationIdOf(request), offerIdOf(request.params));
        return reply
          .type('application/pdf')
          .header('content-disposition', 'inline; filename="offer-letter.pdf"')
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(pdf));
      },
    );
  };
}
