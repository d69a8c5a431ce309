import { dashboardResponse } from '../candidates.ts';
import { defineOperation } from './operation.ts';

/** docs/product.md §13: `organisation/{id}/dashboard` — the signed-in user's day. */
export const dashboardOperations = {
  get: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/dashboard',
    tags: ['dashboard'],
    summary:
      'The caller’s dashboard: open recruitments they own or hire for (all open ones for owners, admins and recruiters on none) with this week’s movement, recent activity in them, and counts',
    responses: { 200: dashboardResponse },
  }),
};
