import { API_BASE_PATH } from '@hireloop/contract/constants';
import { errorResponse } from '@hireloop/contract/error-response';
import {
  BROADCASTING_AUTH_PATH,
  broadcastingAuthBody,
  broadcastingAuthResponse,
  realtimeConfigResponse,
  type RealtimeConfig as BrowserRealtimeConfig,
} from '@hireloop/contract/realtime';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RealtimeConfig } from '../../config.ts';
import { requireSession, userIdOf } from '../../http/session.ts';
import { authoriseChannel } from './service.ts';

/** What the browser needs to connect: the embedded endpoint on the app's own origin, or hosted Pusher. */
export function browserRealtimeConfig(config: RealtimeConfig, appUrl: string): BrowserRealtimeConfig {
  const auth_endpoint = `${API_BASE_PATH}${BROADCASTING_AUTH_PATH}`;
  if (config.hosted) {
    const { cluster, host } = config.hosted;
    const onPusher = host.endsWith('.pusher.com') && cluster;
    return {
      key: config.key,
      host: onPusher ? `ws-${cluster}.pusher.com` : host,
      port: onPusher ? 443 : config.hosted.port,
      tls: true,
      ...(cluster ? { cluster } : {}),
      auth_endpoint,
    };
  }
  const url = new URL(appUrl);
  const tls = url.protocol === 'https:';
  return { key: config.key, host: url.hostname, port: url.port ? Number(url.port) : tls ? 443 : 80, tls, auth_endpoint };
}

export function broadcastingRoutes(opts: { realtime: RealtimeConfig; appUrl: string }) {
  const browserConfig = browserRealtimeConfig(opts.realtime, opts.appUrl);
  return async (app: FastifyInstance) => {
    // pusher-js posts the channel authorisation as a form; this scope reads forms as well as JSON.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/realtime/config',
      {
        preHandler: [requireSession],
        schema: {
          tags: ['notifications'],
          summary: 'How the browser connects for real-time notifications (Pusher protocol: embedded endpoint or hosted Pusher)',
          response: { 200: realtimeConfigResponse, 401: errorResponse },
        },
      },
      async () => ({ realtime: browserConfig }),
    );
    r.post(
      BROADCASTING_AUTH_PATH,
      {
        preHandler: [requireSession],
        schema: {
          tags: ['notifications'],
          summary: "Authorises a real-time connection (socket_id) to join a private channel: only the signed-in user's private-User.{id}",
          body: broadcastingAuthBody,
          response: { 200: broadcastingAuthResponse, 401: errorResponse, 403: errorResponse, 422: errorResponse },
        },
      },
      async (request) => authoriseChannel(opts.realtime, userIdOf(request), request.body.socket_id, request.body.channel_name),
    );
  };
}
