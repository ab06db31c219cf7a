/**
 * @module The proxy's HTTP side: a node server for the clients, undici for the upstream. Every
 * request is forwarded unchanged (hop-by-hop headers aside, Host set to the target's), its body as
 * it arrives (src/proxy/request-body.ts); every answer is streamed back as it is read, with
 * backpressure, never buffered, what one turn of the event loop read going to the client first and
 * to the exchange's judge after. The upstream unreachable is a 502, an upstream that does not answer
 * in time a 504, both with a JSON body. Request and idle timeouts bound every exchange.
 */
import { listenOn } from '../transport/listen.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { type ConnectionSettings, DIRECT, proxyFor, proxyOrigin } from '../transport/connection.js';
import { codingOf, createBodyDecoder } from '../transport/content-encoding.js';
import { classifyNetworkError } from '../transport/network-errors.js';
import { diagnoseTls } from '../transport/tls-diagnosis.js';
import { CLIENT_CERT_PAGE, clientCertRefused } from '../transport/tls-errors.js';

/** Where an answer's bytes go to be judged: as they came, or decoded. */
interface JudgeFeed {
  chunk(chunk: Buffer): void;
  /** The answer ended; the exchange ends once the judge has it all. */
  end(): void;
  /** The answer will not be judged to its end (cut, or the client went away). */
  stop(): void;
}

/** Most bytes of a TLS front's 400 page held to tell whether it refuses the client certificate. */
const HELD_MAX_BYTES = 16 * 1024;
import { flatHeaders } from '../transport/flat-headers.js';
import { failedOnReusedConnection, MAX_REPLAYS } from '../transport/reused-connection.js';
import { openTargetPool } from '../transport/target-pool.js';
import { matchOperation } from '../core/operations.js';
import { drain, hasBody, takeBody } from './request-body.js';
import type { ProxySession } from './session.js';
import { createUpstreamWatch, DEFAULT_RECOVER_TIMEOUT_MS, UPSTREAM_PROBE_PATH } from './upstream-watch.js';

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
  /** Headers, forward proxy and TLS towards the target (`--header`, `--proxy`, `--ca-cert`, ...). */
  readonly connection?: ConnectionSettings;
  /** How long to watch for an upstream that went down to come back, in ms (default 30 s). */
  readonly recoverTimeoutMs?: number;
}

/**
 * Failures of the proxy's own way to the target (its TLS settings, its forward proxy): the client
 * gets a 502, the session counts them apart, and the target is not blamed.
 */
