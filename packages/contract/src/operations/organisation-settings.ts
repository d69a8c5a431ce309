import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { deleteOrganisationBody, organisationSettingsResponse, updateOrganisationBody } from '../organisation-settings.ts';
import { defineOperation } from './operation.ts';

const tags = ['organisation settings'];
const organisation = 'organisation/{organisationId}';

/** organisation/{id}: the organisation itself (Organisation Settings), its logo, and deleting it. */
export const organisationSettingsOperations = {
  get: defineOperation({
    method: 'GET',
    path: organisation,
    tags,
    summary: 'The organisation: name, slug, logo, website, timezone',
    responses: { 200: organisationSettingsResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: organisation,
    tags,
    summary: 'Changes name, URL slug (unique), website or timezone; audited',
    body: updateOrganisationBody,
    responses: { 200: organisationSettingsResponse, 409: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: organisation,
    tags,
    summary: 'Deletes the organisation and all its data; `confirm_name` must equal its name exactly',
    body: deleteOrganisationBody,
    responses: { 204: z.null(), 422: errorResponse },
  }),
  logo: defineOperation({
    method: 'GET',
    path: `${organisation}/logo`,
    tags,
    summary: 'The organisation’s logo (image/png)',
    responses: { 404: errorResponse },
  }),
  uploadLogo: defineOperation({
    method: 'POST',
    path: `${organisation}/logo`,
    tags,
    summary: 'Uploads the logo: multipart field `logo`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a PNG within 512×512',
    consumes: ['multipart/form-data'],
    responses: { 200: organisationSettingsResponse, 413: errorResponse, 422: errorResponse },
  }),
  removeLogo: defineOperation({
    method: 'DELETE',
    path: `${organisation}/logo`,
    tags,
    summary: 'Removes the logo',
    responses: { 200: organisationSettingsResponse },
  }),
};
