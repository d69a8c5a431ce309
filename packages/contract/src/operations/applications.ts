import { z } from 'zod';
import {
  APPLICATION_SORTS,
  APPLICATION_STATE_FILTERS,
  CANDIDATE_SOURCES,
  CANDIDATE_TEXTS,
  applicationResponse,
  applicationsResponse,
  boardResponse,
  bulkApplicationsBody,
  bulkApplicationsResponse,
  createApplicationBody,
  duplicateCandidateResponse,
  moveApplicationBody,
  moveApplicationResponse,
  rejectApplicationBody,
  transferApplicationBody,
  updateApplicationBody,
} from '../candidates.ts';
import { errorResponse } from '../error-response.ts';
import { fileResponse } from './file-response.ts';
import { commaList, filterDay, filterIds, isId } from '../list-filters.ts';
import { filterChoice, listQuery, sortParam } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['applications'];
const recruitment = 'organisation/{organisationId}/recruitments/{recruitment}';
const application = 'organisation/{organisationId}/applications/{application}';

/** Several status ids fit in filter[status]: these filters take 2,000 characters (the shared list query's take 200). */
const FILTER_MAX = 2000;
const text = () =>
  z
    .string()
    .max(FILTER_MAX)
    .transform((v) => v.trim() || undefined)
    .optional();

/** filter[…] of the candidate table and its CSV export; anything malformed is a 422 naming the filter. */
export const applicationFilters = z.object({
  status: filterIds(CANDIDATE_TEXTS.statusUnknown, FILTER_MAX),
  state: filterChoice(APPLICATION_STATE_FILTERS, 'Choose active, rejected, hired or all.'),
  tag: text(),
  source: filterChoice(CANDIDATE_SOURCES, 'Choose a source.'),
  rating: z
    .string()
    .max(FILTER_MAX)
    .transform((v) => v.trim() || undefined)
    .refine((v) => v === undefined || /^[1-5]$/.test(v), { error: 'Rate from 1 to 5 stars.' })
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .optional(),
  applied_from: filterDay('Enter a date as YYYY-MM-DD.', FILTER_MAX),
  applied_to: filterDay('Enter a date as YYYY-MM-DD.', FILTER_MAX),
  search: text(),
});

const applicationSort = sortParam(APPLICATION_SORTS, '-applied_at');

/** `?filter[…]=…&sort=…` of the candidate table. */
export const applicationsQuery = listQuery.extend({ sort: applicationSort, filter: applicationFilters.optional() });

/** The export: the table's filters and sort, or `ids` (comma-separated) for a selection. */
export const applicationsExportQuery = z.object({
  sort: applicationSort,
  filter: applicationFilters.optional(),
  ids: z
    .string()
    .max(40_000)
    .transform(commaList)
    .refine((ids) => ids.length > 0 && ids.every(isId), { error: 'Choose the applications to export.' })
    .optional(),
});

/** docs/product.md §13: a recruitment's candidates — the table, the board, moves, bulk actions and the CSV export. */
export const applicationOperations = {
  list: defineOperation({
    method: 'GET',
    path: `${recruitment}/applications`,
    tags,
    summary:
      'The candidates of a recruitment, paged; filter[status] (ids, comma-separated), filter[state] (active|rejected|hired|all), filter[tag], filter[source], filter[rating] (minimum), filter[applied_from], filter[applied_to] (YYYY-MM-DD), filter[search] (name or e-mail); sort applied_at|name|rating|stage|updated_at (- for descending)',
    query: applicationsQuery,
    responses: { 200: applicationsResponse, 404: errorResponse, 422: errorResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: `${recruitment}/applications`,
    tags,
    summary:
      'Adds a new person (`candidate`) or an existing one (`candidate_id`) to the recruitment, in `status_id` or the first status; a new person whose e-mail exists → 409 with code `duplicate` and that person',
    body: createApplicationBody,
    responses: {
      201: applicationResponse,
      404: errorResponse,
      409: z.union([duplicateCandidateResponse, errorResponse]),
      422: errorResponse,
    },
  }),
  board: defineOperation({
    method: 'GET',
    path: `${recruitment}/board`,
    tags,
    summary: 'The board: every status of the pipeline in order, each with its active (not rejected) cards in board order',
    responses: { 200: boardResponse, 404: errorResponse },
  }),
  bulk: defineOperation({
    method: 'POST',
    path: `${recruitment}/applications/bulk`,
    tags,
    summary:
      'Moves, rejects, tags or untags the selected applications, all or nothing (every id must be an application of the recruitment)',
    body: bulkApplicationsBody,
    responses: { 200: bulkApplicationsResponse, 404: errorResponse, 422: errorResponse },
  }),
  export: defineOperation({
    method: 'GET',
    path: `${recruitment}/applications/export`,
    tags,
    summary:
      'The candidates as a CSV attachment (UTF-8 with BOM): the list’s filters and sort, or `ids` (comma-separated) for a selection; formula-like cells are prefixed with an apostrophe',
    query: applicationsExportQuery,
    responses: { 200: fileResponse('text/csv', 'The applications as CSV'), 404: errorResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: application,
    tags,
    summary: 'An application with its candidate, stage history, files and the person’s other applications (the slide-over)',
    responses: { 200: applicationResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: application,
    tags,
    summary: 'Rates, tags or changes the source of an application',
    body: updateApplicationBody,
    responses: { 200: applicationResponse, 404: errorResponse, 422: errorResponse },
  }),
  move: defineOperation({
    method: 'POST',
    path: `${application}/move`,
    tags,
    summary:
      'Moves the card to a status, before `before_id` or at the end of its column; a stale `version` still moves it (last write wins) and answers `conflict: true`; a card already there is left as it is',
    body: moveApplicationBody,
    responses: { 200: moveApplicationResponse, 404: errorResponse, 422: errorResponse },
  }),
  reject: defineOperation({
    method: 'POST',
    path: `${application}/reject`,
    tags,
    summary: 'Rejects the application with a reason (and an optional note on the candidate); the same rejection again answers as the first',
    body: rejectApplicationBody,
    responses: { 200: applicationResponse, 404: errorResponse, 422: errorResponse },
  }),
  restore: defineOperation({
    method: 'POST',
    path: `${application}/restore`,
    tags,
    summary: 'Restores a rejected application to its status on the board',
    responses: { 200: applicationResponse, 404: errorResponse, 422: errorResponse },
  }),
  transfer: defineOperation({
    method: 'POST',
    path: `${application}/transfer`,
    tags,
    summary: 'Moves the application to another open recruitment of the organisation, into its first status; its history goes along',
    body: transferApplicationBody,
    responses: { 200: applicationResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
};