function isOwnFailure(code: string): boolean {
  return code.startsWith('CTS_TLS_') || code === 'CTS_PROXY_FAILED';
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

export async function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const { session } = options;
  const target = new URL(session.target);
  const basePath = target.pathname.replace(/\/+$/, '');
  const connection = options.connection ?? DIRECT;
  const agent = openTargetPool(session.target, connection, {
    timeoutMs: options.timeoutMs,
    bodyTimeoutMs: options.idleTimeoutMs,
  });
  const extraHeaders = Object.keys(connection.headers).length ? connection.headers : undefined;
  const viaProxy = proxyFor(session.target, connection);
  const tlsTarget = target.protocol === 'https:';
  // A count, not a collection of the exchanges under way: with a long-lived Map holding each
  // exchange's response, the exchanges' objects ended up in the old generation (`--trace-gc` under
  // load: about ten full collections in 5 s instead of one or two), which cost about a fifth of the
  // proxy's CPU. Those still under way at the end of `close` are cut with their connections.
  let live = 0;
  let onSettled: (() => void) | undefined;
  /** Resolves once no exchange is under way. */
  const settled = (): Promise<void> =>
    live === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onSettled = resolve));

  // An upstream that goes down is one finding naming the exchange (upstream-watch.ts); any answer is up.
  const watch = createUpstreamWatch({
    downs: session.upstreamDowns,
    recoverTimeoutMs: options.recoverTimeoutMs ?? DEFAULT_RECOVER_TIMEOUT_MS,
    probe: () =>
      agent.request({ origin: target.origin, path: `${basePath}${UPSTREAM_PROBE_PATH}`, method: 'GET' }).then((r) => {
        r.body.dump().catch(() => undefined);
        return r.statusCode;
      }),
  });
  const classify = (err: unknown) =>
    classifyNetworkError(err, {
      url: target.origin,
      proxy: viaProxy ? proxyOrigin(viaProxy.url) : undefined,
      clientCertGiven: connection.tls.client !== undefined,
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
    const exchange = { n: session.exchanges, method, path };
    live++;
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      if (--live === 0 && onSettled) {
        onSettled();
        onSettled = undefined;
      }
      options.onExchangeEnd?.();
    };
    req.on('error', () => undefined);
    const withBody = hasBody(req);
    if (!withBody) judge.requestEnd();
    const plainFeed: JudgeFeed = {
      chunk: (chunk) => judge.responseChunk(chunk),
      end() {
        judge.responseEnd();
        end();
      },
      stop: () => undefined,
    };
    /** The feed for an answer's Content-Encoding (src/transport/content-encoding.ts). */
    const feedFor = (contentEncoding: string | undefined): JudgeFeed => {
      const coding = codingOf(contentEncoding);
      if (coding === 'identity') return plainFeed;
      if (typeof coding === 'object') {
        // Forwarded as it came, its body not judged: said once in the report, never a failure.
        session.notDecoded(coding.undecodable);
        return {
          chunk: () => undefined,
          end() {
            judge.abandon();
            end();
          },
          stop: () => undefined,
        };
      }
      const decoder = createBodyDecoder(coding, {
        data: (chunk) => judge.responseChunk(chunk),
        end() {
          judge.responseEnd();
          end();
        },
        error(message) {
          judge.responseEnd({ code: 'CTS_TARGET_GARBAGE', message });
          end();
        },
      });
      return { chunk: (chunk) => decoder.write(chunk), end: () => decoder.end(), stop: () => decoder.destroy() };
    };
    // undici's dispatch, not `request`: the answer's chunks come to `onResponseData` as they are
    // read, with no Readable and no AbortSignal per exchange between them and the client. A bare
    // pass-through measured about 40 % less CPU per streamed exchange that way (bench/baselines/proxy.ts).
    let upstream: Dispatcher.DispatchController | undefined;
    let gone: Error | undefined;
    // The answer's chunks read in one turn of the event loop (undici hands over each chunk of a chunked
    // body on its own: an SSE event each, as most servers send them) leave in one socket write and
    // reach the judge as one piece, when the loop has run the turn's I/O callbacks: no timer, no
    // added wait when nothing else is pending. A write and a judging per chunk cost much of the
    // proxy's CPU under load (bench/scenarios/proxy.ts).
    let batch: Buffer[] = [];
    let turn: NodeJS.Immediate | undefined;
    /** Writes the turn's chunks (with the end of the answer, when `last`: one write for both). */
    const writeBatch = (last = false): void => {
      if (res.destroyed) return;
      if (batch.length === 0) {
        if (last) res.end();
        return;
      }
      const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
      batch = [];
      if (last) res.end(chunk);
      else if (!res.write(chunk)) upstream?.pause();
      feed.chunk(chunk);
    };
    const endOfTurn = (): void => {
      turn = undefined;
      // The headers go with the first chunk when it is already there (one write), else on their own
      // at once, as the server sent them (a stream's first event may take a while).
      if (batch.length === 0 && !res.headersSent && !res.destroyed) res.flushHeaders();
      writeBatch();
    };
    const settleTurn = (last = false): void => {
      if (turn) clearImmediate(turn);
      turn = undefined;
      writeBatch(last);
    };
    res.on('close', () => {
      if (res.writableFinished) return;
      // The client went away (or the proxy is stopping): stop the upstream side, leave the answer unjudged.
      gone = new Error('the client went away');
      if (upstream && !upstream.aborted) upstream.abort(gone);
      feed.stop();
      if (judge.abandon()) session.abandoned++;
      end();
    });
    res.on('drain', () => upstream?.resume());
    let held:
      | { status: number; headers: Dispatcher.ResponseData['headers']; chunks: Buffer[]; bytes: number }
      | undefined;
    /**
     * The judge's side of the answer: the bytes as they came, or, for a compressed answer, the
     * decoded body (the client still gets the bytes unchanged). The exchange ends once judged.
     */
    let feed: JudgeFeed = plainFeed;
    const head = (status: number, upHeaders: Dispatcher.ResponseData['headers']): void => {
      const flat = flatHeaders(upHeaders);
      judge.responseHead(status, flat);
      feed = feedFor(flat['content-encoding']);
    };
    /** Forwards a held answer as it came. */
    const release = (): void => {
      const h = held!;
      held = undefined;
      head(h.status, h.headers);
      res.writeHead(h.status, forwardable(h.headers));
      batch.push(...h.chunks);
      turn ??= setImmediate(endOfTurn);
    };
    const failed = async (err: Error): Promise<void> => {
      if (gone) return;
      // Closed before any answer on a connection kept alive from an earlier one: the upstream closed
      // it as the request went out. Sent again on another connection, as the suite's client does
      // (src/transport/reused-connection.ts), when the body is at hand and the operation writes nothing.
      if (
        !res.headersSent &&
        !held &&
        replays < MAX_REPLAYS &&
        sentBody !== undefined &&
        failedOnReusedConnection(err)
      ) {
        const op = matchOperation(method, path.split('?')[0]!)?.op;
        if (!op?.writes) {
          replays++;
          forward(sentBody);
          return;
        }
      }
      let e = classify(err);
      // Closed before any answer: with TLS 1.3 that may be a front refusing the proxy's certificate.
      if (e.code === 'CTS_TARGET_RESET' && !res.headersSent && tlsTarget)
        e = (await diagnoseTls(session.target, connection, 2_000)) ?? e;
      if (gone) return;
      const message = session.secrets.redactor()(e.message);
      void watch.failed(exchange, e.code, message);
      if (res.headersSent) {
        settleTurn();
        // The body broke off: the answer is judged as cut, the client's copy is cut too.
        feed.stop();
        judge.responseEnd({ code: e.code === 'CTS_TARGET_RESET' ? 'CTS_STREAM_CUT' : e.code, message });
        res.destroy();
        end();
        return;
      }
      if (withBody) await drain(req);
      const timeout = e.code === 'CTS_TARGET_TIMEOUT';
      if (isOwnFailure(e.code)) {
        // The proxy's own way to the target failed: the client's request is still judged, the target is not.
        judge.abandon();
        session.cannotForward(e.code, message);
      } else judge.upstreamFailed(e.code, message);
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
    };
    /** The body as sent upstream when it can be sent again (whole, or none); undefined: streamed. */
    let sentBody: Buffer | null | undefined;
    let replays = 0;
    const forward = (body: Buffer | Readable | null): void => {
      if (gone) return;
      sentBody = body === null || Buffer.isBuffer(body) ? body : undefined;
      agent.dispatch(
        {
          origin: target.origin,
          path: basePath + path,
          method: method as Dispatcher.HttpMethod,
          // The proxy's own headers (a gateway key) go upstream; the client's of the same name win.
          headers: extraHeaders ? { ...extraHeaders, ...headers } : headers,
          body,
        },
        {
          onRequestStart(controller) {
            upstream = controller;
            if (gone) controller.abort(gone);
          },
          onResponseStart(_controller, status, upHeaders) {
            if (gone) return;
            // A TLS front's 400 page may be its refusal of the proxy's (missing) client certificate:
            // held until its end to tell, then forwarded as it came unless it is that.
            if (tlsTarget && status === 400 && /html/i.test(String(upHeaders['content-type'] ?? ''))) {
              held = { status, headers: upHeaders, chunks: [], bytes: 0 };
              return;
            }
            watch.answered(method, path, status);
            head(status, upHeaders);
            res.writeHead(status, forwardable(upHeaders));
            turn ??= setImmediate(endOfTurn);
          },
          onResponseData(_controller, chunk) {
            if (gone) return;
            if (held) {
              held.chunks.push(chunk);
              held.bytes += chunk.length;
              if (held.bytes > HELD_MAX_BYTES) release();
              return;
            }
            batch.push(chunk);
            turn ??= setImmediate(endOfTurn);
          },
          onResponseEnd() {
            if (gone) return;
            if (held) {
              if (CLIENT_CERT_PAGE.test(Buffer.concat(held.chunks).toString('utf8'))) {
                held = undefined;
                void failed(clientCertRefused(target.origin, connection.tls.client !== undefined));
                return;
              }
              release();
            }
            settleTurn(true);
            feed.end();
          },
          onResponseError(_controller, err) {
            void failed(err);
          },
        },
      );
    };
    if (withBody) takeBody(req, judge, forward);
    else forward(null);
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
  const { url, port } = await listenOn(server, options.port, options.host);
  return {
    url,
    port,
    inFlight: () => live,
    async close(graceMs = 2_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
      await Promise.race([settled(), wait(graceMs)]);
      // The rest are cut with their connections; each ends (unjudged) on its socket's close, before
      // the upstream side goes (which would read as the server cutting the stream).
      server.closeAllConnections();
      await Promise.race([settled(), wait(1_000)]);
      await closed;
      await agent.destroy().catch(() => undefined);
    },
  };
}
