import { z } from 'zod';
import { notification } from './notifications.ts';

/**
 * Real-time notifications over the Pusher Channels protocol 7 (docs/decisions/007).
 *
 * By default the app itself hosts the endpoint (`ws(s)://{host}:{port}/app/{key}?protocol=7`, same
 * port as the API); with PUSHER_HOST or PUSHER_CLUSTER set the browser connects to hosted Pusher
 * instead. Either way the browser uses `pusher-js` unchanged:
 *
 *   const c = (await api.get('/realtime/config')).realtime  // GET /api/v1/realtime/config
 *   new Pusher(c.key, {
 *     cluster: c.cluster ?? 'eu',           // pusher-js requires a cluster; ignored when wsHost is set
 *     ...(c.cluster ? {} : { wsHost: c.host, wsPort: c.port, wssPort: c.port }),
 *     forceTLS: c.tls,
 *     enabledTransports: ['ws', 'wss'],
 *     channelAuthorization: {
 *       endpoint: c.auth_endpoint,          // '/api/v1/broadcasting/auth'
 *       transport: 'ajax',
 *       // Unsafe method: send the XSRF token like every other call (the session cookie goes along).
 *       headersProvider: () => ({ 'X-XSRF-TOKEN': readXsrfCookie() }),
 *     },
 *   }).subscribe(userChannel(user.id)).bind(NOTIFICATION_EVENT, (n: Notification) => …)
 *
 * A failed authorisation makes pusher-js emit `pusher:subscription_error` on the channel; the UI
 * shows no message for it (docs/product.md §11).
 */

/** The private channel of one user; only that user may join it. */
export const userChannel = (userId: string) => `private-User.${userId}`;

/** The event name a new notification arrives as, on the user's channel. Its data: `notification`. */
export const NOTIFICATION_EVENT = 'notification';

/** The payload of a `notification` event: the same item as in GET /notifications. */
export const notificationEvent = notification;
export type NotificationEvent = z.infer<typeof notificationEvent>;

/**
 * GET /api/v1/realtime/config (signed in, not organisation-scoped) → { realtime: {…} }.
 * 401 signed out.
 */
export const realtimeConfig = z.object({
  /** The Pusher app key (public). */
  key: z.string(),
  /** WebSocket host: the app's own host (embedded) or the hosted host (ws-eu.pusher.com / PUSHER_HOST). */
  host: z.string(),
  /** WebSocket port (the app's port when embedded; 443 hosted). */
  port: z.number().int(),
  /** Use wss:// (always true for hosted Pusher). */
  tls: z.boolean(),
  /** Set only for hosted Pusher with a cluster (e.g. 'eu'); absent for the embedded endpoint and PUSHER_HOST. */
  cluster: z.string().optional(),
  /** Where pusher-js posts `socket_id` and `channel_name` to authorise a private channel. */
  auth_endpoint: z.string(),
});
export type RealtimeConfig = z.infer<typeof realtimeConfig>;
export const realtimeConfigResponse = z.object({ realtime: realtimeConfig });
export type RealtimeConfigResponse = z.infer<typeof realtimeConfigResponse>;

/** Path of the channel authorisation endpoint (under the API base path). */
export const BROADCASTING_AUTH_PATH = '/broadcasting/auth';

/**
 * POST /api/v1/broadcasting/auth — what pusher-js sends: application/x-www-form-urlencoded
 * (JSON accepted too) `socket_id=1234.5678&channel_name=private-User.{id}`. Needs the session
 * cookie and the X-XSRF-TOKEN header like any unsafe call.
 *  - 200 { auth: '{key}:{hex hmac-sha256}' } for the signed-in user's own `private-User.{id}`;
 *  - 401 signed out; 403 { message: ERROR_TEXTS.forbidden, code: 'forbidden' } for any other
 *    channel (another user's, public, presence, unknown); 422 for a malformed socket_id or channel_name.
 */
export const broadcastingAuthBody = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, 'Must be a socket id like 1234.5678.'),
  channel_name: z.string().min(1).max(200),
});
export type BroadcastingAuthBody = z.infer<typeof broadcastingAuthBody>;
export const broadcastingAuthResponse = z.object({ auth: z.string() });
export type BroadcastingAuthResponse = z.infer<typeof broadcastingAuthResponse>;
