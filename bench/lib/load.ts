import autocannon, { type Instance, type Result } from 'autocannon';

export type LoadResult = {
  url: string;
  requestsPerSecond: number;
  /** Latency percentiles of every response of the measured run (recordLatencies), 0.1 ms resolution. */
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
};

export const LOAD = { connections: 32, warmupS: 2, durationS: 10 } as const;

export type Percentiles = { p50Ms: number; p90Ms: number; p95Ms: number; p99Ms: number };

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The latency of every response of an autocannon run (its `response` event, in milliseconds with
 * sub-millisecond precision), for exact percentiles: autocannon's own summary rounds to whole
 * milliseconds and has p90 and p97.5 but no p95. The warm-up's responses go to another tracker
 * and are not counted.
 */
export function recordLatencies(instance: Instance): () => Percentiles {
  const samples: number[] = [];
  instance.on('response', (_client, _statusCode, _bytes, responseTimeMs) => {
    samples.push(responseTimeMs);
  });
  return () => {
    const sorted = Float64Array.from(samples).sort();
    // Nearest rank: the smallest value with at least p % of the samples at or below it.
    const at = (p: number) => round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
    return { p50Ms: at(50), p90Ms: at(90), p95Ms: at(95), p99Ms: at(99) };
  };
}

/** What a finished autocannon run measured, with the percentiles `recordLatencies` kept of it. */
export function loadResult(url: string, result: Result, percentiles: Percentiles): LoadResult {
  return {
    url,
    requestsPerSecond: result.requests.average,
    ...percentiles,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: result.duration,
  };
}

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
  const percentiles = recordLatencies(run);
  // autocannon stops itself after `duration`; this only guards against a hung run.
  const limitMs = (LOAD.warmupS + LOAD.durationS + 30) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`autocannon against ${url} did not finish within ${limitMs} ms`)), limitMs);
  });
  try {
    return loadResult(url, await Promise.race([run, hung]), percentiles());
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
