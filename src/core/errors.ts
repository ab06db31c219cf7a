/** @module Tool errors (the suite could not proceed or judge), each with a stable `code`; findings are data. */
export type ConformanceErrorCode =
  | 'CTS_BAD_FLAG'
  | 'CTS_BAD_CONFIG'
  | 'CTS_NO_CHECKS'
  | 'CTS_SCHEMA_INVALID'
  | 'CTS_TARGET_UNREACHABLE'
  | 'CTS_TARGET_TIMEOUT'
  | 'CTS_TARGET_RESET'
  | 'CTS_TARGET_GARBAGE'
  | 'CTS_BODY_TOO_LARGE'
  | 'CTS_REDIRECT'
  | 'CTS_STREAM_CUT'
  | 'CTS_RUN_DEADLINE'
  /** The target refused the configured credentials (the preflight, src/runner/preflight.ts): the run could not judge. */
  | 'CTS_CREDENTIALS_REFUSED'
  /** A request that could create something, not sent: the run's write budget (--max-writes) is spent. */
  | 'CTS_WRITE_BUDGET'
  /** A presentation derived from credentials that were not configured (src/core/credentials.ts). */
  | 'CTS_NO_CREDENTIALS'
  /** A derived presentation that equals the valid credentials (basic credentials `api:<token>`). */
  | 'CTS_PRESENTATION_IS_VALID'
  /** `run --replay FILE`: the recording cannot be read or holds no exchange to replay (src/replay/). */
  | 'CTS_BAD_REPLAY'
  /** `conformance merge`: a report file that cannot be read, is not JSON, or is not a report of this version. */
  | 'CTS_BAD_REPORT'
  /** `conformance merge`: reports that are not of one run, or a shard missing or given twice. */
  | 'CTS_MERGE_REFUSED'
  /** TLS with the target failed (src/transport/tls-errors.ts). */
  | 'CTS_TLS_UNTRUSTED'
  | 'CTS_TLS_EXPIRED'
  | 'CTS_TLS_WRONG_HOST'
  | 'CTS_TLS_CLIENT_CERT_REQUIRED'
  | 'CTS_TLS_HANDSHAKE'
  /** The forward proxy (--proxy, HTTP_PROXY/HTTPS_PROXY) could not be reached or refused the tunnel. */
  | 'CTS_PROXY_FAILED'
  /** The preflight: what answers is not the interface (an HTML wall, a login redirect, a captive page). */
  | 'CTS_NOT_THE_INTERFACE'
  /** The preflight: the same 401/403 with and without credentials: a gateway refuses every request. */
  | 'CTS_GATEWAY_REFUSED'
  /** The preflight: every probe met the same 502/503/504 page of a gateway. */
  | 'CTS_GATEWAY_WALL'
  /** The target stopped answering during the run and did not come back (src/runner/target-watch.ts). */
  | 'CTS_TARGET_DOWN'
  /** `conformance run` was stopped by SIGINT or SIGTERM: the checks not run are marked so (src/runner/interrupt.ts). */
  | 'CTS_INTERRUPTED'
  /** The proxy judged no exchange of the interface: nothing to give a verdict on (src/proxy/nothing-judged.ts). */
  | 'CTS_NO_TRAFFIC'
  | 'CTS_INTERNAL';

const BRAND = Symbol.for('conformance-suite.ConformanceError');

export class ConformanceError extends Error {
  readonly code: ConformanceErrorCode;
  /** Structured facts behind the message (e.g. a redirect's `status` and `location`), for code that judges them. */
  readonly details: Readonly<Record<string, string | number>>;
  readonly [BRAND] = true;
  constructor(
    code: ConformanceErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Record<string, string | number> },
  ) {
    super(message, options);
    this.name = 'ConformanceError';
    this.code = code;
    this.details = Object.freeze({ ...options?.details });
  }
  /** Works across duplicate copies of the package (Symbol.for brand). */
  static is(value: unknown): value is ConformanceError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** One line for a person: `CODE: message`, never a stack. */
export function describeError(err: unknown): { code: ConformanceErrorCode; message: string } {
  if (ConformanceError.is(err)) return { code: err.code, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'CTS_INTERNAL', message: message.split('\n')[0] ?? 'unknown error' };
}
