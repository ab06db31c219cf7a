/** @module The HTTP client checks send through, an exchange as a chain of stages, one file each. */
import { readCapped, streamedChunks, discard } from './body-reader.js';
import type { HttpClientOptions } from './client-options.js';
import { jsonOrUndefined } from '../core/values.js';
import { dispatch } from './dispatch.js';
import { outgoingRequest } from './outgoing-request.js';
import { retryWait, sleep } from './retry-after.js';
import type {
  HttpClient,
  HttpExchange,
  HttpRequestSpec,
  InFlightExchange,
  RecordedRequest,
  StreamingExchange,
} from './types.js';
import { openWire, type Wire } from './wire.js';
import { metOn, taggedChunks } from './failed-request.js';

export type { HttpClientOptions } from './client-options.js';

/** One request answered in full: retried after a 429/503 as its Retry-After says (retry-after.ts). */
async function send(wire: Wire, spec: HttpRequestSpec, inFlight?: Set<InFlightExchange>): Promise<HttpExchange> {
  const outgoing = outgoingRequest(wire, spec);
  const url = outgoing.recorded.url;
  const retries: { status: number; waitMs: number }[] = [];
  for (;;) {
    const { res, headers, started, deadline } = await dispatch(wire, spec, outgoing, inFlight).catch((err) => {
      throw metOn(err, outgoing.recorded);
    });
    const { text, truncated } = await readCapped(wire, { res, headers, url, deadline }).catch((err) => {
      throw metOn(err, outgoing.recorded);
    });
    const status = res.statusCode;
    const wait = retryWait(wire.opts, status, headers, retries.length);
    if (wait !== undefined) {
      retries.push({ status, waitMs: wait });
      await sleep(wait, wire.opts.signal);
      continue;
    }
    return {
      request: outgoing.recorded,
      response: { status, headers, bodyText: text, truncated, durationMs: performance.now() - started },
      json: truncated ? undefined : jsonOrUndefined(text),
      ...(retries.length ? { retries } : {}),
    };
  }
}

async function open(wire: Wire, spec: HttpRequestSpec, inFlight?: Set<InFlightExchange>): Promise<StreamingExchange> {
  const outgoing = outgoingRequest(wire, spec);
  const { res, headers, started, deadline } = await dispatch(wire, spec, outgoing, inFlight).catch((err) => {
    throw metOn(err, outgoing.recorded);
  });
  // A body nobody reads (a check that looks at the status alone) still ends at the deadline, freeing its place.
  deadline.onExpire(() => deadline.dispose());
  return {
    request: outgoing.recorded,
    status: res.statusCode,
    headers,
    chunks: taggedChunks(
      streamedChunks(wire, { res, headers, url: outgoing.recorded.url, deadline }),
      outgoing.recorded,
    ),
    elapsedMs: () => performance.now() - started,
    async close() {
      discard(res.body);
      deadline.dispose();
    },
  };
}

/** Creates the client; `close()` frees its connections. */
export function createHttpClient(opts: HttpClientOptions): HttpClient & {
  tracking(inFlight: Set<InFlightExchange>): HttpClient;
  record(spec: HttpRequestSpec): RecordedRequest;
  close(): Promise<void>;
} {
  const wire = openWire(opts);
  return {
    send: (spec) => send(wire, spec),
    open: (spec) => open(wire, spec),
    /** The client as one check sees it: its exchanges are listed in `inFlight` while they last. */
    tracking(inFlight: Set<InFlightExchange>): HttpClient {
      return { send: (spec) => send(wire, spec, inFlight), open: (spec) => open(wire, spec, inFlight) };
    },
    /** The request as it would go out (URL, headers with credentials, body), without sending it. */
    record: (spec) => outgoingRequest(wire, spec).recorded,
    close: () => wire.agent.close(),
  };
}
