import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { reorderBody } from '../ordering.ts';
import { filterText, listQuery } from '../pagination.ts';
import {
  createRecruitmentStatusBody,
  recruitmentStatusResponse,
  recruitmentStatusesResponse,
  updateRecruitmentStatusBody,
} from '../recruitment-statuses.ts';
import { defineOperation } from './operation.ts';

const tags = ['recruitment statuses'];
const statuses = 'organisation/{organisationId}/recruitment-status';
const status = `${statuses}/{statusId}` as const;

/** `?filter[name]=…` of the stage list. */
export const recruitmentStatusesQuery = listQuery.extend({ filter: z.object({ name: filterText() }).optional() });

/** `organisation/{id}/recruitment-status`: the pipeline stages — list, create, change, delete, reorder. */
export const recruitmentStatusOperations = {
  list: defineOperation({
    method: 'GET',
    path: statuses,
    tags,
    summary: "The organisation's pipeline stages in order; filter[name] searches by name",
    query: recruitmentStatusesQuery,
    responses: { 200: recruitmentStatusesResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: statuses,
    tags,
    summary: 'Adds a stage at the end of the pipeline (colour defaults to #228be6, category to in_progress)',
    body: createRecruitmentStatusBody,
    responses: { 201: recruitmentStatusResponse, 409: errorResponse, 422: errorResponse },
  }),
  reorder: defineOperation({
    method: 'PATCH',
    path: `${statuses}/reorder`,
    tags,
    summary: 'Moves the stage at position `original` to position `new` (both 1-based); returns the new order',
    body: reorderBody,
    responses: { 200: recruitmentStatusesResponse, 422: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: status,
    tags,
    summary: 'Renames, recolours or recategorises a stage; the last stage of a category keeps its category',
    body: updateRecruitmentStatusBody,
    responses: { 200: recruitmentStatusResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: status,
    tags,
    summary: 'Deletes a stage; the ones after it move up. The last stage of a category cannot be deleted (422)',
    responses: { 204: z.null(), 404: errorResponse, 422: errorResponse },
  }),
};
