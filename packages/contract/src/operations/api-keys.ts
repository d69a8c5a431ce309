import { z } from 'zod';
import { apiKeysResponse, createApiKeyBody, createdApiKeyResponse } from '../api-keys.ts';
import { errorResponse } from '../error-response.ts';
import { listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['API keys'];
const keys = 'organisation/{organisationId}/api-keys';

/** `organisation/{id}/api-keys`: create (token shown once), list, revoke. Sessions only: a key never manages keys. */
export const apiKeyOperations = {
  list: defineOperation({
    method: 'GET',
    path: keys,
    tags,
    summary: "The organisation's live API keys, newest first (prefix only, never the key)",
    query: listQuery,
    responses: { 200: apiKeysResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: keys,
    tags,
    summary: 'Creates an API key; the response carries the key (`token`) this one time only',
    description:
      'Send the token as `Authorization: Bearer hl_…` on organisation routes whose permission allows API keys (see docs/permissions.md). Only its sha256 is stored: it cannot be shown again.',
    body: createApiKeyBody,
    responses: { 201: createdApiKeyResponse, 422: errorResponse },
  }),
  revoke: defineOperation({
    method: 'DELETE',
    path: `${keys}/{keyId}`,
    tags,
    summary: 'Revokes an API key: it stops working at once',
    responses: { 204: z.null(), 404: errorResponse },
  }),
};
