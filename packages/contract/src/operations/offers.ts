import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
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
} from '../offers.ts';
import { filterChoice, listQuery } from '../pagination.ts';
import { fileResponse } from './file-response.ts';
import { defineOperation } from './operation.ts';

const tags = ['offers'];
const offer = 'organisation/{organisationId}/offers/{offer}';
const offersOfApplication = 'organisation/{organisationId}/applications/{application}/offers';

/** `?page=…&per_page=…&filter[status]=…` of a recruitment's offers. */
export const recruitmentOffersQuery = listQuery.extend({
  filter: z.object({ status: filterChoice(OFFER_STATUSES, OFFER_TEXTS.statusFilterInvalid) }).optional(),
});

/** docs/product.md §15: offers with approvals, sending and the staff letter preview. */
export const offerOperations = {
  listForRecruitment: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/recruitments/{recruitment}/offers',
    tags,
    summary: "The recruitment's offers, newest first, paged; filter[status]",
    query: recruitmentOffersQuery,
    responses: { 200: offersResponse, 404: errorResponse, 422: errorResponse },
  }),
  listForApplication: defineOperation({
    method: 'GET',
    path: offersOfApplication,
    tags,
    summary: 'Every offer of the application, newest first',
    responses: { 200: applicationOffersResponse, 404: errorResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: offersOfApplication,
    tags,
    summary: 'Creates a draft offer: salary, currency, start date, contract type, expiry (not before today), approvers in order',
    body: createOfferBody,
    responses: { 201: offerResponse, 404: errorResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: offer,
    tags,
    summary: 'One offer with its approvals',
    responses: { 200: offerResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: offer,
    tags,
    summary:
      'Changes a draft, pending or approved offer (bumps version); a pending or approved offer has its approvals reset and goes back to pending approval (draft without approvers)',
    body: updateOfferBody,
    responses: { 200: offerResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  submit: defineOperation({
    method: 'POST',
    path: `${offer}/submit`,
    tags,
    summary:
      'Submits a draft for approval; the first approver is notified. The organisation’s approval setting applies (named people attached, role rule checked: 422); without it, no approvers → approved at once',
    responses: { 200: offerResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  approve: defineOperation({
    method: 'POST',
    path: `${offer}/approve`,
    tags,
    summary: 'The current approver approves (optional comment); the last approval makes the offer approved',
    body: approveOfferBody,
    responses: { 200: offerResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  reject: defineOperation({
    method: 'POST',
    path: `${offer}/reject`,
    tags,
    summary: 'The current approver rejects with a comment; the offer goes back to draft',
    body: rejectOfferBody,
    responses: { 200: offerResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  send: defineOperation({
    method: 'POST',
    path: `${offer}/send`,
    tags,
    summary: 'Sends an approved offer: renders the letter and e-mails the candidate a single-purpose link to accept or decline',
    responses: { 200: offerResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  withdraw: defineOperation({
    method: 'POST',
    path: `${offer}/withdraw`,
    tags,
    summary: 'Withdraws an offer that is not decided yet; its link stops working',
    responses: { 200: offerResponse, 404: errorResponse, 409: errorResponse },
  }),
  letter: defineOperation({
    method: 'GET',
    path: `${offer}/letter.pdf`,
    tags,
    summary: 'The offer letter as PDF (inline): as sent, or a preview from the current template',
    responses: { 200: fileResponse('application/pdf', 'The offer letter'), 404: errorResponse },
  }),
};
