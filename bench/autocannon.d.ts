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
  };

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

  /** Without a callback it returns a thenable that resolves with the result. */
  export default function autocannon(options: Options): PromiseLike<Result>;
}
