import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { filterId } from '../list-filters.ts';
import { filterChoice, filterText, listQuery, sortParam } from '../pagination.ts';
import {
  RECRUITMENT_SORTS,
  RECRUITMENT_STATUS_FILTERS,
  RECRUITMENT_TEXTS,
  createRecruitmentBody,
  recruitmentAnalyticsResponse,
  recruitmentResponse,
  recruitmentsResponse,
  updateRecruitmentBody,
} from '../recruitments.ts';
import { defineOperation } from './operation.ts';

const tags = ['recruitments'];
const recruitments = 'organisation/{organisationId}/recruitments';
const recruitment = `${recruitments}/{recruitment}` as const;

/** `?filter[status|role|team|owner|name]=…&sort=…` of the recruitment list. */
export const recruitmentsQuery = listQuery.extend({
  sort: sortParam(RECRUITMENT_SORTS, '-opened_at'),
  filter: z
    .object({
      status: filterChoice(RECRUITMENT_STATUS_FILTERS, 'Choose open, on_hold, closed, active or all.'),
      role: filterId(RECRUITMENT_TEXTS.roleUnknown),
      team: filterId('Choose a team of this organisation.'),
      owner: filterId(RECRUITMENT_TEXTS.ownerUnknown),
      name: filterText(),
    })
    .optional(),
});

/** docs/product.md §13: `organisation/{id}/recruitments` — hiring campaigns for job roles, their hiring teams and analytics. */
export const recruitmentOperations = {
  list: defineOperation({
    method: 'GET',
    path: recruitments,
    tags,
    summary:
      'Recruitments with counts per stage, paged; filter[status] (open|on_hold|closed|active = open and on hold|all), filter[role], filter[team], filter[owner], filter[name]; sort name|-name|opened_at|-opened_at (default)|candidates|-candidates',
    query: recruitmentsQuery,
    responses: { 200: recruitmentsResponse, 422: errorResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: recruitments,
    tags,
    summary:
      'Starts a recruitment for a job role (not a closed one); the name defaults to the role’s, the owner to the caller. The hiring team is notified',
    body: createRecruitmentBody,
    responses: { 201: recruitmentResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: recruitment,
    tags,
    summary: 'A recruitment with its counts per stage and its hiring team',
    responses: { 200: recruitmentResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: recruitment,
    tags,
    summary:
      'Changes a recruitment: any of its fields; `status` holds, closes (with `close_reason`) or reopens it; `hiring_team` replaces the team',
    body: updateRecruitmentBody,
    responses: { 200: recruitmentResponse, 404: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: recruitment,
    tags,
    summary: 'Deletes a recruitment without candidates (one with candidates: 422, close it instead)',
    responses: { 204: z.null(), 404: errorResponse, 422: errorResponse },
  }),
  analytics: defineOperation({
    method: 'GET',
    path: `${recruitment}/analytics`,
    tags,
    summary:
      'Analytics of a recruitment: funnel by stage with conversion, time in stage, time to hire, applications per week, sources and rejection reasons',
    responses: { 200: recruitmentAnalyticsResponse, 404: errorResponse },
  }),
};
