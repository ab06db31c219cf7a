import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ConformanceError } from '../core/errors.js';
import { createHttpClient } from './http-client.js';

/**
 * A server that closes a kept-alive connection the moment a second request arrives on it, without
 * an answer: what a forward proxy closing idle connections does to a request written at that
 * moment. With `everyRequest`, it closes every connection on its first request too.
 */
function closingServer(everyRequest: boolean) {
  const seen = new WeakMap<Socket, number>();
  const arrivals: string[] = [];
  const server = createServer((req, res) => {
    const n = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, n);
    arrivals.push(`${req.method} ${req.url}`);
    req.resume();
    if (everyRequest || n > 1) {
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  return { server, arrivals };
}

let reusing: ReturnType<typeof closingServer>;
let resetting: ReturnType<typeof closingServer>;
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  reusing = closingServer(false);
  resetting = closingServer(true);
  await Promise.all(
    [reusing.server, resetting.server].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))),
  );
});
afterAll(async () => {
  for (const s of [reusing.server, resetting.server]) s.closeAllConnections();
  await Promise.all([reusing.server, resetting.server].map((s) => new Promise((r) => s.close(r))));
});

const client = (baseUrl: string) =>
  createHttpClient({
    baseUrl,
    token: 't',
    basic: 'u:p',
    timeoutMs: 2_000,
    maxBodyBytes: 64 * 1024,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    userAgent: 'test',
    connections: 1,
  });

test('a request the server closes its kept-alive connection under is sent again on a new one', async () => {
  const c = client(urlOf(reusing.server));
  reusing.arrivals.length = 0;
  try {
    const first = await c.send({ method: 'GET', path: '/v2/acme/evals/predictions' });
    const second = await c.send({ method: 'POST', path: '/v1/chat/completions', json: { messages: [] } });
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    // The second went out twice: on the reused connection (closed under it), then on a new one.
    expect(reusing.arrivals).toEqual([
      'GET /v2/acme/evals/predictions',
      'POST /v1/chat/completions',
      'POST /v1/chat/completions',
    ]);
  } finally {
    await c.close();
  }
});

test('a request with side effects is not sent again: the reset is reported', async () => {
  const c = client(urlOf(reusing.server));
  reusing.arrivals.length = 0;
  try {
    await c.send({ method: 'GET', path: '/v2/acme/evals/predictions' });
    const err = await c.send({ method: 'POST', path: '/v1/preview/training-jobs', json: {} }).catch((e: unknown) => e);
    expect(ConformanceError.is(err) && err.code).toBe('CTS_TARGET_RESET');
    expect(reusing.arrivals).toHaveLength(2);
  } finally {
    await c.close();
  }
});

test('a reset on a new connection is the target failing: reported, not sent again', async () => {
  const c = client(urlOf(resetting.server));
  try {
    const err = await c.send({ method: 'GET', path: '/v2/acme/evals/predictions' }).catch((e: unknown) => e);
    expect(ConformanceError.is(err) && err.code).toBe('CTS_TARGET_RESET');
    expect(resetting.arrivals).toEqual(['GET /v2/acme/evals/predictions']);
  } finally {
    await c.close();
  }
});

test('the same holds through a forward proxy that closes its kept-alive connection under a request', async () => {
  const proxy = urlOf(reusing.server);
  const c = createHttpClient({
    baseUrl: 'http://deployment.invalid:8000',
    token: 't',
    timeoutMs: 2_000,
    maxBodyBytes: 64 * 1024,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    userAgent: 'test',
    connections: 1,
    connection: { headers: {}, tls: { insecure: false }, proxy: { url: proxy, from: '--proxy' } },
  });
  reusing.arrivals.length = 0;
  try {
    await c.send({ method: 'POST', path: '/v1/chat/completions', json: { messages: [] } });
    // undici hands the proxy connection back to its pool a moment after the answer.
    await new Promise((r) => setTimeout(r, 20));
    const again = await c.send({ method: 'POST', path: '/v1/chat/completions', json: { messages: [] } });
    expect(again.response.status).toBe(200);
    expect(reusing.arrivals).toEqual(Array(3).fill('POST http://deployment.invalid:8000/v1/chat/completions'));
  } finally {
    await c.close();
  }
});
