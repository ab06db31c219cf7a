/** @module The slow-client guard: time limits per phase, charged only while the server keeps up (408 past them). */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** node keeps an idle keep-alive connection this long (and a second more) before closing it. */
export const KEEP_ALIVE_MS = 5_000;
/** A connection answered 4xx by the guards is dropped after this long if the client keeps it open. */
export const LINGER_MS = 1_000;

/** Where a connection is: each phase has a time limit, except answering. */
type Phase = 'first-request' | 'body' | 'answering' | 'next-request';

interface Connection {
  /** The last request whose headers arrived, and its answer. */
  request: IncomingMessage | undefined;
  answer: ServerResponse | undefined;
  phase: Phase | undefined;
  /** The guard's clock when the sweep first saw the connection in its phase (-1: not yet). */
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
 * Answers a client the server gives up on (408, 431, 400) and ends the connection (dropped at once
 * mid-answer); the socket is half-open, so the sweep drops it `LINGER_MS` later.
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

export interface ConnectionGuard {
  /** Call with each request as its headers arrive. */
  request(req: IncomingMessage, res: ServerResponse): void;
  stop(): void;
}

/**
 * Guards `server`'s connections, on the guard's clock: the first headers within the header timeout, a
 * body within the request timeout, the next headers within node's keep-alive allowance and one header
 * timeout; no limit while answering (a client that stops reading is the idle timeout's).
 */
export function guardConnections(
  server: Server,
  { headersTimeoutMs, requestTimeoutMs }: { headersTimeoutMs: number; requestTimeoutMs: number },
): ConnectionGuard {
  const check = Math.max(100, Math.min(1_000, headersTimeoutMs, requestTimeoutMs));
  const connections = new Map<Socket, Connection>();
  const limits: Record<Phase, number> = {
    'first-request': headersTimeoutMs,
    body: requestTimeoutMs,
    answering: Number.POSITIVE_INFINITY,
    'next-request': KEEP_ALIVE_MS + 1_000 + headersTimeoutMs,
  };
  function forget(this: Socket): void {
    connections.delete(this);
  }
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { request: undefined, answer: undefined, phase: undefined, since: -1, cutAt: 0 });
    socket.on('close', forget);
  });
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

  /** Milliseconds the server was keeping up: at most one interval per sweep. */
  let clock = 0;
  let last = performance.now();
  const sweep = setInterval(() => {
    const t = performance.now();
    clock += Math.min(t - last, check);
    last = t;
    const now = Date.now();
    for (const [socket, c] of connections) {
      if (c.cutAt) {
        if (now - c.cutAt >= LINGER_MS) socket.destroy();
        continue;
      }
      const phase = phaseOf(c);
      if (phase !== c.phase || c.since < 0) {
        c.phase = phase;
        c.since = clock;
      } else if (clock - c.since > limits[phase]) {
        cut(socket, c, '408 Request Timeout');
      }
    }
  }, check);
  sweep.unref();

  return {
    request(req, res) {
      const c = connections.get(req.socket);
      if (!c) return;
      c.request = req;
      c.answer = res;
      c.since = -1;
    },
    stop: () => clearInterval(sweep),
  };
}
