/** @module The mock's core contract: plain data in, plain data out; adapters convert for node:http, fetch and msw. */

export interface MockRequest {
  readonly method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body?: Uint8Array | undefined;
  /** Aborted when the client goes away (frees a stream's resources). */
  readonly signal?: AbortSignal | undefined;
  /** True once the client went away, without making a `signal` (an AbortController costs µs a request). */
  readonly aborted?: boolean | undefined;
}

/** A stream's iterator that can also hand out a chunk ready at once, without a promise (undefined: none is). */
export interface ReadyIterator extends AsyncIterator<string> {
  ready?(): IteratorResult<string> | undefined;
}

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
  /**
   * No answer: the server exits, as an engine that aborts does (a planted fault's `serverExit`). On a
   * socket (the node adapter) every connection is dropped and nothing listens until `restartAfterMs`
   * later, as a supervisor would start it again; elsewhere the response is answered as it is.
   */
  exit?: { readonly restartAfterMs: number } | undefined;
}
