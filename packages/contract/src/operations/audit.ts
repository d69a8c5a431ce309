import { errorResponse } from '../error-response.ts';
import { auditLogQuery, auditLogResponse } from '../organisation-settings.ts';
import { defineOperation } from './operation.ts';

const tags = ['audit log'];

/** `organisation/{id}/audit-log`: who did what, when, before → after; newest first, paged and filterable. */
export const auditOperations = {
  list: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/audit-log',
    tags,
    summary: 'The audit log; filter[action], filter[actor] (user id), filter[target_type], filter[from], filter[to] (ISO 8601)',
    query: auditLogQuery,
    responses: { 200: auditLogResponse, 422: errorResponse },
  }),
};
