/**
 * @module The client as one check sees it: the run's client wrapped, innermost first, in the
 * tracking of its requests in flight (the deadline names them), the timing collector, the write
 * ledger, the target watch, the coverage recorder, the request count, the retry notes, and the
 * sharing of identical reads between checks.
 */
import type { HttpClient, HttpRequestSpec, InFlightExchange } from '../transport/types.js';
import type { RunSession } from './run-session.js';
import { sharingReads } from './shared-reads.js';
import type { AcceptedBeyond } from './write-ledger.js';

export interface CheckClient {
  readonly http: HttpClient;
  /** This check's own requests in flight. */
  readonly inFlight: ReadonlySet<InFlightExchange>;
  /** The requests this check sent (shared reads included). */
  requests(): number;
  /** What this check's own exchanges exercised first (coverage items new to the run). */
  newItems(): number;
  /** A request sent beyond the write budget that the target accepted, if any (write-ledger.ts). */
  acceptedBeyond(): AcceptedBeyond | undefined;
}

/** `notes`: every 429/503 the transport retried becomes a note on the check's result. */
export function checkClient(session: RunSession, checkId: string, notes: Set<string>): CheckClient {
  const { client, timing, writes, recorder, watch, counter, sharedReads } = session;
  const inFlight = new Set<InFlightExchange>();
  const perCheck = { requests: 0 };
  let newItems = 0;
  const ledgered = writes.wrap(timing.wrap(client.tracking(inFlight)));
  const http = sharingReads(
    reportingRetries(
      countingClient(
        // Outside the write ledger: a request waiting for the target to come back holds no write slot.
        recorder.wrap(watch.wrap(ledgered.http, checkId), (n) => {
          newItems += n;
        }),
        counter,
        perCheck,
      ),
      notes,
    ),
    sharedReads,
  );
  return {
    http,
    inFlight,
    requests: () => perCheck.requests,
    newItems: () => newItems,
    acceptedBeyond: () => ledgered.acceptedBeyond(),
  };
}

/** Counts a check's requests, and chat requests so the report can state the completion-token budget actually used. */
function countingClient(inner: HttpClient, counter: { chat: number }, perCheck: { requests: number }): HttpClient {
  const count = (spec: HttpRequestSpec) => {
    perCheck.requests++;
    if (spec.method === 'POST' && /^\/v1\/chat\/completions\/?$/.test(spec.path)) counter.chat++;
  };
  return {
    send: (spec) => {
      count(spec);
      return inner.send(spec);
    },
    open: (spec) => {
      count(spec);
      return inner.open(spec);
    },
  };
}

/** Every 429/503 the transport retried becomes a note on that check's result. */
function reportingRetries(inner: HttpClient, notes: Set<string>): HttpClient {
  return {
    async send(spec) {
      const ex = await inner.send(spec);
      for (const r of ex.retries ?? [])
        notes.add(`retried ${spec.method} ${spec.path} after HTTP ${r.status}, waiting ${r.waitMs} ms (Retry-After)`);
      return ex;
    },
    open: (spec) => inner.open(spec),
  };
}
