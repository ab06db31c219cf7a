/** @module The pool of connections to a target, as the suite's client and the proxy both open it. */
import type { Dispatcher } from 'undici';
import { type ConnectionSettings, createDispatcher } from './connection.js';
import { watchConnectionReuse } from './reused-connection.js';

export interface TargetPoolOptions {
  /** Most time to connect, and then to receive the status and headers, in ms. */
  readonly timeoutMs: number;
  /** Most time the body may go silent, in ms. */
  readonly bodyTimeoutMs: number;
  /** Concurrent connections to the target; default: undici's (no limit). */
  readonly connections?: number;
}

/** Opens the pool to `target`; the caller closes it. */
export function openTargetPool(target: string, connection: ConnectionSettings, opts: TargetPoolOptions): Dispatcher {
  watchConnectionReuse();
  return createDispatcher(target, connection, {
    connectTimeoutMs: opts.timeoutMs,
    headersTimeoutMs: opts.timeoutMs,
    bodyTimeoutMs: opts.bodyTimeoutMs,
    ...(opts.connections !== undefined ? { connections: opts.connections } : {}),
  });
}
