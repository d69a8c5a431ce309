import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import {
  acceptInvitationResponse,
  createInvitationBody,
  invitationPreviewResponse,
  invitationResponse,
  invitationsResponse,
  myInvitationsResponse,
} from '../invitations.ts';
import { listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['invitations'];
const invitations = 'organisation/{organisationId}/invitations';
const invitation = `${invitations}/{invitation}` as const;

/** `organisation/{id}/invitations`: the admins' side. */
export const invitationOperations = {
  list: defineOperation({
    method: 'GET',
    path: invitations,
    tags,
    summary: 'Open invitations (pending and expired), newest first',
    query: listQuery,
    responses: { 200: invitationsResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: invitations,
    tags,
    summary: 'Invites an email with a role: a mail with an accept link valid 7 days (only an owner invites an owner)',
    body: createInvitationBody,
    responses: { 201: invitationResponse, 403: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  resend: defineOperation({
    method: 'POST',
    path: `${invitation}/resend`,
    tags,
    summary: 'Mails a new accept link, valid 7 more days; the old link stops working',
    responses: { 200: invitationResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  revoke: defineOperation({
    method: 'DELETE',
    path: invitation,
    tags,
    summary: 'Revokes an open invitation: its link stops working',
    responses: { 204: z.null(), 404: errorResponse, 409: errorResponse },
  }),
};

/** The invitee's side: the accept link, and the signed-in user's own pending invitations. */
export const inviteeOperations = {
  preview: defineOperation({
    method: 'GET',
    path: 'invitations/{token}',
    tags,
    summary: "The accept link's invitation: organisation name, role, inviter, state (410 when expired, used or revoked)",
    responses: { 200: invitationPreviewResponse, 404: errorResponse, 410: errorResponse },
  }),
  accept: defineOperation({
    method: 'POST',
    path: 'invitations/{token}/accept',
    tags,
    summary:
      "Joins the organisation (the signed-in user's verified email must be the invited one) and makes it current; accepting again answers with the membership",
    responses: { 200: acceptInvitationResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 410: errorResponse },
  }),
  decline: defineOperation({
    method: 'POST',
    path: 'invitations/{token}/decline',
    tags,
    summary: 'Declines the invitation (as the invited email)',
    responses: { 204: z.null(), 403: errorResponse, 404: errorResponse, 410: errorResponse },
  }),
  listMine: defineOperation({
    method: 'GET',
    path: 'me/invitations',
    tags,
    summary: "Pending invitations addressed to the signed-in user's email",
    query: listQuery,
    responses: { 200: myInvitationsResponse },
  }),
  acceptMine: defineOperation({
    method: 'POST',
    path: 'me/invitations/{invitation}/accept',
    tags,
    summary: 'Accepts one of my invitations; accepting again answers with the membership',
    responses: { 200: acceptInvitationResponse, 404: errorResponse, 409: errorResponse, 410: errorResponse },
  }),
  declineMine: defineOperation({
    method: 'POST',
    path: 'me/invitations/{invitation}/decline',
    tags,
    summary: 'Declines one of my invitations',
    responses: { 204: z.null(), 404: errorResponse, 410: errorResponse },
  }),
};
