import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { memberRemovalResponse, memberResponse, updateMemberBody } from '../members.ts';
import { defineOperation } from './operation.ts';

const tags = ['members'];
const member = 'organisation/{organisationId}/users/{user}';

/** `organisation/{id}/users/{user}`: change a member's role, remove a member. */
export const memberOperations = {
  changeRole: defineOperation({
    method: 'PATCH',
    path: member,
    tags,
    summary: "Changes a member's role; only an owner grants or removes the owner role, and the last owner stays an owner",
    body: updateMemberBody,
    responses: { 200: memberResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: member,
    tags,
    summary:
      'Removes a member at once (not the last owner; only an owner removes an owner), hands over their pending offer approvals and unassigns their open onboarding tasks, and answers what was handed over; removing them again answers 200 with nothing handed over',
    responses: { 200: memberRemovalResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
  }),
};

/** `DELETE /me/memberships/{organisation}`: the signed-in user leaves an organisation. */
export const myMembershipOperations = {
  leave: defineOperation({
    method: 'DELETE',
    path: 'me/memberships/{organisation}',
    tags,
    summary: 'Leaves an organisation (not as its last owner)',
    responses: { 204: z.null(), 404: errorResponse, 422: errorResponse },
  }),
};
