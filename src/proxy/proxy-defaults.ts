/**
 * @module The defaults of `conformance proxy`, said once: its option table (app/cli/options/proxy.ts)
 * shows and uses them, and the proxy falls back on them where an option may be left out. How long
 * it waits for an upstream that went down is a run's wait for its target (`RUN_DEFAULTS`); `run
 * --replay`, replayed through the proxy, judges as it does (`REPLAY_DEFAULTS`).
 */
import { RUN_DEFAULTS } from '../core/defaults.js';

export const PROXY_DEFAULTS = {
  /** `--host`: the address it listens on. */
  host: '127.0.0.1',
  /** `--port`: 0, a free port (printed). */
  port: 0,
  /** `--admin-host`: the address its admin port listens on. */
  adminHost: '127.0.0.1',
  /** `--timeout`: most time for the server's response headers, and for a client to send its request (ms). */
  headersTimeoutMs: 300_000,
  /** `--idle-timeout`: most time without a byte on a body (ms). */
  idleTimeoutMs: 60_000,
  /** `--max-body-bytes`: largest body judged whole. */
  maxBodyBytes: 4 * 1024 * 1024,
  /** `--record-bodies` not given. */
  recordBodies: false,
  /** `--level`: the exit code gates on MUST and SHOULD. */
  level: 'should',
  /** How long it watches for an upstream that went down to come back (ms; no flag): as long as a run waits for its target. */
  recoverTimeoutMs: RUN_DEFAULTS.recoverTimeoutMs,
} as const;

/** Where `conformance run --replay` judges otherwise than a run: as `conformance proxy` judges. */
export const REPLAY_DEFAULTS = {
  level: PROXY_DEFAULTS.level,
  /** Bounds the response headers and each pause in a body: recorded traffic may be long generations. */
  timeoutMs: 60_000,
} as const;
