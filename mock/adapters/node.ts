/**
 * @module The node:http adapter: the mock on a real socket, loopback and a free port by default.
 * Guards against slow and greedy clients (header, request and idle timeouts, each per connection
 * whatever else is being served; a body limit answered 413 without reading further), writes streamed
 * bodies with backpressure, and aborts the request's signal when the client goes away so streams
 * stop producing.
 */
import { listenOn } from '../../src/transport/listen.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createMock } from '../app.js';
import { bodyTooLarge, internalError, jsonBodyText } from '../errors.js';
import { drained } from '../http/drained.js';
import { familyOf } from '../http/family.js';
import { guardConnections, KEEP_ALIVE_MS, LINGER_MS } from './node-guards.js';
import type { ReadyIterator } from '../exchange.js';
import type { Mock, MockOptions, MockRequest, MockResponse } from '../types.js';

export interface MockServerOptions extends MockOptions {
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Time allowed to receive the headers (slowloris guard), counted while the server keeps up (see node-guards). Default 10 s. */
  headersTimeoutMs?: number;
  /** Time allowed to receive the whole request. Default 30 s. */
  requestTimeoutMs?: number;
  /**
   * A client that stops reading: once an answer's writes back up, a connection with no traffic for
   * this long is closed. Default 120 s. (Idle connections between requests are closed after 5 s.)
   */
  idleTimeoutMs?: number;
}

export interface MockServer {
  /** `http://host:port`, no trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly mock: Mock;
  /** Stops accepting, drops open connections, resolves once closed. */
  close(): Promise<void>;
}

/** Shared by every request without a query string (routes only read it). */
const NO_QUERY: URLSearchParams = new URLSearchParams();

/**
 * Reads the body, then calls `done` with its bytes or 'too-large' (a callback rather than a promise:
 * this runs once per request at tens of thousands of requests a second).
 */
function readBody(
  req: IncomingMessage,
  limit: number,
  done: (body: Uint8Array | 'too-large') => void,
  failed: () => void,
): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    // The rest is read and dropped (a lingering close, as nginx does): a client still sending gets
    // its 413 instead of a reset. The slow-client sweep bounds how long (the request timeout).
    req.resume();
    done('too-large');
    return;
  }
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      req.off('data', onData);
      req.resume();
      done('too-large');
      return;
    }
    if (!first) first = chunk;
    else (chunks ??= [first]).push(chunk);
  };
  req.on('data', onData);
  req.on('end', () => {
    if (size <= limit) done(chunks ? Buffer.concat(chunks) : (first ?? EMPTY));
  });
  req.on('error', failed);
}

const EMPTY = new Uint8Array(0);

/** The listen backlog asked for (the kernel caps it at net.core.somaxconn). */
const LISTEN_BACKLOG = 65_535;

/**
 * A client that stops reading: once a write backs up, the connection is closed after `idleMs`
 * without traffic (node refreshes a socket's timeout on every read and write, and destroys a socket
 * whose timeout fires unhandled; after the answer, node's keep-alive timeout replaces this one).
 * Armed only then, so answers that leave at once pay for no timer.
 */
function watchStall(res: ServerResponse, idleMs: number): void {
  res.socket?.setTimeout(idleMs);
}

/** Writes an answer: a whole body at once (no promise: tens of thousands a second), a stream over time. */
function writeResponse(res: ServerResponse, out: MockResponse, idleMs: number): Promise<void> | undefined {
  if (out.stream) return writeStream(res, out, out.stream[Symbol.asyncIterator](), idleMs);
  const body = jsonBodyText(out) ?? out.body ?? '';
  // The answer's header object is the adapter's to finish (no copy on this hot path).
  out.headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(out.status, out.headers);
  res.end(body);
  if (res.writableNeedDrain) watchStall(res, idleMs);
}

/**
 * Drops the connection in the middle of an answer, as a server that dies does: what was written
 * (the headers, the events so far) leaves first, then the connection closes without the body's end,
 * so the client reads a partial 200 and then a network error.
 */
