import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { interviewTypeBody, interviewTypeResponse, interviewTypesResponse, updateInterviewTypeBody } from '../interviews.ts';
import { reorderBody } from '../ordering.ts';
import { filterText, listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['interview types'];
const types = 'organisation/{organisationId}/interview-types';
const type = `${types}/{type}` as const;

/** `?filter[name]=…` of the interview type list. */
export const interviewTypesQuery = listQuery.extend({ filter: z.object({ name: filterText() }).optional() });

/** `organisation/{id}/interview-types`: the organisation's interview types with their kits — list, create, change, delete, reorder. */
export const interviewTypeOperations = {
  list: defineOperation({
    method: 'GET',
    path: types,
    tags,
    summary: "The organisation's interview types in order, with their kits; filter[name] searches by name",
    query: interviewTypesQuery,
    responses: { 200: interviewTypesResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: types,
    tags,
    summary: 'Adds an interview type at the end; names are unique (ignoring case)',
    body: interviewTypeBody,
    responses: { 201: interviewTypeResponse, 409: errorResponse, 422: errorResponse },
  }),
  reorder: defineOperation({
    method: 'PATCH',
    path: `${types}/reorder`,
    tags,
    summary: 'Moves the type at position `original` to position `new` (both 1-based); returns the new order',
    body: reorderBody,
    responses: { 200: interviewTypesResponse, 422: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: type,
    tags,
    summary: 'Renames an interview type or changes its kit (interviews already scheduled keep theirs)',
    body: updateInterviewTypeBody,
    responses: { 200: interviewTypeResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: type,
    tags,
    summary: 'Deletes an interview type; the ones after it move up; its interviews keep their title and kit',
    responses: { 204: z.null(), 404: errorResponse },
  }),
};
