import { API_BASE_PATH } from '@hireloop/contract/constants';
import { broadcastingOperations as ops } from '@hireloop/contract/operations/broadcasting';
import { BROADCASTING_AUTH_PATH, type RealtimeConfig as BrowserRealtimeConfig } from '@hireloop/contract/realtime';
import type { FastifyInstance } from 'fastify';
import type { RealtimeConfig } from '../../config.ts';
import { route } from '../../http/route.ts';
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
    route(app, ops.config, { preHandler: [requireSession] }, async () => ({ realtime: browserConfig }));
    route(app, ops.authorise, { preHandler: [requireSession] }, async (request) =>
      authoriseChannel(opts.realtime, userIdOf(request), request.body.socket_id, request.body.channel_name),
    );
  };
}
