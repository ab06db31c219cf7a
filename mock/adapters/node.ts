/**
 * @module The node:http adapter: the mock on a real socket, loopback and a free port by default.
 * Guards against slow and greedy clients (header, request and idle timeouts; a body limit answered
 * 413 without reading further), writes streamed bodies with backpressure, and aborts the request's
 * signal when the client goes away so streams stop producing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMock } from '../app.js';
import { bodyTooLarge, internalError } from '../errors.js';
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
  /** A connection with no traffic either way for this long is closed (a reader that never reads). Default 120 s. */
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

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function writeResponse(res: ServerResponse, out: MockResponse): Promise<void> {
  if (out.stream) return writeStream(res, out, out.stream[Symbol.asyncIterator]());
  const body = out.json !== undefined ? JSON.stringify(out.json) : (out.body ?? '');
  // The answer's header object is the adapter's to finish (no copy on this hot path).
  out.headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(out.status, out.headers);
  res.end(body);
}

/** Waits until the socket drains (or closes) after a write that filled its buffer. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * A streamed body. One that ends after its first chunk (a short JSONL page is one 64 KiB batch) goes
 * out as a fixed-length answer in one write; longer ones are chunked, with backpressure, chunks
 * produced in the same tick leaving in one socket write (cork).
 */
async function writeStream(res: ServerResponse, out: MockResponse, chunks: AsyncIterator<string>): Promise<void> {
  try {
    const first = await chunks.next();
    const second = first.done ? first : await chunks.next();
    if (second.done) {
      const body = first.done ? '' : first.value;
      out.headers['content-length'] = String(Buffer.byteLength(body));
      res.writeHead(out.status, out.headers);
      res.end(body);
      return;
    }
    res.writeHead(out.status, out.headers);
    let corked = false;
    const uncork = () => {
      corked = false;
      res.uncork();
    };
    for (let next: IteratorResult<string> = first; !next.done; next = next === first ? second : await chunks.next()) {
      if (res.destroyed) {
        await chunks.return?.();
        return;
      }
      if (!corked) {
        corked = true;
        res.cork();
        process.nextTick(uncork);
      }
      // Backpressure: wait for the socket to drain before producing more.
      if (!res.write(next.value)) await drained(res);
    }
    res.end();
  } catch {
    // A stream that fails mid-way (chaos cut, producer error) drops the connection, as a real server would.
    res.destroy();
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
  const { host = '127.0.0.1', port = 0, headersTimeoutMs = 10_000, requestTimeoutMs = 30_000, idleTimeoutMs = 120_000, ...mockOptions } = options;
  const mock = createMock(mockOptions);
  const limit = mock.options.maxBodyBytes;

  const server = createServer({
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: 5_000,
    // node enforces the two timeouts above only when it checks its connections (every 30 s by
    // default): check at least as often as the shortest timeout, or a trickling client stays far longer.
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, headersTimeoutMs, requestTimeoutMs)),
  }, (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    // The abort signal is made only when a route asks for it (streams do): most answers never need one.
    let controller: AbortController | undefined;
    const signal = (): AbortSignal => {
      if (!controller) {
        const c = (controller = new AbortController());
        if (res.closed && !res.writableFinished) c.abort();
        else res.once('close', () => { if (!res.writableFinished) c.abort(); });
      }
      return controller.signal;
    };
    const handle = async (): Promise<void> => {
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, limit);
      if (body === 'too-large') {
        res.shouldKeepAlive = false;
        return writeResponse(res, bodyTooLarge(familyOf(path), limit));
      }
      const request: MockRequest = {
        method,
        path,
        query: q < 0 ? NO_QUERY : new URLSearchParams(url.slice(q + 1)),
        // node lower-cases header names; only set-cookie is ever an array, and the mock never reads it.
        headers: req.headers as Record<string, string | undefined>,
        body,
        get signal() {
          return signal();
        },
      };
      await writeResponse(res, await mock.handle(request));
    };
    handle().catch(() => {
      if (!res.headersSent) void writeResponse(res, internalError(familyOf(path)));
      else res.destroy();
    });
  });
  server.setTimeout(idleTimeoutMs);
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    // A slow client gets 408 (RFC 9110 §15.5.9), oversized headers 431, anything unparsable 400.
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    host: address.address,
    mock,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
