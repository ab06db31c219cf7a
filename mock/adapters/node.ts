/**
 * @module The node:http adapter: the mock on a real socket, loopback and a free port by default.
 * Guards against slow and greedy clients (header, request and idle timeouts, each per connection
 * whatever else is being served; a body limit answered 413 without reading further), writes streamed
 * bodies with backpressure, and aborts the request's signal when the client goes away so streams
 * stop producing.
 */
import { listenOn } from '../../src/transport/listen.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createMock } from '../app.js';
import { bodyTooLarge, internalError, jsonBodyText } from '../errors.js';
import { drained } from '../http/drained.js';
import { familyOf } from '../http/family.js';
import type { Mock, MockOptions, MockRequest, MockResponse } from '../types.js';

export interface MockServerOptions extends MockOptions {
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Time allowed to receive the headers (slowloris guard). Default 10 s. */
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

/** node keeps an idle keep-alive connection this long (and a second more) before closing it. */
const KEEP_ALIVE_MS = 5_000;
/** A connection answered 4xx by the guards is dropped after this long if the client keeps it open. */
const LINGER_MS = 1_000;

/** Where a connection is, as the sweep sees it: each has a time limit, except answering. */
type Phase = 'first-request' | 'body' | 'answering' | 'next-request';

/** One open connection, as the slow-client sweep tracks it. */
interface Connection {
  /** The last request whose headers arrived, and its answer. */
  request: IncomingMessage | undefined;
  answer: ServerResponse | undefined;
  phase: Phase | undefined;
  /** When the sweep first saw the connection in its phase (0: not yet). */
  since: number;
  /** When the connection was answered 4xx and ended (0: not). */
  cutAt: number;
}

function phaseOf(c: Connection): Phase {
  if (!c.request) return 'first-request';
  if (!c.request.complete) return 'body';
  return c.answer?.writableFinished ? 'next-request' : 'answering';
}

/**
 * Answers a client the server gives up on (408, 431, 400) and ends the connection; a connection in the
 * middle of an answer, or that can no longer be written to, is dropped at once. node's http sockets
 * are half-open: ending one only stops writing, so a client that keeps its side open (slowloris tools
 * do) would stay connected; the sweep drops it `LINGER_MS` later.
 */
function cut(socket: Socket, c: Connection | undefined, status: string): void {
  if (!socket.writable || (c?.answer?.headersSent && !c.answer.writableFinished)) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  if (c) c.cutAt = Date.now();
  else socket.destroy();
}

/**
 * A client that stops reading: once a write backs up, the connection is closed after `idleMs`
 * without traffic (node refreshes a socket's timeout on every read and write, and destroys a socket
 * whose timeout fires unhandled; after the answer, node's keep-alive timeout replaces this one).
 * Armed only then, so answers that leave at once pay for no timer.
 */
function watchStall(res: ServerResponse, idleMs: number): void {
  res.socket?.setTimeout(idleMs);
}

async function writeResponse(res: ServerResponse, out: MockResponse, idleMs: number): Promise<void> {
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
  chunks: AsyncIterator<string>,
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
    if (!corked) {
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
      const first = await chunks.next();
      if (!first.done) early.push(first.value);
      const second = first.done ? first : await chunks.next();
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
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
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

  /** Aborted when the client goes away; made only when a route asks for it (streams do). */
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
  // node enforces the two timeouts only when it checks its connections (every 30 s by default): check
  // at least as often as the shortest timeout, or a trickling client stays far longer.
  const check = Math.max(100, Math.min(1_000, headersTimeoutMs, requestTimeoutMs));
  const connections = new Map<Socket, Connection>();

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: KEEP_ALIVE_MS,
      connectionsCheckingInterval: check,
    },
    (req, res) => {
      const connection = connections.get(req.socket);
      if (connection) {
        connection.request = req;
        connection.answer = res;
        connection.since = 0;
      }
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
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // A slow client gets 408 (RFC 9110 §15.5.9), oversized headers 431, anything unparsable 400.
    const status =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
    cut(socket, connections.get(socket), status);
  });
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { request: undefined, answer: undefined, phase: undefined, since: 0, cutAt: 0 });
    socket.once('close', () => connections.delete(socket));
  });

  // node's connection check times the headers from their first byte, but it only reports a connection
  // once, and it never sees a keep-alive connection between two requests (bytes that begin no request,
  // blank lines, keep it open for good). The sweep holds every connection to a limit per phase, on
  // the times it observes itself (late by at most one sweep, so never stricter than node):
  // - before its first request: the headers within 2 header timeouts of the connection (node allows
  //   one of silence, then one from the first byte);
  // - a body: within the request timeout of the headers;
  // - between requests: the next headers within node's keep-alive allowance and one header timeout;
  // - answering: no limit here (a client that stops reading is the idle timeout's).
  const limits: Record<Phase, number> = {
    'first-request': 2 * headersTimeoutMs,
    body: requestTimeoutMs,
    answering: Number.POSITIVE_INFINITY,
    'next-request': KEEP_ALIVE_MS + 1_000 + headersTimeoutMs,
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, c] of connections) {
      if (c.cutAt) {
        if (now - c.cutAt >= LINGER_MS) socket.destroy();
        continue;
      }
      const phase = phaseOf(c);
      if (phase !== c.phase || c.since === 0) {
        c.phase = phase;
        c.since = now;
      } else if (now - c.since > limits[phase]) {
        cut(socket, c, '408 Request Timeout');
      }
    }
  }, check);
  sweep.unref();

  const listening = await listenOn(server, port, host);
  return {
    url: listening.url,
    port: listening.port,
    host: listening.address,
    mock,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
