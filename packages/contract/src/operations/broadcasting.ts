import { errorResponse } from '../error-response.ts';
import { broadcastingAuthBody, broadcastingAuthResponse, realtimeConfigResponse } from '../realtime.ts';
import { defineOperation } from './operation.ts';

const tags = ['notifications'];

/** Real-time notifications: how the browser connects, and the private channel's authorisation (pusher-js posts it). */
export const broadcastingOperations = {
  config: defineOperation({
    method: 'GET',
    path: 'realtime/config',
    tags,
    summary: 'How the browser connects for real-time notifications (Pusher protocol: embedded endpoint or hosted Pusher)',
    responses: { 200: realtimeConfigResponse, 401: errorResponse },
  }),
  authorise: defineOperation({
    method: 'POST',
    path: 'broadcasting/auth', // BROADCASTING_AUTH_PATH below /api/v1
    tags,
    summary: "Authorises a real-time connection (socket_id) to join a private channel: only the signed-in user's private-User.{id}",
    body: broadcastingAuthBody,
    responses: { 200: broadcastingAuthResponse, 401: errorResponse, 403: errorResponse, 422: errorResponse },
  }),
};
