import { errorResponse } from '../error-response.ts';
import { healthResponse } from '../health.ts';
import { defineOperation } from './operation.ts';

/** `health`: whether the app and its database answer (load balancers, uptime checks). */
export const healthOperations = {
  get: defineOperation({
    method: 'GET',
    path: 'health',
    tags: ['health'],
    summary: 'Checks the database',
    responses: { 200: healthResponse, 503: errorResponse },
  }),
};