function dropAfterWritten(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket?.writable) {
    res.destroy();
    return;
  }
  socket.end();
  socket.once('finish', () => socket.destroy());
  // A client that stopped reading would hold the written bytes back for good.
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * A streamed body. One that ends after its first chunk (a short JSONL page is one 64 KiB batch) goes
 * out as a fixed-length answer in one write; longer ones are chunked, with backpressure, chunks
 * produced in the same tick leaving in one socket write (cork). A paced stream sends its headers at
 * once and each chunk as it comes. A stream that fails mid-way (a cut, a producer's error) gets its
 * headers and what it produced sent, then the connection dropped.
 */
async function writeStream(
  res: ServerResponse,
  out: MockResponse,
  chunks: ReadyIterator,
  idleMs: number,
): Promise<void> {
  /** Chunks produced before the headers were written. */
  const early: string[] = [];
  let headWritten = false;
  let corked = false;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    res.uncork();
  };
  /** Writes a chunk; false when the socket's buffer is full (wait for it to drain before producing more). */
  const write = (chunk: string): boolean => {
    // A paced stream's chunks come one per timer: nothing to gather, no tick to pay per event.
    if (!corked && !out.paced) {
      corked = true;
      res.cork();
      process.nextTick(uncork);
    }
    return res.write(chunk);
  };
  const backpressure = (): Promise<void> => {
    watchStall(res, idleMs);
    return drained(res);
  };
  try {
    if (out.paced) {
      res.writeHead(out.status, out.headers);
      headWritten = true;
      res.flushHeaders();
    } else {
      const first = chunks.ready?.() ?? (await chunks.next());
      if (!first.done) early.push(first.value);
      const second = first.done ? first : (chunks.ready?.() ?? (await chunks.next()));
      if (second.done) {
        const body = early[0] ?? '';
        out.headers['content-length'] = String(Buffer.byteLength(body));
        res.writeHead(out.status, out.headers);
        res.end(body);
        if (res.writableNeedDrain) watchStall(res, idleMs);
        return;
      }
      early.push(second.value);
      res.writeHead(out.status, out.headers);
      headWritten = true;
      for (const chunk of early) {
        if (res.destroyed) break;
        if (!write(chunk)) await backpressure();
      }
    }
    // What is ready is written at once; `next()` waits for the rest.
    for (
      let next = chunks.ready?.() ?? (await chunks.next());
      !next.done;
      next = chunks.ready?.() ?? (await chunks.next())
    ) {
      if (res.destroyed) {
        await chunks.return?.();
        return;
      }
      if (!write(next.value)) await backpressure();
    }
    res.end();
  } catch {
    if (res.destroyed) return;
    if (!headWritten) {
      res.writeHead(out.status, out.headers);
      for (const chunk of early) res.write(chunk);
    }
    uncork();
    dropAfterWritten(res);
  }
}

/**
 * The core's view of a node request. A class, not an object literal: a literal with a getter gets a
 * hidden class of its own per request, allocated in the old generation, which made every young-
 * generation collection several times slower under load.
 */
class NodeRequest implements MockRequest {
  #controller: AbortController | undefined;
  readonly #res: ServerResponse;
  /** node lower-cases header names; only set-cookie is ever an array, and the mock never reads it. */
  readonly headers: Record<string, string | undefined>;

  constructor(
    readonly method: string,
    readonly path: string,
    readonly query: URLSearchParams,
    req: IncomingMessage,
    res: ServerResponse,
    readonly body: Uint8Array | undefined,
  ) {
    this.headers = req.headers as Record<string, string | undefined>;
    this.#res = res;
  }

  /** The client went away (the signal's condition, without making one). */
  get aborted(): boolean {
    const res = this.#res;
    return res.closed && !res.writableFinished;
  }

  /** Aborted when the client goes away; made only when a route asks for it (a paced stream, a latency). */
  get signal(): AbortSignal {
    if (!this.#controller) {
      const c = (this.#controller = new AbortController());
      const res = this.#res;
      if (res.closed && !res.writableFinished) c.abort();
      else
        res.once('close', () => {
          if (!res.writableFinished) c.abort();
        });
    }
    return this.#controller.signal;
  }
}

/**
 * Starts the mock on a socket.
 *
 * @example
 * ```ts
 * const server = await startMockServer({ port: 0 });
 * console.log(server.url); // http://127.0.0.1:54321
 * await server.close();
 * ```
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const {
    host = '127.0.0.1',
    port = 0,
    headersTimeoutMs = 10_000,
    requestTimeoutMs = 30_000,
    idleTimeoutMs = 120_000,
    ...mockOptions
  } = options;
  const mock = createMock(mockOptions);
  const limit = mock.options.maxBodyBytes;
  const server = createServer(
    {
      // node's own header and request timeouts count wall time, which cuts clients that are only slow
      // because the machine is busy: the guard below keeps them, on a clock that leaves that time out.
      headersTimeout: 0,
      requestTimeout: 0,
      keepAliveTimeout: KEEP_ALIVE_MS,
    },
    (req, res) => {
      guard.request(req, res);
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      const fail = (): void => {
        if (!res.headersSent) void writeResponse(res, internalError(familyOf(path)), idleTimeoutMs);
        else res.destroy();
      };
      const answer = (body: Uint8Array | 'too-large' | undefined): void => {
        if (body === 'too-large') {
          res.shouldKeepAlive = false;
          void writeResponse(res, bodyTooLarge(familyOf(path), limit), idleTimeoutMs);
          return;
        }
        const query = q < 0 ? NO_QUERY : new URLSearchParams(url.slice(q + 1));
        const request = new NodeRequest(method, path, query, req, res, body);
        mock
          .handle(request)
          .then((out) => writeResponse(res, out, idleTimeoutMs))
          .catch(fail);
      };
      const method = req.method ?? 'GET';
      if (method === 'GET' || method === 'HEAD') answer(undefined);
      else readBody(req, limit, answer, fail);
    },
  );
  const guard = guardConnections(server, { headersTimeoutMs, requestTimeoutMs });

  // A burst of connections waits in the accept queue while the event loop is busy: node's 511 drops
  // (SYN retried a second later, then 3, then 7: connect timeouts) what a burst of thousands overfills.
  // The kernel caps the backlog at net.core.somaxconn (4096 on most current Linux).
  const listening = await listenOn(server, port, host, LISTEN_BACKLOG);
  return {
    url: listening.url,
    port: listening.port,
    host: listening.address,
    mock,
    close: () =>
      new Promise<void>((resolve) => {
        guard.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
