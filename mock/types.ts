/**
 * @module The mock's core contract: plain data in, plain data out (no WHATWG objects on the hot path;
 * see bench/README.md). Adapters convert for node:http, fetch and msw.
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
}

export interface MockOptions {
  /** Bearer token for `/v1` (§5). Default: DEFAULT_TOKEN, or CONFORMANCE_TOKEN from the environment in the CLI. */
  token?: string;
  /** Basic credentials `user:pass` for `/v2` (§5). */
  basic?: string;
  /** Entity/project that hold seeded records. */
  entity?: string;
  project?: string;
  /** Records seeded per kind (predictions, scores) in the default project. */
  records?: number;
  /** Seed for the deterministic record data. */
  seed?: number;
  /** §7.1: the served model uses priority scheduling. */
  priorityScheduling?: boolean;
  /** Added latency per response, in ms. */
  latencyMs?: number;
  /** Largest request body accepted (413 beyond). */
  maxBodyBytes?: number;
  /** Planted bugs (ids from mock/faults), for proving checks can fail. Off by default. */
  faults?: readonly string[];
  /** Random failures for client authors: rate in [0,1] of 429/500/503/mid-stream cuts. Off by default. */
  chaos?: number;
}

export interface Mock {
  /** The core: plain data in and out. */
  handle(req: MockRequest): Promise<MockResponse>;
  /** Web-standard adapter. */
  fetch(req: Request): Promise<Response>;
  readonly options: Readonly<Required<Omit<MockOptions, 'faults'>>> & { readonly faults: readonly string[] };
}
