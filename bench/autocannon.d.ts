// autocannon ships no types and @types/autocannon is not installed: the subset the bench uses.
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds per request before it counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    warmup?: { connections?: number; duration?: number };
    /** Stop after this many requests (instead of `duration`). */
    amount?: number;
    method?: string;
    /** Request sequence; `setupRequest` may rewrite each request before it is sent (e.g. a new body). */
    requests?: Array<{
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      setupRequest?: (request: RequestParams) => RequestParams;
    }>;
  };

  export type RequestParams = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };

  export type Result = {
    /** Requests per second, one sample per second. */
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** The run: a thenable that resolves with the result, and an emitter of each response (the measured run's, not the warm-up's). */
  export type Instance = PromiseLike<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): Instance;
  };

  /** Without a callback it returns a thenable that resolves with the result. */
  export default function autocannon(options: Options): Instance;
}
