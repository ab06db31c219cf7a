/** @module Load generation with autocannon's programmatic API (in the parent; the server runs in a child). */
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | undefined;
  connections?: number;
  /** Measured seconds (after the warm-up). */
  seconds: number;
  /** Warm-up seconds (JIT, connection set-up), not counted. */
  warmupSeconds?: number;
  /** The server's CPU time so far, µs (sampled around the measured window only). */
  serverCpuUs?: () => Promise<number>;
  /** Requests per second offered, over all connections (autocannon's overallRate); default: as fast as answered. */
  rate?: number;
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
    ...(spec.rate !== undefined ? { overallRate: spec.rate } : {}),
  });
}

/** A warm-up run, then the measured run. */
async function load(spec: LoadSpec): Promise<LoadResult> {
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
    ...(cpu0 !== undefined && cpu1 !== undefined && r.requests.total > 0
      ? { cpuUsPerRequest: (cpu1 - cpu0) / r.requests.total }
      : {}),
  };
}

/** The median (NaN for none). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A problem line when a load saw non-2xx answers or errors (a figure measured on errors would lie). */
export function checkClean(what: string, r: LoadResult): string | undefined {
  if (r.non2xx || r.errors) return `${what}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`;
  return undefined;
}

export interface Paired {
  base: LoadResult[];
  mock: LoadResult[];
  /** mock ÷ baseline req/s of each round. */
  ratios: number[];
}

/**
 * Warms both servers up once (`warmupSeconds` each), then loads them in `rounds` back-to-back pairs
 * of `spec.seconds`, the order swapped each round.
 */
export async function paired(base: LoadSpec, mock: LoadSpec, rounds: number, warmupSeconds = 2): Promise<Paired> {
  // The warm-up (JIT of the whole request path, connection set-up), not counted.
  await load({ ...base, seconds: warmupSeconds, warmupSeconds: 0 });
  await load({ ...mock, seconds: warmupSeconds, warmupSeconds: 0 });
  const out: Paired = { base: [], mock: [], ratios: [] };
  for (let i = 0; i < rounds; i++) {
    let b: LoadResult;
    let m: LoadResult;
    if (i % 2 === 0) {
      b = await load({ ...base, warmupSeconds: 0 });
      m = await load({ ...mock, warmupSeconds: 0 });
    } else {
      m = await load({ ...mock, warmupSeconds: 0 });
      b = await load({ ...base, warmupSeconds: 0 });
    }
    out.base.push(b);
    out.mock.push(m);
    out.ratios.push(m.rps / b.rps);
  }
  return out;
}

/** Each round's req/s, for notes. */
export const rounded = (rs: readonly LoadResult[]) => rs.map((r) => Math.round(r.rps)).join('/');
/** The median req/s of some rounds. */
export const medianRps = (rs: readonly LoadResult[]) => median(rs.map((r) => r.rps));
/** The median server CPU per request of some rounds, µs (NaN where unmeasured). */
export const medianCpu = (rs: readonly LoadResult[]) => median(rs.map((r) => r.cpuUsPerRequest ?? Number.NaN));
/** Each round's ratio, for notes. */
export const ratiosText = (p: Paired) => p.ratios.map((r) => r.toFixed(2)).join('/');

/** The problem lines of paired rounds (none when not run), the baseline's rounds and then the other side's. */
export function pairProblems(p: Paired | undefined, base: string, mock: string): string[] {
  if (!p) return [];
  return [...p.base.map((r) => checkClean(base, r)), ...p.mock.map((r) => checkClean(mock, r))].filter(
    (line): line is string => Boolean(line),
  );
}
