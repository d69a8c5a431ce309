/** A clock a test moves by hand. */
export function manualClock(start = Date.now()) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms), at: () => at };
}

/**
 * Periodic work (the candidate import runner's heartbeat, the periodic jobs' checks) run by the
 * test instead of a timer: `every` is what the runner is given, `tick` runs everything scheduled
 * with it once and waits for it.
 */
export function manualTimer() {
  const ticks: (() => Promise<void>)[] = [];
  const every = (_ms: number, tick: () => Promise<void>) => {
    ticks.push(tick);
    return () => {
      const i = ticks.indexOf(tick);
      if (i >= 0) ticks.splice(i, 1);
    };
  };
  return {
    every,
    tick: async () => {
      await Promise.all(ticks.map((f) => f()));
    },
  };
}
