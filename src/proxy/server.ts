/**
 * @module The proxy's HTTP side: a node server for the clients, undici for the upstream, one
 * ProxiedRequest per request; `close` waits for the exchanges under way and judges what is left.
 */
import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { listenOn } from '../transport/listen.js';
import { InFlight } from './in-flight.js';
import { JudgeQueue } from './judge-queue.js';
import { ProxiedRequest } from './proxied-request.js';
import type { ProxySession } from './session.js';
import { ProxyUpstream, type UpstreamOptions } from './upstream.js';

export interface ProxyServerOptions extends UpstreamOptions {
  readonly session: ProxySession;
  readonly host: string;
  readonly port: number;
  /** Called once per exchange that ended (answered, failed or abandoned). */
  readonly onExchangeEnd?: () => void;
}

export interface ProxyServer {
  /** `http://host:port`, the base URL clients use instead of the target's. */
  readonly url: string;
  readonly port: number;
  /** Exchanges under way. */
  inFlight(): number;
  /**
   * Stops accepting, lets the exchanges under way end for at most `graceMs`, then cuts the rest
   * (left unjudged) and closes the upstream connections.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * V8 for a proxy's process: no allocation-site pretenuring (the halves a report keeps would send their
 * sites' short-lived objects to the old generation: bench/README.md, "pretenuring"); the old generation
 * grows by half of what survived its last collection, not V8's up to 4×: RSS stays near the live state.
 */
const tuneHeap = (): void => setFlagsFromString('--no-allocation-site-pretenuring --heap-growing-percent=50');

export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  tuneHeap();
  const upstream = new ProxyUpstream(options.session, options);
  const inFlight = new InFlight(options.onExchangeEnd);
  const judging = new JudgeQueue();
  const server = createServer(
    { requestTimeout: options.timeoutMs, headersTimeout: Math.min(options.timeoutMs, 60_000), keepAliveTimeout: 5_000 },
    (req, res) => new ProxiedRequest(upstream, inFlight, judging, req, res).accept(),
  );
  // A client that stops reading (or sending) is cut too; a second later than a stalled upstream,
  // so that an exchange stalled on the server's side is reported as the server's.
  server.setTimeout(options.idleTimeoutMs + 1_000);
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  const { url, port } = await listenOn(server, options.port, options.host);
  return {
    url,
    port,
    inFlight: () => inFlight.count,
    async close(graceMs = 2_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
      await Promise.race([inFlight.settled(), wait(graceMs)]);
      // The rest are cut with their connections; each ends (unjudged) on its socket's close, before
      // the upstream side goes (which would read as the server cutting the stream).
      server.closeAllConnections();
      await Promise.race([inFlight.settled(), wait(1_000)]);
      await closed;
      await upstream.close();
      judging.runNow();
    },
  };
}
