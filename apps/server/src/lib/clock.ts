/** What the app asks for the time now. Tests inject their own (AppDeps.clock). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * The system's clock, moved ahead by an offset the browser tests set (PUT /dev/clock, only with
 * TEST_CLOCK outside production). It keeps running, so a test moves time once rather than waiting
 * for it; setting the offset back to 0 returns to the real time.
 */
export function adjustableClock(now: () => number = Date.now) {
  let offsetMs = 0;
  return {
    now: (() => new Date(now() + offsetMs)) as Clock,
    setOffset(ms: number) {
      offsetMs = ms;
    },
    offset: () => offsetMs,
  };
}

export type AdjustableClock = ReturnType<typeof adjustableClock>;
