/** Minimal types for the parts of autocannon 9's programmatic API the bench uses (it ships none). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    pipelining?: number;
    timeout?: number;
    bailout?: number;
  }
  interface Result {
    requests: Histogram;
    throughput: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
  }
  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }
  function autocannon(opts: Options): Instance & Promise<Result>;
  export default autocannon;
}
