/**
 * @module The proxy's defaults read beyond `conformance proxy`'s option table: the upstream recovery
 * wait and what `run --replay` judges differently from a run.
 */
import { RUN_DEFAULTS } from '../core/defaults.js';

export const PROXY_DEFAULTS = {
  /** How long it watches for an upstream that went down to come back (ms; no flag). */
  recoverTimeoutMs: RUN_DEFAULTS.recoverTimeoutMs,
} as const;

/** Where `conformance run --replay` judges otherwise than a run: as `conformance proxy` judges. */
export const REPLAY_DEFAULTS = {
  /** Bounds the response headers and each pause in a body: recorded traffic may be long generations. */
  timeoutMs: 60_000,
} as const;
