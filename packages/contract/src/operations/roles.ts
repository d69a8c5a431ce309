import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { filterId } from '../list-filters.ts';
import { filterChoice, filterText, listQuery } from '../pagination.ts';
import { LOCATION_TYPES, ROLE_STATUSES, ROLE_TEXTS, createRoleBody, roleResponse, rolesResponse, updateRoleBody } from '../roles.ts';
import { defineOperation } from './operation.ts';

const tags = ['roles'];
const roles = 'organisation/{organisationId}/role';
const role = `${roles}/{role}` as const;

/** `?filter[name]=…&filter[status]=…&filter[team]=…&filter[location_type]=…` of the job role list. */
export const rolesQuery = listQuery.extend({
  filter: z
    .object({
      name: filterText(),
      status: filterChoice(ROLE_STATUSES, 'Choose draft, open or closed.'),
      team: filterId(ROLE_TEXTS.teamUnknown),
      location_type: filterChoice(LOCATION_TYPES, 'Choose remote, hybrid or on-site.'),
    })
    .optional(),
});

/** docs/product.md §7: `organisation/{id}/role` — list, create; `organisation/{id}/role/{role}` — show, update, delete. */
export const roleOperations = {
  list: defineOperation({
    method: 'GET',
    path: roles,
    tags,
    summary: 'Job roles by name, paged; filter[name] searches by name, filter[status], filter[team], filter[location_type]',
    query: rolesQuery,
    responses: { 200: rolesResponse, 422: errorResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: roles,
    tags,
    summary: 'Creates a job role (status draft unless given); the description is sanitised',
    body: createRoleBody,
    responses: { 201: roleResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: role,
    tags,
    summary: 'A job role',
    responses: { 200: roleResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: role,
    tags,
    summary: 'Changes a job role (any of its fields, e.g. the status to open or close it)',
    body: updateRoleBody,
    responses: { 200: roleResponse, 404: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: role,
    tags,
    summary: 'Deletes a draft or closed job role (an open one: 409; one with recruitments: 422)',
    responses: { 204: z.null(), 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
};
