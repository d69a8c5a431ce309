import { errorResponse } from '../error-response.ts';
import { defineOperation } from './operation.ts';

/** `files/avatars/{userId}/{fileId}`: stored files served outside an organisation (avatars). */
export const fileOperations = {
  avatar: defineOperation({
    method: 'GET',
    path: 'files/avatars/{userId}/{fileId}',
    tags: ['files'],
    summary: "A user's avatar (image/webp), for members of an organisation they belong to",
    responses: { 401: errorResponse, 404: errorResponse },
  }),
};
