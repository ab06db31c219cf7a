/**
 * @module One client's request through the proxy, from arrival to end: forwarded unchanged, its answer
 * streamed back with backpressure and never buffered, judged after the turn's forwarding
 * (judge-queue.ts); it ends judged, failed (502/504) or abandoned.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { ConformanceError } from '../core/errors.js';
import { matchOperation } from '../core/operations.js';
import { flatHeaders } from '../transport/flat-headers.js';
import { failedOnReusedConnection, MAX_REPLAYS } from '../transport/reused-connection.js';
import { diagnoseTls } from '../transport/tls-diagnosis.js';
import { CLIENT_CERT_PAGE, clientCertRefused } from '../transport/tls-errors.js';
import { forwardable } from './forwardable.js';
import type { InFlight } from './in-flight.js';
import type { ExchangeSteps, JudgeQueue } from './judge-queue.js';
import { feedFor, type JudgeFeed, PlainFeed } from './judge-feed.js';
import { drain, hasBody, takeBody } from './request-body.js';
import type { ProxyUpstream } from './upstream.js';

/** Most bytes of a TLS front's 400 page held to tell whether it refuses the client certificate. */
const HELD_MAX_BYTES = 16 * 1024;

/** An answer held until its end (a TLS front's 400 page): its status line, headers and bytes so far. */
interface Held {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  chunks: Buffer[];
  bytes: number;
}

/**
 * Failures of the proxy's own way to the target (its TLS settings, its forward proxy): the client
 * gets a 502, the session counts them apart, and the target is not blamed.
 */
const isOwnFailure = (code: string): boolean => code.startsWith('CTS_TLS_') || code === 'CTS_PROXY_FAILED';

export class ProxiedRequest implements Dispatcher.DispatchHandler {
  private readonly method: string;
  private readonly path: string;
  private readonly headers: Record<string, string | string[]>;
  private readonly judge: ExchangeSteps;
  /** Its number in the session (with method and path, how the upstream watch names it). */
  private readonly n: number;
  private readonly withBody: boolean;
  private ended = false;
  // undici's dispatch, not `request`: the answer's chunks come to `onResponseData` as they are
  // read, with no Readable and no AbortSignal per exchange between them and the client. A bare
  // pass-through measured about 40 % less CPU per streamed exchange that way (bench/baselines/proxy.ts).
  private upstream: Dispatcher.DispatchController | undefined;
  /** Set once the client went away (or the proxy is stopping): nothing more is done for it. */
  private gone: Error | undefined;
  // The answer's chunks read in one turn of the event loop (undici hands over each chunk of a chunked
  // body on its own: an SSE event each, as most servers send them) leave in one socket write and
  // reach the judge as one piece, when the loop has run the turn's I/O callbacks: no timer, no
  // added wait when nothing else is pending. A write and a judging per chunk cost much of the
  // proxy's CPU under load (bench/scenarios/proxy.ts).
  private batch: Buffer[] = [];
  private turn: NodeJS.Immediate | undefined;
  private held: Held | undefined;
  /**
   * The judge's side of the answer: the bytes as they came, or, for a compressed answer, the
   * decoded body (the client still gets the bytes unchanged). The exchange ends once judged.
   */
  private feed: JudgeFeed;
  /** The feed of an answer as it came (made once: most answers are not encoded). */
  private readonly plain: JudgeFeed;
  private readonly done = (): void => this.end();
  /** The body as sent upstream when it can be sent again (whole, or none); undefined: streamed. */
  private sentBody: Buffer | null | undefined;
  private replays = 0;
  /** Whether the client's 'drain' is listened to (only once an answer backed up: most never do). */
  private drainWatched = false;

  constructor(
    private readonly up: ProxyUpstream,
    private readonly inFlight: InFlight,
    judging: JudgeQueue,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.method = req.method ?? 'GET';
    this.path = req.url ?? '/';
    this.headers = forwardable(req.headers);
    this.judge = judging.queued(up.session.open(this.method, this.path, this.headers));
    this.n = up.session.exchanges;
    inFlight.started();
    req.on('error', () => undefined);
    this.withBody = hasBody(req);
    if (!this.withBody) this.judge.requestEnd();
    this.plain = this.feed = new PlainFeed(this.judge, this.done);
  }

