/** @module The node:http adapter: the mock on a socket, guarded against slow and greedy clients. */
import { listenOn } from '../../src/transport/listen.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Fault } from '../faults/types.js';
import { createServedMock, loadValidators } from '../served-mock.js';
import { bodyTooLarge, internalError } from '../errors.js';
import { familyOf } from '../http/family.js';
import { guardConnections, KEEP_ALIVE_MS } from './node-guards.js';
import { writeResponse } from './stream-writer.js';
import type { Mock, MockOptions, MockRequest, MockResponse } from '../types.js';

export interface MockServerOptions extends MockOptions {
  host?: string;
  port?: number;
  /** Time allowed to receive the headers (slowloris guard), counted while the server keeps up. Default 10 s. */
  headersTimeoutMs?: number;
  /** Time allowed to receive the whole request. Default 30 s. */
  requestTimeoutMs?: number;
  /** A client that stops reading: a backed-up connection with no traffic this long is closed. Default 120 s. */
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

/** Reads the body, then calls `done` with its bytes or 'too-large' (a callback: no promise per request). */
function readBody(
  req: IncomingMessage,
  limit: number,
  done: (body: Uint8Array | 'too-large') => void,
  failed: () => void,
): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    // The rest is read and dropped (a lingering close, as nginx does): a client still sending gets its 413.
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

/** How long a connection refused a body stays open for reading once its 413 is sent. */
const LINGER_MS = 2_000;

/**
 * A lingering close (RFC 9112 §9.6, as nginx does): once the 413 is sent, the write side is closed and
 * what the client still sends is read and dropped for a while, instead of the socket being destroyed
 * at once; bytes arriving on a closed socket would be answered by a reset, which can lose the 413 a
 * client sending a large body has not read yet.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** Asked for (the kernel caps it at net.core.somaxconn): a burst of connections overfills node's 511. */
const LISTEN_BACKLOG = 65_535;

/** The core's view of a node request: a class, as a literal with a getter gets a hidden class per request. */
class NodeRequest implements MockRequest {
  #controller: AbortController | undefined;
  readonly #res: ServerResponse;
  /** Only set-cookie is ever an array, and the mock never reads it. */
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
      if (this.aborted) c.abort();
      else
        res.once('close', () => {
          if (!res.writableFinished) c.abort();
        });
    }
    return this.#controller.signal;
  }
}

/** The options' planted faults, resolved: the catalogue is loaded only when some are named by id. */
async function faultsOf(given: MockOptions['faults']): Promise<readonly Fault[]> {
  if (!given?.length) return [];
  if (given.every((f): f is Fault => typeof f !== 'string')) return given;
  return (await import('../faults/index.js')).resolveFaults(given);
}

/** A planted exit (`MockResponse.exit`): every connection dropped, nothing listening, then the same port again. */
function plantedExits(server: Server): { exit(restartAfterMs: number): undefined; stop(): void } {
  let restart: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  return {
    exit(restartAfterMs) {
      if (restart !== undefined || stopped || !server.listening) return undefined;
      const { port, address } = server.address() as AddressInfo;
      server.close();
      server.closeAllConnections();
      restart = setTimeout(() => {
        restart = undefined;
        if (!stopped) server.listen({ port, host: address, backlog: LISTEN_BACKLOG });
      }, restartAfterMs);
      return undefined;
    },
    stop() {
      stopped = true;
      clearTimeout(restart);
    },
  };
}

/** Starts the mock on a socket: `(await startMockServer({ port: 0 })).url`. */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const {
    host = '127.0.0.1',
    port = 0,
    headersTimeoutMs = 10_000,
    requestTimeoutMs = 30_000,
    idleTimeoutMs = 120_000,
    ...mockOptions
  } = options;
  const { mock, respond } = createServedMock(mockOptions, await faultsOf(mockOptions.faults));
  const limit = mock.options.maxBodyBytes;
  const write = (res: ServerResponse, ready: MockResponse) =>
    ready.exit ? planted.exit(ready.exit.restartAfterMs) : writeResponse(res, ready, idleTimeoutMs);
  const server = createServer(
    {
      // node's timeouts count wall time, cutting clients slow only because the machine is busy: the guard's clock does not.
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
          lingerOnClose(req.socket);
          void writeResponse(res, bodyTooLarge(familyOf(path), limit), idleTimeoutMs);
          return;
        }
        const query = q < 0 ? NO_QUERY : new URLSearchParams(url.slice(q + 1));
        const request = new NodeRequest(method, path, query, req, res, body);
        try {
          const out = respond(request);
          if (out instanceof Promise) out.then((ready) => write(res, ready)).catch(fail);
          else write(res, out)?.catch(fail);
        } catch {
          fail();
        }
      };
      const method = req.method ?? 'GET';
      if (method === 'GET' || method === 'HEAD') answer(undefined);
      else readBody(req, limit, answer, fail);
    },
  );
  const guard = guardConnections(server, { headersTimeoutMs, requestTimeoutMs });
  const planted = plantedExits(server);

  const listening = await listenOn(server, port, host, LISTEN_BACKLOG);
  // Loaded once listening: a broken schema directory shows in the first request (500).
  setImmediate(() => {
    try {
      loadValidators();
    } catch {}
  });
  return {
    url: listening.url,
    port: listening.port,
    host: listening.address,
    mock,
    close: () =>
      new Promise<void>((resolve) => {
        planted.stop();
        guard.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
