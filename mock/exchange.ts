/**
 * @module The mock's core contract: plain data in, plain data out (no WHATWG objects on the hot path;
 * see bench/README.md). Adapters convert for node:http, fetch and msw. (Re-exported by types.ts;
 * what types.ts itself depends on imports it from here.)
 */

export interface MockRequest {
  readonly method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The raw body bytes, if any. */
  readonly body?: Uint8Array | undefined;
  /** Aborted when the client goes away (frees a stream's resources). */
  readonly signal?: AbortSignal | undefined;
  /**
   * True once the client went away: what `signal` tells, read without making one (node's
   * AbortController costs several µs a request). Adapters that know it cheaply provide it.
   */
  readonly aborted?: boolean | undefined;
}

/**
 * A stream's iterator that can also hand out a chunk ready at once, without a promise (undefined:
 * none is; wait with `next()`). A streamed answer has one chunk per token: an adapter that writes
 * what is ready in a loop spares a promise and a turn of the microtask queue per chunk.
 */
export interface ReadyIterator extends AsyncIterator<string> {
  ready?(): IteratorResult<string> | undefined;
}

/** Whether the client of `req` went away (its `aborted`, else its signal's). */
export function clientGone(req: MockRequest): boolean {
  return req.aborted ?? req.signal?.aborted === true;
}

/** Something that tells whether a client went away: an AbortSignal, or a request that knows it cheaply. */
export interface Gone {
  readonly aborted?: boolean | undefined;
}

/** What a producer checks between chunks to stop once the client of `req` is gone: `req` itself when it knows, else its signal. */
export function goneOf(req: MockRequest): Gone | undefined {
  return req.aborted === undefined ? req.signal : req;
}

/** A response: one of `json`, `body` or `stream` (or none, for an empty body); `json` wins over `body`. */
export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** A value serialised as JSON by the adapter (kept as data so faults can rewrite it). */
  json?: unknown;
  body?: string | Uint8Array;
  /** A streamed body (SSE, JSONL): chunks written with backpressure by the adapter. */
  stream?: AsyncIterable<string> | undefined;
  /** The stream's chunks are spread over time: adapters send the headers at once, not with the first chunk. */
  paced?: boolean | undefined;
}
