/** @module Load generation with autocannon's programmatic API (in the parent; the server runs in a child). */
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Measured seconds (after the warm-up). */
  seconds: number;
  /** Warm-up seconds (JIT, connection set-up), not counted. */
  warmupSeconds?: number;
  /** The server's CPU time so far, µs (sampled around the measured window only). */
  serverCpuUs?: () => Promise<number>;
}

export interface LoadResult {
  /** Requests per second over the measured window (2xx and others alike; see `non2xx`). */
  rps: number;
  /** Response bytes per second. */
  bytesPerSec: number;
  total: number;
  non2xx: number;
  errors: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Server CPU time per request, µs (when `serverCpuUs` was given): less sensitive to a busy machine than req/s. */
  cpuUsPerRequest?: number;
}

function once(spec: LoadSpec, seconds: number) {
  return autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    connections: spec.connections ?? 32,
    duration: seconds,
    timeout: 10,
  });
}

/** A warm-up run, then the measured run. */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  if ((spec.warmupSeconds ?? 1) > 0) await once(spec, spec.warmupSeconds ?? 1);
  const cpu0 = await spec.serverCpuUs?.();
  const r = await once(spec, spec.seconds);
  const cpu1 = await spec.serverCpuUs?.();
  const seconds = r.duration || spec.seconds;
  return {
    rps: r.requests.total / seconds,
    bytesPerSec: r.throughput.total / seconds,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    ...(cpu0 !== undefined && cpu1 !== undefined && r.requests.total > 0 ? { cpuUsPerRequest: (cpu1 - cpu0) / r.requests.total } : {}),
  };
}
