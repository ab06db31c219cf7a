/**
 * The proxy's own connection to the upstream, kept alive from an earlier exchange, closed by the
 * upstream as the next request goes out (tinyproxy and idle-closing servers do this): the request is
 * sent again on another connection, the client gets its answer, and nothing is held against the
 * server; a request with side effects is not sent again, and its failure is reported.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { problems, startProxy } from './helpers.js';

let upstream: Server;
const arrivals: string[] = [];

beforeAll(async () => {
  const served = new WeakMap<Socket, number>();
  upstream = createServer((req, res) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    arrivals.push(`${req.method} ${req.url}`);
    req.resume();
    // A second request on a kept-alive connection: closed without an answer.
    if (n > 1) return void req.socket.destroy();
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ error: { message: 'no such model', type: 'invalid_request_error', param: null, code: null } }),
    );
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

const post = (url: string, path: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
  });

test('a request the upstream closes its kept-alive connection under is sent again; the client is answered', async () => {
  const proxy = await startProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  arrivals.length = 0;
  try {
    const first = await post(proxy.url, '/v1/chat/completions');
    await first.text();
    // The proxy's pool takes the connection back a moment after the answer.
    await new Promise((r) => setTimeout(r, 20));
    const second = await post(proxy.url, '/v1/chat/completions');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(arrivals).toEqual(Array(3).fill('POST /v1/chat/completions'));
    const [server] = await proxy.stop();
    expect(problems(server!).filter((p) => p.includes('target.answers-completely'))).toEqual([]);
  } finally {
    await proxy.stop();
  }
});

test('a request with side effects is not sent again: the client gets a 502 and the exchange is an error', async () => {
  const proxy = await startProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  arrivals.length = 0;
  try {
    await (await post(proxy.url, '/v1/chat/completions')).text();
    await new Promise((r) => setTimeout(r, 20));
    const job = await post(proxy.url, '/v1/preview/training-jobs');
    expect(job.status).toBe(502);
    expect(arrivals).toHaveLength(2);
  } finally {
    await proxy.stop();
  }
});
