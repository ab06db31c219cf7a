/**
 * Slow clients are cut off per connection while the mock serves others: requests every 100 ms on two
 * keep-alive connections run throughout, and clients that trickle their headers or body, or keep a
 * kept-alive connection open with blank lines, are answered 408 and dropped, including those that
 * keep their own side open after the mock ends its side (as slowloris tools do); a client whose
 * request waited unread while the server was busy is answered, not taken for a slow one.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMockServer, type MockServer } from './node.js';

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
/** Generous on a loaded 2-core machine; a connection that is never dropped runs into it. */
const CUT_WITHIN_MS = 10_000;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
});
afterAll(async () => {
  await server.close();
});

const CHAT = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 });

/** Chat requests every `everyMs` on each of two keep-alive connections until `stop()`. */
function keepAliveTraffic(everyMs = 100) {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const statuses: Array<number | string> = [];
  const sockets = new Set<number>();
  let running = true;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = request(
        `${server.url}/v1/chat/completions`,
        {
          agent,
          method: 'POST',
          headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
        },
        (res) => {
          sockets.add(res.socket.localPort ?? 0);
          res.resume();
          res.on('end', () => {
            statuses.push(res.statusCode ?? 0);
            resolve();
          });
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        statuses.push(err.code ?? err.message);
        resolve();
      });
      req.end(CHAT);
    });
  const loops = [0, 1].map(async () => {
    while (running) {
      await one();
      await new Promise((r) => setTimeout(r, everyMs));
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return { statuses, sockets };
    },
  };
}

interface Dripped {
  /** The mock dropped the connection (the client saw it close or reset) within the limit. */
  closed: boolean;
  ms: number;
  status: number | undefined;
}

/**
 * Connects, writes `first` at once, then `drip` one byte every `everyMs` (over and over) until the
 * connection closes or `limitMs` passes. With `holdOpen` the client keeps its side open when the mock
 * ends its own (no close on FIN) and keeps writing: only the mock dropping the connection ends it.
 */
function dripper(first: string, drip: string, { everyMs = 200, holdOpen = false, limitMs = CUT_WITHIN_MS } = {}) {
  return new Promise<Dripped>((resolve) => {
    const t0 = performance.now();
    let text = '';
    const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: holdOpen });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length]!);
    }, everyMs);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/m.exec(text.slice(text.lastIndexOf('HTTP/1.1 ')));
      resolve({ closed, ms: performance.now() - t0, status: m ? Number(m[1]) : undefined });
    };
    const limit = setTimeout(() => finish(false), limitMs);
    socket.on('close', () => finish(true));
    socket.on('connect', () => socket.write(first));
  });
}

const SLOW_HEADERS = ['GET /v1/models HTTP/1.1\r\nHost: x\r\nX-Slow: ', 'y'] as const;
const SLOW_BODY = [
  `POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer mock-token\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"messages":`,
  ' ',
] as const;

test('header and body tricklers are answered 408 and dropped while two keep-alive connections are busy', {
  timeout: 30_000,
}, async () => {
  const traffic = keepAliveTraffic();
  await new Promise((r) => setTimeout(r, 300));
  const [headers, headersHeldOpen, body, bodyHeldOpen] = await Promise.all([
    dripper(...SLOW_HEADERS),
    dripper(...SLOW_HEADERS, { holdOpen: true }),
    dripper(...SLOW_BODY),
    dripper(...SLOW_BODY, { holdOpen: true }),
  ]);
  const { statuses, sockets } = await traffic.stop();

  // The other clients were served throughout, on their two kept-alive connections.
  expect(statuses.length).toBeGreaterThan(10);
  expect(new Set(statuses)).toEqual(new Set([200]));
  expect(sockets.size).toBeLessThanOrEqual(2);

  for (const [name, r] of Object.entries({ headers, headersHeldOpen, body, bodyHeldOpen })) {
    expect(r.closed, `${name}: dropped by the mock within ${CUT_WITHIN_MS} ms`).toBe(true);
    if (r.status !== undefined) expect(r.status, name).toBe(408);
  }
  // A client that closes when the mock ends its side reads the 408 first.
  expect(headers.status).toBe(408);
  expect(body.status).toBe(408);
});

test('a kept-alive connection held open with blank lines after an answer is answered 408 and dropped', {
  timeout: 30_000,
}, async () => {
  const traffic = keepAliveTraffic();
  // Blank lines begin no request (RFC 9112 §2.2 has servers skip them): node neither starts the header
  // clock nor lets its keep-alive timeout fire, since each byte counts as traffic.
  const [blank, blankHeldOpen] = await Promise.all([
    dripper('GET /v1/models HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer mock-token\r\n\r\n', '\r\n', {
      limitMs: 20_000,
    }),
    dripper('GET /v1/models HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer mock-token\r\n\r\n', '\r\n', {
      holdOpen: true,
      limitMs: 20_000,
    }),
  ]);
  const { statuses, sockets } = await traffic.stop();

  expect(blank.closed, 'dropped by the mock within 20 s').toBe(true);
  expect(blank.status).toBe(408);
  expect(blankHeldOpen.closed, 'dropped by the mock within 20 s, though the client holds its side open').toBe(true);
  // Not before the keep-alive allowance (5 s, and node's extra second) and one header timeout.
  expect(blank.ms).toBeGreaterThan(6_500);
  // Connections that keep sending requests are never taken for idle ones, however long they live.
  expect(statuses.length).toBeGreaterThan(20);
  expect(new Set(statuses)).toEqual(new Set([200]));
  expect(sockets.size).toBeLessThanOrEqual(2);
});

test('a client that sent its whole request is answered, not cut, after the server was too busy to read it for longer than the header timeout', {
  timeout: 30_000,
}, async () => {
  const socket = connect({ port: server.port, host: '127.0.0.1' });
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise((r) => socket.once('connect', r));
  // Let the server accept it, then send the whole request at once.
  await new Promise((r) => setTimeout(r, 50));
  socket.write('GET /v1/models HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer mock-token\r\nConnection: close\r\n\r\n');
  // The event loop busy for 2.5 header timeouts: the request waits unread in the kernel meanwhile.
  const until = performance.now() + 2.5 * HEADERS_TIMEOUT_MS;
  while (performance.now() < until) {
    // busy, as a server in the middle of a burst
  }
  await Promise.race([closed, new Promise((r) => setTimeout(r, CUT_WITHIN_MS))]);
  socket.destroy();
  expect(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]).toBe('200');
});
