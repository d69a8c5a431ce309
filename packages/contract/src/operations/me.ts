import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { endedSessionsResponse, profileResponse, updateProfileBody, userSessionsResponse } from '../me.ts';
import { defineOperation } from './operation.ts';

const tags = ['me'];

/** My Personal Settings: `me`, `me/avatar`, `me/sessions`. Signed-in users only; never an API key. */
export const meOperations = {
  profile: defineOperation({
    method: 'GET',
    path: 'me',
    tags,
    summary: 'My profile',
    responses: { 200: profileResponse, 401: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: 'me',
    tags,
    summary: 'Changes my name, timezone (IANA) or email preferences (per notification type)',
    body: updateProfileBody,
    responses: { 200: profileResponse, 401: errorResponse, 422: errorResponse },
  }),
  uploadAvatar: defineOperation({
    method: 'POST',
    path: 'me/avatar',
    tags,
    summary: 'Uploads my avatar: multipart field `avatar`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a 256×256 WebP',
    consumes: ['multipart/form-data'],
    responses: { 200: profileResponse, 401: errorResponse, 413: errorResponse, 422: errorResponse, 429: errorResponse },
  }),
  removeAvatar: defineOperation({
    method: 'DELETE',
    path: 'me/avatar',
    tags,
    summary: 'Removes my avatar',
    responses: { 200: profileResponse, 401: errorResponse },
  }),
  sessions: defineOperation({
    method: 'GET',
    path: 'me/sessions',
    tags,
    summary: 'My signed-in sessions (the current one first)',
    responses: { 200: userSessionsResponse, 401: errorResponse },
  }),
  endSession: defineOperation({
    method: 'DELETE',
    path: 'me/sessions/{sessionId}',
    tags,
    summary: 'Signs out one of my other sessions',
    responses: { 204: z.null(), 401: errorResponse, 404: errorResponse, 422: errorResponse },
  }),
  endOtherSessions: defineOperation({
    method: 'DELETE',
    path: 'me/sessions',
    tags,
    summary: 'Signs out everywhere else: every session but this one',
    responses: { 200: endedSessionsResponse, 401: errorResponse },
  }),
};
