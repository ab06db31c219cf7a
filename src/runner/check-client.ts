/** @module The client as one check sees it: the run's client inside a declared pipeline of layers (client-layers/). */
import type { HttpClient, HttpRequestSpec, InFlightExchange } from '../transport/types.js';
import { type ClientLayer, compose } from './client-layers/compose.js';
import { sharedRequests } from './client-layers/shared-requests.js';
import type { CheckCacheView } from './run-cache.js';
import type { RunSession } from './run-session.js';
import type { AcceptedBeyond, WriteLedger } from './write-ledger.js';

export interface CheckClient {
  readonly http: HttpClient;
  readonly inFlight: ReadonlySet<InFlightExchange>;
  /** This check's view of the run cache: its `ctx.cache`, and the sharing of its requests. */
  readonly cache: CheckCacheView;
  /** The requests this check sent (those the run cache answered from another check's not counted). */
  requests(): number;
  /** What this check's own exchanges exercised first (coverage items new to the run). */
  newItems(): number;
  /** A request sent beyond the write budget that the target accepted, if any (write-ledger.ts). */
  acceptedBeyond(): AcceptedBeyond | undefined;
}

/** `notes`: every 429/503 the transport retried becomes a note on the check's result. */
export function checkClient(session: RunSession, checkId: string, notes: Set<string>): CheckClient {
  const inFlight = new Set<InFlightExchange>();
  let requests = 0;
  let newItems = 0;
  let ledgered: ReturnType<WriteLedger['wrap']> | undefined;
  const cache = session.cache.forCheck();
  /** Counts the check's requests, and the run's chat requests (the token budget used). */
  const count = (spec: HttpRequestSpec) => {
    requests++;
    if (spec.method === 'POST' && /^\/v1\/chat\/completions\/?$/.test(spec.path)) session.counter.chat++;
  };
  const layers: readonly ClientLayer[] = [
    (http) => session.timing.wrap(http),
    (http) => (ledgered = session.writes.wrap(http)).http,
    // Outside the write ledger: a request waiting for the target to come back holds no write slot.
    (http) => session.watch.wrap(http, checkId),
    (http) =>
      session.recorder.wrap(http, (n) => {
        newItems += n;
      }),
    (inner) => ({
      async send(spec) {
        count(spec);
        const ex = await inner.send(spec);
        for (const r of ex.retries ?? [])
          notes.add(`retried ${spec.method} ${spec.path} after HTTP ${r.status}, waiting ${r.waitMs} ms (Retry-After)`);
        return ex;
      },
      open: (spec) => {
        count(spec);
        return inner.open(spec);
      },
    }),
    sharedRequests(cache),
  ];
  return {
    http: compose(layers, session.client.tracking(inFlight)),
    inFlight,
    cache,
    requests: () => requests,
    newItems: () => newItems,
    acceptedBeyond: () => ledgered?.acceptedBeyond(),
  };
}
