/**
 * @module The proxy's HTTP side: a node server for the clients, undici for the upstream. Every
 * request is forwarded unchanged (hop-by-hop headers aside, Host set to the target's), its body
 * streamed; every answer is streamed back chunk by chunk with backpressure, never buffered; each
 * chunk goes to the client first and to the exchange's judge after. The upstream unreachable is a
 * 502, an upstream that does not answer in time a 504, both with a JSON body. Request and idle
 * timeouts bound every exchange.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { classifyNetworkError } from '../transport/network-errors.js';
import { flatHeaders, type ExchangeJudge } from './exchange.js';
import type { ProxySession } from './session.js';

export interface ProxyServerOptions {
  readonly session: ProxySession;
  readonly host: string;
  readonly port: number;
  /** Most time for the upstream's response headers, and for a client to send its whole request. */
  readonly timeoutMs: number;
  /** Most time without a byte on a body (either way) before the exchange is cut. */
  readonly idleTimeoutMs: number;
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

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1), plus Host and Expect. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'expect',
  'http2-settings',
]);

function forwardable(
  headers: IncomingMessage['headers'] | Dispatcher.ResponseData['headers'],
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

/**
 * The request body on its way upstream, each chunk shown to the judge as it passes. A stream of
 * its own (not the request itself): undici destroys a body it could not send, and the client's
 * request must survive that to get its 502. (A plain Readable: an async generator behind
 * `Readable.from` cost about 100 µs per request.)
 */
class Tapped extends Readable {
  constructor(
    private readonly req: IncomingMessage,
    judge: ExchangeJudge,
  ) {
    super();
    req.on('data', (chunk: Buffer) => {
      judge.requestChunk(chunk);
      if (!this.push(chunk)) req.pause();
    });
    req.once('end', () => {
      judge.requestEnd();
      this.push(null);
    });
    req.pause();
  }

  override _read(): void {
    this.req.resume();
  }
}

/**
 * Reads the rest of a request body the upstream did not take (it was unreachable), so that the
 * client's side is judged on all of it (the tap feeds the judge).
 */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    req.once('end', () => resolve());
    req.once('close', () => resolve());
    req.resume();
  });
}

const hasBody = (req: IncomingMessage): boolean =>
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') ||
  req.headers['transfer-encoding'] !== undefined;

export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { session } = options;
  const target = new URL(session.target);
  const basePath = target.pathname.replace(/\/+$/, '');
  const agent = new Agent({
    connect: { timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.idleTimeoutMs,
    keepAliveTimeout: 4_000,
  });
  const live = new Map<ExchangeJudge, ServerResponse>();

  const classify = (err: unknown) =>
    classifyNetworkError(err, {
      url: target.origin,
      deadline: {
        expired: () => false,
        timeoutMs: options.timeoutMs,
        describe: () =>
          `the server sent nothing for too long (--timeout ${options.timeoutMs} ms for the headers, --idle-timeout ${options.idleTimeoutMs} ms between body bytes)`,
      },
    });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const headers = forwardable(req.headers);
    const judge = session.open(method, path, headers);
    live.set(judge, res);
    const controller = new AbortController();
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      live.delete(judge);
      options.onExchangeEnd?.();
    };
    req.on('error', () => undefined);
    res.on('close', () => {
      if (res.writableFinished) return;
      // The client went away (or the proxy is stopping): stop the upstream side, leave the answer unjudged.
      controller.abort();
      if (judge.abandon()) session.abandoned++;
      end();
    });
    const withBody = hasBody(req);
    if (!withBody) judge.requestEnd();
    agent
      .request({
        origin: target.origin,
        path: basePath + path,
        method: method as Dispatcher.HttpMethod,
        headers,
        body: withBody ? new Tapped(req, judge) : null,
        signal: controller.signal,
      })
      .then(
        (up) => {
          const body = up.body;
          body.on('error', (err) => {
            if (controller.signal.aborted) return;
            const e = classify(err);
            judge.responseEnd({
              code: e.code === 'CTS_TARGET_RESET' ? 'CTS_STREAM_CUT' : e.code,
              message: session.secrets.redactor()(e.message),
            });
            res.destroy();
            end();
          });
          if (controller.signal.aborted) {
            body.destroy();
            return;
          }
          judge.responseHead(up.statusCode, flatHeaders(up.headers));
          res.writeHead(up.statusCode, forwardable(up.headers));
          // The headers go with the first chunk when it is already there (one write), else on their own
          // at once, as the server sent them (a stream's first event may take a while).
          setImmediate(() => {
            if (!res.headersSent && !res.destroyed) res.flushHeaders();
          });
          res.on('drain', () => body.resume());
          // The chunks read from the upstream in one turn of the event loop leave in one socket write:
          // corked on the first, uncorked when the loop has run the turn's I/O callbacks (no timer, no
          // added wait when nothing else is pending). One write per upstream chunk cost about a quarter of the
          // proxy's CPU under load (bench/scenarios/proxy.ts).
          let corked = false;
          const uncork = (): void => {
            corked = false;
            res.uncork();
          };
          body.on('data', (chunk: Buffer) => {
            if (!corked) {
              corked = true;
              res.cork();
              setImmediate(uncork);
            }
            if (!res.write(chunk)) body.pause();
            judge.responseChunk(chunk);
          });
          body.on('end', () => {
            res.end();
            judge.responseEnd();
            end();
          });
        },
        async (err: unknown) => {
          if (controller.signal.aborted || res.headersSent) return;
          if (withBody) await drain(req);
          const e = classify(err);
          const timeout = e.code === 'CTS_TARGET_TIMEOUT';
          const message = session.secrets.redactor()(e.message);
          judge.upstreamFailed(e.code, message);
          const status = timeout ? 504 : 502;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: {
                message: `conformance proxy: ${message}`,
                type: timeout ? 'upstream_timeout' : 'upstream_unreachable',
                code: e.code,
              },
            }),
          );
          end();
        },
      );
  }

  const server = createServer(
    { requestTimeout: options.timeoutMs, headersTimeout: Math.min(options.timeoutMs, 60_000), keepAliveTimeout: 5_000 },
    handle,
  );
  // A client that stops reading (or sending) is cut too; a second later than a stalled upstream,
  // so that an exchange stalled on the server's side is reported as the server's.
  server.setTimeout(options.idleTimeoutMs + 1_000);
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    inFlight: () => live.size,
    async close(graceMs = 2_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const until = Date.now() + graceMs;
      while (live.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      for (const res of live.values()) res.destroy();
      server.closeAllConnections();
      await closed;
      await agent.destroy().catch(() => undefined);
    },
  };
}
