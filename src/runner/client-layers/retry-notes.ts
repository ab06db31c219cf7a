/** @module A client layer that turns every 429/503 the transport retried into a note on the check's result. */
import type { ClientLayer } from './compose.js';

export function retryNotes(notes: Set<string>): ClientLayer {
  return (inner) => ({
    async send(spec) {
      const ex = await inner.send(spec);
      for (const r of ex.retries ?? [])
        notes.add(`retried ${spec.method} ${spec.path} after HTTP ${r.status}, waiting ${r.waitMs} ms (Retry-After)`);
      return ex;
    },
    open: (spec) => inner.open(spec),
  });
}
