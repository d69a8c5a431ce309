import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { filterText, listQuery } from '../pagination.ts';
import { usersResponse } from '../users.ts';
import { defineOperation } from './operation.ts';

const tags = ['users'];

/** `?filter[name]=…` (name or e-mail) of the member list; `sort` is name, -name, joined_at or -joined_at (another sorts by name). */
export const usersQuery = listQuery.extend({ filter: z.object({ name: filterText() }).optional() });

/** `organisation/{id}/users`: the organisation's members. */
export const userOperations = {
  list: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/users',
    tags,
    summary:
      "The organisation's members, paged; filter[name] searches name and email; each says what the caller may do to them (`policies`)",
    query: usersQuery,
    responses: { 200: usersResponse, 422: errorResponse },
  }),
};
