/**
 * @module The defaults of the judging proxy that are read beyond `conformance proxy`'s option table
 * (app/cli/options/proxy.ts, which says those only it reads): how long it waits for an upstream
 * that went down (as long as a run waits for its target), and where `run --replay` judges otherwise
 * than a run. It gates at the run's level (RUN_DEFAULTS.level), as a replay does.
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
