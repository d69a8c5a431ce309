import { errorResponse } from '../error-response.ts';
import {
  websiteJobsResponse,
  websitePatchBody,
  websiteResponse,
  websiteRolePatchBody,
  websiteRoleResponse,
  websiteStatsQuery,
  websiteStatsResponse,
} from '../website.ts';
import { defineOperation } from './operation.ts';

const tags = ['website'];
const website = 'organisation/{organisationId}/website';

/** docs/product.md §16: `organisation/{id}/website` — the Website product's dashboard, settings, figures and jobs feed. */
export const websiteOperations = {
  get: defineOperation({
    method: 'GET',
    path: website,
    tags,
    summary: 'The careers site: subscription state, link, settings and every role with whether it is live on the site',
    responses: { 200: websiteResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: website,
    tags,
    summary: 'Changes the headline, intro or brand colour (#rrggbb); absent fields stay',
    body: websitePatchBody,
    responses: { 200: websiteResponse, 422: errorResponse },
  }),
  logo: defineOperation({
    method: 'GET',
    path: `${website}/logo`,
    tags,
    summary: 'The careers site’s logo (image/png)',
    responses: { 404: errorResponse },
  }),
  uploadLogo: defineOperation({
    method: 'POST',
    path: `${website}/logo`,
    tags,
    summary: 'Uploads the careers site’s logo: multipart field `logo`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a PNG within 512×512',
    consumes: ['multipart/form-data'],
    responses: { 200: websiteResponse, 413: errorResponse, 422: errorResponse },
  }),
  removeLogo: defineOperation({
    method: 'DELETE',
    path: `${website}/logo`,
    tags,
    summary: 'Removes the careers site’s logo',
    responses: { 200: websiteResponse },
  }),
  updateRole: defineOperation({
    method: 'PATCH',
    path: `${website}/roles/{roleId}`,
    tags,
    summary:
      'Publishes or unpublishes a role on the careers site and/or replaces its application questions (in order; new ones get ids). A published role without an open recruitment is not live.',
    body: websiteRolePatchBody,
    responses: { 200: websiteRoleResponse, 404: errorResponse, 422: errorResponse },
  }),
  stats: defineOperation({
    method: 'GET',
    path: `${website}/stats`,
    tags,
    summary:
      'Visits and applications per day and per role, with conversion (applications ÷ visits, 0 without visits); from/to are UTC days (YYYY-MM-DD), by default the last 30 days; filter[role] (a role id) counts only that role in the days and totals, the per-role list stays whole',
    query: websiteStatsQuery,
    responses: { 200: websiteStatsResponse, 404: errorResponse, 422: errorResponse },
  }),
  jobs: defineOperation({
    method: 'GET',
    path: `${website}/jobs`,
    tags,
    summary: 'The jobs feed: the roles live on the careers site, for the organisation’s own website',
    description:
      'Read-only JSON for showing the open roles on your own website. Lists the live roles: published, open, with an open recruitment. `url` and `apply_url` are absolute links to the role’s page on the careers site. Authenticate with an API key with the `read` scope. Answers 404 when the organisation is not subscribed to the Website product.',
    responses: { 200: websiteJobsResponse, 404: errorResponse },
  }),
};
