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
