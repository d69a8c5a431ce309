import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { filterChoice, filterText, listQuery, sortParam } from '../pagination.ts';
import { TEAM_KINDS, TEAM_SORTS, teamBody, teamMembersBody, teamPatchBody, teamResponse, teamsResponse } from '../teams.ts';
import { defineOperation } from './operation.ts';

const tags = ['teams'];
const team = 'organisation/{organisationId}/teams/{teamId}';

/** `?filter[name]=…&filter[kind]=team|client&sort=…` of the team list. */
export const teamsQuery = listQuery.extend({
  sort: sortParam(TEAM_SORTS, 'name'),
  filter: z.object({ name: filterText(), kind: filterChoice(TEAM_KINDS, 'Filter by team or client.') }).optional(),
});

/** docs/product.md §12: `organisation/{id}/teams` — teams and client companies with their hiring teams. */
export const teamOperations = {
  list: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/teams',
    tags,
    summary:
      'Teams and clients with counts of roles and hiring team; filter[name], filter[kind] (team|client), sort name|-name|created_at|-created_at',
    query: teamsQuery,
    responses: { 200: teamsResponse, 422: errorResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: 'organisation/{organisationId}/teams',
    tags,
    summary: 'Creates a team or client; names are unique in the organisation (ignoring case)',
    body: teamBody,
    responses: { 201: teamResponse, 409: errorResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: team,
    tags,
    summary: 'A team or client with its hiring team and its job roles',
    responses: { 200: teamResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: team,
    tags,
    summary: 'Changes a team or client; absent fields stay, null or empty clears an optional one',
    body: teamPatchBody,
    responses: { 200: teamResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: team,
    tags,
    summary: 'Deletes a team or client; its job roles stay, without a team',
    responses: { 204: z.null(), 404: errorResponse },
  }),
  setMembers: defineOperation({
    method: 'PUT',
    path: `${team}/members`,
    tags,
    summary: 'Replaces the hiring team; every user must be a member of the organisation',
    body: teamMembersBody,
    responses: { 200: teamResponse, 404: errorResponse, 422: errorResponse },
  }),
  logo: defineOperation({
    method: 'GET',
    path: `${team}/logo`,
    tags,
    summary: 'The team’s or client’s logo (image/png)',
    responses: { 404: errorResponse },
  }),
  uploadLogo: defineOperation({
    method: 'POST',
    path: `${team}/logo`,
    tags,
    summary: 'Uploads the logo: multipart field `logo`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a PNG within 512×512',
    consumes: ['multipart/form-data'],
    responses: { 200: teamResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
  }),
  removeLogo: defineOperation({
    method: 'DELETE',
    path: `${team}/logo`,
    tags,
    summary: 'Removes the logo',
    responses: { 200: teamResponse, 404: errorResponse },
  }),
};
