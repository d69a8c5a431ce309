import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { experienceLevelBody, experienceLevelResponse, experienceLevelsResponse } from '../experience-levels.ts';
import { reorderBody } from '../ordering.ts';
import { filterText, listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['experience levels'];
const levels = 'organisation/{organisationId}/experience-level';
const level = `${levels}/{levelId}` as const;

/** `?filter[name]=…` of the level list. */
export const experienceLevelsQuery = listQuery.extend({ filter: z.object({ name: filterText() }).optional() });

/** docs/product.md §7: `organisation/{id}/experience-level` — list, create, rename, delete, reorder. */
export const experienceLevelOperations = {
  list: defineOperation({
    method: 'GET',
    path: levels,
    tags,
    summary: "The organisation's experience levels in order; filter[name] searches by name",
    query: experienceLevelsQuery,
    responses: { 200: experienceLevelsResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: levels,
    tags,
    summary: 'Adds an experience level at the end; names are unique (ignoring case)',
    body: experienceLevelBody,
    responses: { 201: experienceLevelResponse, 409: errorResponse, 422: errorResponse },
  }),
  reorder: defineOperation({
    method: 'PATCH',
    path: `${levels}/reorder`,
    tags,
    summary: 'Moves the level at position `original` to position `new` (both 1-based); returns the new order',
    body: reorderBody,
    responses: { 200: experienceLevelsResponse, 422: errorResponse },
  }),
  rename: defineOperation({
    method: 'PATCH',
    path: level,
    tags,
    summary: 'Renames an experience level',
    body: experienceLevelBody,
    responses: { 200: experienceLevelResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: level,
    tags,
    summary: 'Deletes an experience level; the ones after it move up',
    responses: { 204: z.null(), 404: errorResponse },
  }),
  /** docs/product.md §7 also names a plain `GET experience-level`: the signed-in user's current organisation's levels. */
  listCurrent: defineOperation({
    method: 'GET',
    path: 'experience-level',
    tags,
    summary: "The current organisation's experience levels in order; filter[name] searches by name",
    query: experienceLevelsQuery,
    responses: { 200: experienceLevelsResponse, 404: errorResponse },
  }),
};
