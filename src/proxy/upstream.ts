/**
 * @module The proxy's way to its upstream, shared by every exchange: the connection pool, the watch on
 * the upstream going down, and how a failure on the way is told.
 */
import type { Dispatcher } from 'undici';
import type { ConformanceError } from '../core/errors.js';
import { type ConnectionSettings, DIRECT, type ProxySetting, proxyFor, proxyOrigin } from '../transport/connection.js';
import { classifyNetworkError } from '../transport/network-errors.js';
import { openTargetPool } from '../transport/target-pool.js';
import { PROXY_DEFAULTS } from './proxy-defaults.js';
import type { ProxySession } from './session.js';
import { createUpstreamWatch, UPSTREAM_PROBE_PATH, type UpstreamWatch } from './upstream-watch.js';

export interface UpstreamOptions {
  /** Most time for the upstream's response headers, and for a client to send its whole request. */
  readonly timeoutMs: number;
  /** Most time without a byte on a body (either way) before the exchange is cut. */
  readonly idleTimeoutMs: number;
  /** Headers, forward proxy and TLS towards the target (`--header`, `--proxy`, `--ca-cert`, ...). */
  readonly connection?: ConnectionSettings;
  /** How long to watch for an upstream that went down to come back, in ms (default 30 s). */
  readonly recoverTimeoutMs?: number;
}

export class ProxyUpstream {
  readonly target: URL;
  /** The target's path, no trailing slash: put before every request's path. */
  readonly basePath: string;
  readonly connection: ConnectionSettings;
  readonly agent: Dispatcher;
  /** The proxy's own headers (a gateway key), when it has any. */
  readonly extraHeaders: ConnectionSettings['headers'] | undefined;
  /** The target is reached over TLS (its front may refuse the proxy's client certificate). */
  readonly tlsTarget: boolean;
  /** An upstream that goes down is one finding naming the exchange (upstream-watch.ts); any answer is up. */
  readonly watch: UpstreamWatch;
  private readonly viaProxy: ProxySetting | undefined;

  constructor(
    readonly session: ProxySession,
    private readonly options: UpstreamOptions,
  ) {
    this.target = new URL(session.target);
    this.basePath = this.target.pathname.replace(/\/+$/, '');
    const connection = (this.connection = options.connection ?? DIRECT);
    this.agent = openTargetPool(session.target, connection, {
      timeoutMs: options.timeoutMs,
      bodyTimeoutMs: options.idleTimeoutMs,
    });
    this.extraHeaders = Object.keys(connection.headers).length ? connection.headers : undefined;
    this.viaProxy = proxyFor(session.target, connection);
    this.tlsTarget = this.target.protocol === 'https:';
    this.watch = createUpstreamWatch({
      downs: session.upstreamDowns,
      recoverTimeoutMs: options.recoverTimeoutMs ?? PROXY_DEFAULTS.recoverTimeoutMs,
      probe: () =>
        this.agent
          .request({ origin: this.target.origin, path: `${this.basePath}${UPSTREAM_PROBE_PATH}`, method: 'GET' })
          .then((r) => {
            r.body.dump().catch(() => undefined);
            return r.statusCode;
          }),
    });
  }

  /** A failure on the way to the upstream as a `CTS_*` code and its words. */
  classify(err: unknown): ConformanceError {
    const { timeoutMs, idleTimeoutMs } = this.options;
    return classifyNetworkError(err, {
      url: this.target.origin,
      proxy: this.viaProxy ? proxyOrigin(this.viaProxy.url) : undefined,
      clientCertGiven: this.connection.tls.client !== undefined,
      deadline: {
        expired: () => false,
        timeoutMs,
        describe: () =>
          `the server sent nothing for too long (--timeout ${timeoutMs} ms for the headers, --idle-timeout ${idleTimeoutMs} ms between body bytes)`,
      },
    });
  }

  close(): Promise<void> {
    return this.agent.destroy().catch(() => undefined);
  }
}
