/** @module One HTTP client's way to the target (options, connection, pool), given to every stage of an exchange. */
import type { Dispatcher } from 'undici';
import type { HttpClientOptions } from './client-options.js';
import { type ConnectionSettings, DIRECT, proxyFor, proxyOrigin } from './connection.js';
import { openTargetPool } from './target-pool.js';

export interface Wire {
  readonly opts: HttpClientOptions;
  readonly connection: ConnectionSettings;
  readonly agent: Dispatcher;
  /** What a network failure is read against (network-errors.ts). */
  readonly failureContext: {
    readonly proxy: string | undefined;
    readonly clientCertGiven: boolean;
    readonly runSignal: AbortSignal | undefined;
  };
}

/** Opens the pool towards the target; `agent.close()` frees its connections. */
export function openWire(opts: HttpClientOptions): Wire {
  const connection = opts.connection ?? DIRECT;
  const agent = openTargetPool(opts.baseUrl, connection, {
    timeoutMs: opts.timeoutMs,
    bodyTimeoutMs: opts.timeoutMs,
    connections: opts.connections ?? 16,
  });
  const proxy = proxyFor(opts.baseUrl, connection);
  return {
    opts,
    connection,
    agent,
    failureContext: {
      proxy: proxy ? proxyOrigin(proxy.url) : undefined,
      clientCertGiven: connection.tls.client !== undefined,
      runSignal: opts.signal,
    },
  };
}
