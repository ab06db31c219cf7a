/** @module The run cache as a client layer: identical requests without side effects go out once per run. */
import { cacheKey } from '../../core/cache-key.js';
import type { HttpExchange, HttpRequestSpec } from '../../transport/types.js';
import type { CheckCacheView } from '../run-cache.js';
import { writeOf } from '../write-ledger.js';
import type { ClientLayer } from './compose.js';
import { type KeptStream, keeping, replayed } from './shared-streams.js';

/** JSON with object keys sorted, so two equal requests give one key whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString('base64') };
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
}

/** The identity of a request without side effects, or undefined for one that may have some. */
function requestIdentity(spec: HttpRequestSpec): string | undefined {
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

/** The layer through which one check (`cache`: its view of the run cache) shares its requests without side effects. */
export function sharedRequests(cache: CheckCacheView): ClientLayer {
  return (inner) => ({
    send(spec) {
      const id = requestIdentity(spec);
      if (id === undefined) return inner.send(spec);
      return cache.shared(cacheKey<Promise<HttpExchange>>(`send ${id}`), () => inner.send(spec));
    },
    async open(spec) {
      const id = requestIdentity(spec);
      if (id === undefined) return inner.open(spec);
      return cache.kept(
        cacheKey<KeptStream>(`open ${id}`),
        async (keep) => keeping(await inner.open(spec), keep),
        async (kept) => replayed(kept),
      );
    },
  });
}