  /** Takes the request in: watches the client's side, then forwards it (as its body arrives). */
  accept(): void {
    this.res.on('close', () => this.clientClosed());
    if (this.withBody) takeBody(this.req, this.judge, (body) => this.forward(body));
    else this.forward(null);
  }

  /** Sends the request upstream, its answer coming back to the methods below. */
  private forward(body: Buffer | Readable | null): void {
    if (this.gone) return;
    this.sentBody = body === null || Buffer.isBuffer(body) ? body : undefined;
    const { up, headers } = this;
    up.agent.dispatch(
      {
        origin: up.target.origin,
        path: up.basePath + this.path,
        method: this.method as Dispatcher.HttpMethod,
        // The proxy's own headers (a gateway key) go upstream; the client's of the same name win.
        headers: up.extraHeaders ? { ...up.extraHeaders, ...headers } : headers,
        body,
      },
      this,
    );
  }

  // undici's handler (this object: no closures per exchange): the answer's steps.
  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.upstream = controller;
    if (this.gone) controller.abort(this.gone);
  }

  onResponseStart(
    _c: Dispatcher.DispatchController,
    status: number,
    upHeaders: Dispatcher.ResponseData['headers'],
  ): void {
    if (this.gone) return;
    // A TLS front's 400 page may be its refusal of the proxy's (missing) client certificate:
    // held until its end to tell, then forwarded as it came unless it is that.
    if (this.up.tlsTarget && status === 400 && /html/i.test(String(upHeaders['content-type'] ?? ''))) {
      this.held = { status, headers: upHeaders, chunks: [], bytes: 0 };
      return;
    }
    this.up.watch.answered(this.method, this.path, status);
    this.head(status, upHeaders);
    this.res.writeHead(status, forwardable(upHeaders));
    this.turn ??= setImmediate(this.endOfTurn);
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.gone) return;
    const { held } = this;
    if (held) {
      held.chunks.push(chunk);
      held.bytes += chunk.length;
      if (held.bytes > HELD_MAX_BYTES) this.release();
      return;
    }
    this.batch.push(chunk);
    this.turn ??= setImmediate(this.endOfTurn);
  }

  onResponseEnd(): void {
    if (this.gone) return;
    if (this.held) {
      if (CLIENT_CERT_PAGE.test(Buffer.concat(this.held.chunks).toString('utf8'))) {
        this.held = undefined;
        void this.failed(clientCertRefused(this.up.target.origin, this.up.connection.tls.client !== undefined));
        return;
      }
      this.release();
    }
    this.settleTurn(true);
    this.feed.end();
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    void this.failed(err);
  }

  /** The answer's status line and headers to the judge, which picks the feed for its body. */
  private head(status: number, upHeaders: Dispatcher.ResponseData['headers']): void {
    const flat = flatHeaders(upHeaders);
    this.judge.responseHead(status, flat);
    this.feed = feedFor(flat['content-encoding'], this.judge, this.up.session, this.done, this.plain);
  }

  /** Forwards a held answer as it came. */
  private release(): void {
    const h = this.held!;
    this.held = undefined;
    this.head(h.status, h.headers);
    this.res.writeHead(h.status, forwardable(h.headers));
    this.batch.push(...h.chunks);
    this.turn ??= setImmediate(this.endOfTurn);
  }

  /** Writes the turn's chunks (with the end of the answer, when `last`: one write for both). */
  private writeBatch(last = false): void {
    const { res, batch } = this;
    if (res.destroyed) return;
    if (batch.length === 0) {
      if (last) res.end();
      return;
    }
    const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
    this.batch = [];
    if (last) res.end(chunk);
    else if (!res.write(chunk)) this.backedUp();
    this.feed.chunk(chunk);
  }

  /** The client reads slower than the upstream sends: the upstream waits for its drain (watched from the first time). */
  private backedUp(): void {
    this.upstream?.pause();
    if (this.drainWatched) return;
    this.drainWatched = true;
    this.res.on('drain', () => this.upstream?.resume());
  }

  private readonly endOfTurn = (): void => {
    this.turn = undefined;
    // The headers go with the first chunk when it is already there (one write), else on their own
    // at once, as the server sent them (a stream's first event may take a while).
    if (this.batch.length === 0 && !this.res.headersSent && !this.res.destroyed) this.res.flushHeaders();
    this.writeBatch();
  };

  private settleTurn(last = false): void {
    if (this.turn) clearImmediate(this.turn);
    this.turn = undefined;
    this.writeBatch(last);
  }

  private clientClosed(): void {
    if (this.res.writableFinished) return;
    // The client went away (or the proxy is stopping): stop the upstream side, leave the answer unjudged.
    const gone = (this.gone = new Error('the client went away'));
    if (this.upstream && !this.upstream.aborted) this.upstream.abort(gone);
    this.feed.stop();
    this.judge.abandon(() => this.up.session.abandoned++);
    this.end();
  }

  /** The way upstream failed: sent again, or told to the client and the judge. */
  private async failed(err: Error): Promise<void> {
    if (this.gone) return;
    if (this.replayed(err)) return;
    let e = this.up.classify(err);
    // Closed before any answer: with TLS 1.3 that may be a front refusing the proxy's certificate.
    if (e.code === 'CTS_TARGET_RESET' && !this.res.headersSent && this.up.tlsTarget)
      e = (await diagnoseTls(this.up.session.target, this.up.connection, 2_000)) ?? e;
    if (this.gone) return;
    const message = this.up.session.secrets.redactor()(e.message);
    void this.up.watch.failed({ n: this.n, method: this.method, path: this.path }, e.code, message);
    if (this.res.headersSent) this.cut(e, message);
    else await this.refuse(e, message);
  }

  /**
   * Closed before any answer on a connection kept alive from an earlier one: the upstream closed
   * it as the request went out. Sent again on another connection, as the suite's client does
   * (src/transport/reused-connection.ts), when the body is at hand and the operation writes nothing.
   */
  private replayed(err: Error): boolean {
    if (
      this.res.headersSent ||
      this.held ||
      this.replays >= MAX_REPLAYS ||
      this.sentBody === undefined ||
      !failedOnReusedConnection(err)
    )
      return false;
    const op = matchOperation(this.method, this.path.split('?')[0]!)?.op;
    if (op?.writes) return false;
    this.replays++;
    this.forward(this.sentBody);
    return true;
  }

  /** The body broke off: the answer is judged as cut, the client's copy is cut too. */
  private cut(e: ConformanceError, message: string): void {
    this.settleTurn();
    this.feed.stop();
    this.judge.responseEnd({ code: e.code === 'CTS_TARGET_RESET' ? 'CTS_STREAM_CUT' : e.code, message });
    this.res.destroy();
    this.end();
  }

  /** No answer came: the client gets a 502 (a 504 when the upstream took too long) saying why. */
  private async refuse(e: ConformanceError, message: string): Promise<void> {
    if (this.withBody) await drain(this.req);
    const timeout = e.code === 'CTS_TARGET_TIMEOUT';
    if (isOwnFailure(e.code)) {
      // The proxy's own way to the target failed: the client's request is still judged, the target is not.
      this.judge.abandon();
      this.up.session.cannotForward(e.code, message);
    } else this.judge.upstreamFailed(e.code, message);
    const status = timeout ? 504 : 502;
    this.res.writeHead(status, { 'content-type': 'application/json' });
    this.res.end(
      JSON.stringify({
        error: {
          message: `conformance proxy: ${message}`,
          type: timeout ? 'upstream_timeout' : 'upstream_unreachable',
          code: e.code,
        },
      }),
    );
    this.end();
  }

  /** The exchange ended (answered, failed or abandoned): counted once. */
  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.inFlight.ended();
  }
}
