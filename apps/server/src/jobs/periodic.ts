import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` every `everyMs`, the first time `firstAfterMs` after start, never two passes at once
 * (a pass still running when the next is due makes that one a no-op). A failed pass is logged as
 * `failed` and the schedule goes on. The timers do not keep the process alive. Returns a stop function.
 */
export function schedulePeriodic(
  log: FastifyBaseLogger,
  options: { everyMs: number; firstAfterMs: number; failed: string; pass: () => Promise<void> },
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await options.pass();
    } catch (error) {
      log.error({ err: error }, options.failed);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), options.firstAfterMs);
  first.unref();
  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
