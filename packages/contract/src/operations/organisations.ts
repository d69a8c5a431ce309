import { errorResponse } from '../error-response.ts';
import { createOrganisationBody, organisationResponse } from '../organisations.ts';
import { defineOperation } from './operation.ts';

/** `organisations`: a signed-in user creates an organisation (docs/product.md). */
export const organisationOperations = {
  create: defineOperation({
    method: 'POST',
    path: 'organisations',
    tags: ['organisations'],
    summary: 'Creates an organisation; the caller becomes its owner and it starts a 14-day trial',
    body: createOrganisationBody,
    responses: { 201: organisationResponse, 401: errorResponse, 409: errorResponse, 422: errorResponse, 429: errorResponse },
  }),
};
