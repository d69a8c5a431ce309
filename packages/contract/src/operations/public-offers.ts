import { errorResponse } from '../error-response.ts';
import { acceptOfferBody, declineOfferBody, publicOfferResponse } from '../offers.ts';
import { fileResponse } from './file-response.ts';
import { defineOperation } from './operation.ts';

const tags = ['public offers'];
const link = 'public/offers/{token}';
// 404: an unknown link; 410: an expired or withdrawn offer.

/** `/public/offers/{token}…`: the candidate's side of an offer, reachable with the e-mailed link only. */
export const publicOfferOperations = {
  view: defineOperation({
    method: 'GET',
    path: link,
    tags,
    summary:
      "The candidate's offer: organisation name, role, salary, start date, expiry, status and the letter (404 unknown link, 410 expired or withdrawn)",
    responses: { 200: publicOfferResponse, 404: errorResponse, 410: errorResponse },
  }),
  accept: defineOperation({
    method: 'POST',
    path: `${link}/accept`,
    tags,
    summary: 'The candidate accepts the offer (once); the application moves to the hired status',
    body: acceptOfferBody,
    responses: { 200: publicOfferResponse, 404: errorResponse, 410: errorResponse, 409: errorResponse },
  }),
  decline: defineOperation({
    method: 'POST',
    path: `${link}/decline`,
    tags,
    summary: 'The candidate declines the offer (once), with an optional reason',
    body: declineOfferBody,
    responses: { 200: publicOfferResponse, 404: errorResponse, 410: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  letter: defineOperation({
    method: 'GET',
    path: `${link}/letter.pdf`,
    tags,
    summary: 'The offer letter as PDF (inline)',
    responses: { 200: fileResponse('application/pdf', 'The offer letter'), 404: errorResponse, 410: errorResponse },
  }),
};
