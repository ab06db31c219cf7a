/** @module What checks send and receive: plain data, recorded for evidence. */

import type { DerivedPresentation } from '../core/credentials.js';

/** How a request authenticates: `default` as §5 gives the path's family; `derived`, built by the transport. */
export type AuthMode = 'default' | 'none' | { readonly header: string } | { readonly derived: DerivedPresentation };

export interface HttpRequestSpec {
  readonly method: string;
  /** Path relative to the target's base URL, already filled (use `fillPath`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body (sent with `content-type: application/json` unless headers say otherwise). */
  readonly json?: unknown;
  /** A raw body, sent as is (for malformed-input cases). */
  readonly body?: string | Uint8Array;
  readonly auth?: AuthMode;
  readonly timeoutMs?: number;
  /** `refusal`: a conformant server refuses it, so the write budget charges it only if accepted. */
  readonly expect?: 'refusal';
}

/** The request as sent. Header values are NOT redacted here: redaction happens where evidence is built. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text, at most the configured cap. */
  readonly bodyText: string;
  /** True when the body was longer than the cap and reading stopped. */
  readonly truncated: boolean;
  readonly durationMs: number;
}

export interface HttpExchange {
  readonly request: RecordedRequest;
  readonly response: RecordedResponse;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly json: unknown;
  /** 429/503 answers that were retried (after honouring Retry-After) before this one: reported, never hidden. */
  readonly retries?: readonly { readonly status: number; readonly waitMs: number }[];
}

/** A response whose body is read incrementally (SSE, JSONL). */
export interface StreamingExchange {
  readonly request: RecordedRequest;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Body chunks as they arrive; throws a ConformanceError on timeout, reset or size cap. */
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Milliseconds since the request was sent, for timing observations. */
  elapsedMs(): number;
  /** Stops reading and frees the connection. */
  close(): Promise<void>;
}

/** `ex` with its body read through `chunks`, its head, clock and close kept. */
export function withChunks(ex: StreamingExchange, chunks: AsyncIterable<Uint8Array>): StreamingExchange {
  return {
    request: ex.request,
    status: ex.status,
    headers: ex.headers,
    chunks,
    elapsedMs: () => ex.elapsedMs(),
    close: () => ex.close(),
  };
}

export interface HttpClient {
  /** Sends a request and reads the whole response body (up to the cap). */
  send(spec: HttpRequestSpec): Promise<HttpExchange>;
  /** Sends a request and hands back the body as a stream of chunks. */
  open(spec: HttpRequestSpec): Promise<StreamingExchange>;
}

/** An exchange still under way, as the runner sees it when the run's deadline passes. */
export interface InFlightExchange {
  readonly method: string;
  readonly path: string;
  /** What it is waiting for, e.g. "the body was still arriving (3 bytes in 2001 ms, about 1 byte/s; last byte 400 ms ago)". */
  describe(): string;
}
