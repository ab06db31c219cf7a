/** @module The run cache as a client layer: identical requests without side effects go out once per run. */
import { cacheKey } from '../../core/cache-key.js';
import { canonicalJson } from '../../core/values.js';
import type { HttpExchange, HttpRequestSpec } from '../../transport/types.js';
import type { CheckCacheView } from '../run-cache.js';
import { writeOf } from '../write-ledger.js';
import type { ClientLayer } from './compose.js';
import { type KeptStream, keeping, replayed } from './shared-streams.js';

/** The identity of a request without side effects, or undefined for one that may have some. */
function requestIdentity(spec: HttpRequestSpec): string | undefined {
  if (writeOf(spec) !== undefined) return undefined;
  // Keys sorted: two equal requests give one identity whatever their key order.
  const body = spec.body instanceof Uint8Array ? { bytes: Buffer.from(spec.body).toString('base64') } : spec.body;
  return canonicalJson([
    spec.method,
    spec.path,
    spec.query ?? {},
    spec.headers ?? {},
    spec.auth ?? 'default',
    spec.json,
    body,
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
