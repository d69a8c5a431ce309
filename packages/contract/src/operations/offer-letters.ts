import { errorResponse } from '../error-response.ts';
import { offerLetterTemplateBody, offerLetterTemplateResponse } from '../offers.ts';
import { defineOperation } from './operation.ts';

const tags = ['offers'];
const template = 'organisation/{organisationId}/offer-letter-template';

/** `organisation/{id}/offer-letter-template`: the organisation's letter template with {{placeholders}}. */
export const offerLetterOperations = {
  getTemplate: defineOperation({
    method: 'GET',
    path: template,
    tags,
    summary: "The organisation's offer letter template (the default while none is saved) and its placeholders",
    responses: { 200: offerLetterTemplateResponse },
  }),
  saveTemplate: defineOperation({
    method: 'PUT',
    path: template,
    tags,
    summary: 'Saves the offer letter template; unknown {{placeholders}} are refused (422)',
    body: offerLetterTemplateBody,
    responses: { 200: offerLetterTemplateResponse, 422: errorResponse },
  }),
};
