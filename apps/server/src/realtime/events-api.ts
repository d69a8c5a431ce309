import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Broadcaster, RealtimeEvent } from './broadcaster.ts';
import { MAX_PAYLOAD_BYTES } from './hub.ts';
import { constantTimeEqual, md5Hex, signHttpRequest } from './signing.ts';

/** A request's auth_timestamp may be this far from the server's clock (either way). */
export const MAX_CLOCK_SKEW_S = 600;
export const MAX_CHANNELS_PER_EVENT = 100;
export const MAX_EVENTS_PER_BATCH = 10;
const MAX_BODY_BYTES = MAX_EVENTS_PER_BATCH * (MAX_PAYLOAD_BYTES + 4096) + 4096;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
const SOCKET_ID = /^\d+\.\d+$/;

export type EventsApiOptions = { appId: string; key: string; secret: string; broadcaster: Broadcaster };

class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Errors of the events API are plain text, as Pusher's are (its SDKs show the body as is). */
function fail(reply: FastifyReply, error: ApiError) {
  return reply.code(error.status).type('text/plain; charset=utf-8').send(`${error.message}\n`);
}

/** Checks key, timestamp window, body_md5 and signature (constant time), then that it is not a replay. */
async function authenticate(request: FastifyRequest, body: string, opts: EventsApiOptions) {
  const query = request.query as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (typeof v !== 'string') throw new ApiError(400, `Query parameter ${k} must appear once`);
    params[k] = v;
  }
  const { auth_key: key, auth_timestamp: timestamp, auth_version: version, body_md5: bodyMd5, auth_signature: signature } = params;
  if (!key || !timestamp || !version || !signature) throw new ApiError(401, 'Missing authentication parameters');
  if (version !== '1.0') throw new ApiError(401, 'Unsupported auth_version');
  if (!constantTimeEqual(key, opts.key)) throw new ApiError(401, 'Unknown auth_key');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S)
    throw new ApiError(401, `Timestamp expired: auth_timestamp must be within ${MAX_CLOCK_SKEW_S} s of the server time`);
  if (body.length > 0 && (!bodyMd5 || !constantTimeEqual(bodyMd5, md5Hex(body))))
    throw new ApiError(401, 'body_md5 does not match the body');
  const path = (request.raw.url ?? '').split('?')[0] ?? '';
  if (!constantTimeEqual(signature, signHttpRequest(opts.secret, request.method, path, params)))
    throw new ApiError(401, 'Invalid signature');
  if (!(await opts.broadcaster.firstUse(signature, MAX_CLOCK_SKEW_S * 2))) throw new ApiError(401, 'Replayed request');
}

function eventOf(input: unknown, where: string, channelsKey: 'channels' | 'channel'): RealtimeEvent {
  if (typeof input !== 'object' || input === null) throw new ApiError(400, `${where}: an object is expected`);
  const e = input as Record<string, unknown>;
  if (typeof e.name !== 'string' || e.name.length === 0 || e.name.length > 200)
    throw new ApiError(400, `${where}: name is required (≤ 200 characters)`);
  const data = typeof e.data === 'string' ? e.data : e.data === undefined ? undefined : JSON.stringify(e.data);
  if (data === undefined) throw new ApiError(400, `${where}: data is required`);
  if (Buffer.byteLength(data) > MAX_PAYLOAD_BYTES) throw new ApiError(413, `${where}: data is over ${MAX_PAYLOAD_BYTES / 1024} KB`);
  let channels: unknown[];
  if (channelsKey === 'channel' || (e.channels === undefined && typeof e.channel === 'string')) channels = [e.channel];
  else if (Array.isArray(e.channels)) channels = e.channels;
  else throw new ApiError(400, `${where}: channels is required`);
  if (channels.length === 0) throw new ApiError(400, `${where}: at least one channel is required`);
  if (channels.length > MAX_CHANNELS_PER_EVENT) throw new ApiError(400, `${where}: at most ${MAX_CHANNELS_PER_EVENT} channels per event`);
  for (const c of channels) if (typeof c !== 'string' || !CHANNEL_NAME.test(c)) throw new ApiError(400, `${where}: invalid channel name`);
  if (e.socket_id !== undefined && (typeof e.socket_id !== 'string' || !SOCKET_ID.test(e.socket_id)))
    throw new ApiError(400, `${where}: invalid socket_id`);
  return { channels: channels as string[], name: e.name, data, ...(e.socket_id ? { socketId: e.socket_id as string } : {}) };
}

/**
 * The HTTP events API of the Pusher protocol on the embedded endpoint, for publishers such as the
 * official `pusher` SDK: POST /apps/{app_id}/events and /apps/{app_id}/batch_events. Not part of
 * the JSON API under /api (no session, no XSRF): requests prove themselves by their signature.
 */
export function eventsApiRoutes(opts: EventsApiOptions) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    // The raw body is what body_md5 covers; JSON is parsed only after the signature checks out.
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));
    app.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return fail(reply, new ApiError(413, 'Request body too large'));
      if (error instanceof ApiError) return fail(reply, error);
      if ((error.statusCode ?? 500) < 500) return fail(reply, new ApiError(error.statusCode ?? 400, 'Bad request'));
      app.log.error({ err: error }, 'realtime events API failed');
      return fail(reply, new ApiError(500, 'Internal error'));
    });

    const handle = (batch: boolean) => async (request: FastifyRequest<{ Params: { appId: string } }>, reply: FastifyReply) => {
      if (request.params.appId !== opts.appId) return fail(reply, new ApiError(404, 'Unknown app'));
      const body = typeof request.body === 'string' ? request.body : '';
      await authenticate(request, body, opts);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new ApiError(400, 'The body must be JSON');
      }
      let events: RealtimeEvent[];
      if (batch) {
        const list = (parsed as { batch?: unknown } | null)?.batch;
        if (!Array.isArray(list) || list.length === 0) throw new ApiError(400, 'batch: a non-empty list is expected');
        if (list.length > MAX_EVENTS_PER_BATCH) throw new ApiError(400, `batch: at most ${MAX_EVENTS_PER_BATCH} events`);
        events = list.map((e, i) => eventOf(e, `batch.${i}`, 'channel'));
      } else {
        events = [eventOf(parsed, 'event', 'channels')];
      }
      await opts.broadcaster.trigger(events);
      return reply
        .code(200)
        .type('application/json')
        .send(batch ? { batch: events.map(() => ({})) } : {});
    };
    app.post('/apps/:appId/events', { schema: { hide: true } }, handle(false));
    app.post('/apps/:appId/batch_events', { schema: { hide: true } }, handle(true));
  };
}
