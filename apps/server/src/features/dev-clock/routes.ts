import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdjustableClock } from '../../lib/clock.ts';

/** A week: far enough for any browser test, small enough that a typo cannot move the app by years. */
const MAX_OFFSET_MS = 7 * 24 * 3_600_000;

const clockBody = z.object({ offset_ms: z.number().int().min(0).max(MAX_OFFSET_MS) });
const clockResponse = z.object({ now: z.string(), offset_ms: z.number() });

/**
 * PUT /dev/clock: the browser tests move the app's clock ahead (an interview that has started) instead
 * of waiting for wall time. Registered only when the server was started with TEST_CLOCK, which the
 * configuration refuses in production (config.ts). Outside /api: no session, no anti-forgery token.
 */
export function devClockRoutes(clock: AdjustableClock) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offset() });
    r.get('/dev/clock', { schema: { hide: true, response: { 200: clockResponse } } }, async () => state());
    r.put('/dev/clock', { schema: { hide: true, body: clockBody, response: { 200: clockResponse } } }, async (request) => {
      clock.setOffset(request.body.offset_ms);
      return state();
    });
  };
}
