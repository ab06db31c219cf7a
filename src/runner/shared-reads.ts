/**
 * @module Requests without side effects that several checks send identically (the baselines and
 * controls, acceptance requests, listing reads) go out once per run: the first check's exchange is
 * handed to every other check that sends the same request (same method, path, query, headers,
 * credentials and body). A check that sends the same request again itself gets a fresh answer: a
 * repeat within one check is deliberate (determinism, a counterexample probed once more, a job's
 * state read over time). Streams (`open`) are shared once a check has read one to its end
 * (shared-streams.ts).
 */
import type { HttpClient, HttpRequestSpec } from '../transport/types.js';
import { type KeptStream, keeping, replayed } from './shared-streams.js';
import { writeOf } from './write-ledger.js';

/** The run's shared answers, by canonical request: whole answers, and streams read to their end. */
export type SharedReads = Map<string, Promise<Awaited<ReturnType<HttpClient['send']>>> | KeptStream>;

/** JSON with object keys sorted, so two equal requests give one key whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString('base64') };
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
}

/** The key of a request without side effects, or undefined for one that may have some. */
function sharedKey(spec: HttpRequestSpec): string | undefined {
  if (writeOf(spec) !== undefined) return undefined;
  return canonical([
    spec.method,
    spec.path,
    spec.query ?? {},
    spec.headers ?? {},
    spec.auth ?? 'default',
    spec.json,
    spec.body,
    spec.timeoutMs,
  ]);
}

/** The client one check sends through: its reads shared with the run's other checks (`shared`), its repeats fresh. */
export function sharingReads(inner: HttpClient, shared: SharedReads): HttpClient {
  const mine = new Set<string>();
  return {
    send(spec) {
      const key = sharedKey(spec);
      if (key === undefined) return inner.send(spec);
      const earlier = shared.get(key);
      if (earlier instanceof Promise && !mine.has(key)) {
        mine.add(key);
        return earlier;
      }
      mine.add(key);
      const p = inner.send(spec);
      shared.set(key, p);
      // A request that went wrong (a timeout, a reset) is not handed on: the next check sends its own.
      p.catch(() => {
        if (shared.get(key) === p) shared.delete(key);
      });
      return p;
    },
    async open(spec) {
      const key = sharedKey(spec);
      if (key === undefined) return inner.open(spec);
      const streamKey = `open ${key}`;
      const kept = shared.get(streamKey);
      if (kept !== undefined && !(kept instanceof Promise) && !mine.has(streamKey)) {
        mine.add(streamKey);
        return replayed(kept);
      }
      mine.add(streamKey);
      return keeping(await inner.open(spec), (whole) => shared.set(streamKey, whole));
    },
  };
}
