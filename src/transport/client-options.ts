/** @module What the HTTP client (http-client.ts) is created with: the target, its credentials, and the bounds of each exchange. */
import type { ConfiguredCredentials } from '../core/credentials.js';
import type { ConnectionSettings } from './connection.js';
import type { HttpRequestSpec } from './types.js';

/** The credentials (§5): `token`, sent as Bearer on `/v1`; `basic`, `user:pass`, sent as Basic on `/v2`. */
export interface HttpClientOptions extends ConfiguredCredentials {
  readonly baseUrl: string;
  /** Whole-exchange deadline per request (headers and body), in ms. */
  readonly timeoutMs: number;
  /** The deadline of a request whose spec names none, when it is not `timeoutMs` (the run's, at the target's measured pace). */
  readonly timeoutFor?: (spec: HttpRequestSpec) => number;
  /** Most bytes read of one buffered body. */
  readonly maxBodyBytes: number;
  /** Retries of a 429/503 answer (each after its Retry-After, capped by maxRetryWaitMs). */
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** Aborts every request in flight (the run's deadline). */
  readonly signal?: AbortSignal;
  readonly userAgent: string;
  readonly connections?: number;
  /** Headers, proxy and TLS towards the target (src/transport/connection.ts); default: direct. */
  readonly connection?: ConnectionSettings;
  /** The Accept-Encoding every request sends; undefined: none. */
  readonly acceptEncoding?: string | undefined;
}
