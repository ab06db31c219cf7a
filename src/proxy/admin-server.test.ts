import { afterEach, expect, test } from 'vitest';
import { type AdminServer, startAdminServer } from './admin-server.js';
import { ProxyMetrics } from './metrics.js';

let server: AdminServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

test('GET /metrics serves the Prometheus text format of the metrics given', async () => {
  const metrics = new ProxyMetrics({ target: 'http://127.0.0.1:1' });
  metrics.exchange('chat.create');
  server = await startAdminServer({ host: '127.0.0.1', port: 0, metrics });
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(await res.text()).toMatch(/^conformance_proxy_exchanges_total\{operation="chat\.create"\} 1$/m);
});

test('POST /reports calls the callback, once per request, and answers the paths written', async () => {
  let calls = 0;
  server = await startAdminServer({
    host: '127.0.0.1',
    port: 0,
    metrics: new ProxyMetrics({ target: 'http://127.0.0.1:1' }),
    writeReports: async () => {
      calls++;
      return ['/tmp/r.json', '/tmp/r.html'];
    },
  });
  const res = await fetch(`${server.url}/reports`, { method: 'POST' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(await res.json()).toEqual({ written: ['/tmp/r.json', '/tmp/r.html'] });
  expect(calls).toBe(1);
  // Reading is not writing: a GET writes nothing.
  const get = await fetch(`${server.url}/reports`);
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST');
  expect(calls).toBe(1);
});

test('a callback that fails is a 500 with its message; the server keeps serving', async () => {
  server = await startAdminServer({
    host: '127.0.0.1',
    port: 0,
    metrics: new ProxyMetrics({ target: 'http://127.0.0.1:1' }),
    writeReports: () => Promise.reject(new Error('EACCES: /ro/report.json')),
  });
  const res = await fetch(`${server.url}/reports`, { method: 'POST' });
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({ error: 'EACCES: /ro/report.json' });
  expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
});

test('any other path is a 404, /reports too when no callback was given; the traffic is never served here', async () => {
  server = await startAdminServer({ host: '127.0.0.1', port: 0, metrics: new ProxyMetrics({ target: 'http://x' }) });
  for (const [method, path] of [
    ['GET', '/'],
    ['GET', '/metrics/x'],
    ['POST', '/v1/chat/completions'],
    ['POST', '/reports'],
  ] as const) {
    const res = await fetch(`${server.url}${path}`, { method });
    expect(res.status, `${method} ${path}`).toBe(404);
    await res.body?.cancel();
  }
  expect((await fetch(`${server.url}/metrics?x=1`)).status).toBe(200);
});
