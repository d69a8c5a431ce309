import autocannon from 'autocannon';

export type LoadResult = {
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** autocannon reports p90 and p97.5, not p95: p97.5 is the conservative stand-in for a p95 target. */
  p90Ms: number;
  p975Ms: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
};

export const LOAD = { connections: 32, warmupS: 2, durationS: 10 } as const;

/** A bounded autocannon run (warm-up, then the measured run) against one URL. */
export async function measureLoad(
  url: string,
  headers: Record<string, string> = {},
  connections: number = LOAD.connections,
): Promise<LoadResult> {
  const run = autocannon({
    url,
    headers,
    connections,
    duration: LOAD.durationS,
    timeout: 10,
    warmup: { connections, duration: LOAD.warmupS },
  });
  // autocannon stops itself after `duration`; this only guards against a hung run.
  const limitMs = (LOAD.warmupS + LOAD.durationS + 30) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`autocannon against ${url} did not finish within ${limitMs} ms`)), limitMs);
  });
  try {
    const result = await Promise.race([run, hung]);
    return {
      url,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      p90Ms: result.latency.p90,
      p975Ms: result.latency.p97_5,
      totalRequests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      durationS: result.duration,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Non-2xx answers or socket errors make the numbers meaningless (e.g. a 401 is cheaper than a 200). */
export function loadProblems(result: LoadResult): string | undefined {
  const problems = [
    result.non2xx > 0 ? `${result.non2xx} non-2xx` : '',
    result.errors > 0 ? `${result.errors} errors` : '',
    result.timeouts > 0 ? `${result.timeouts} timeouts` : '',
  ].filter(Boolean);
  return problems.length ? problems.join(', ') : undefined;
}
