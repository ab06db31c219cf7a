import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import { expect, test } from 'vitest';
import { Agent, ProxyAgent, request } from './undici-lean.js';

test('the lean Agent and ProxyAgent are the very classes undici exports (one module instance)', () => {
  expect(Agent).toBe(undici.Agent);
  expect(ProxyAgent).toBe(undici.ProxyAgent);
  // The request methods the index puts on every dispatcher are there (ProxyAgent's CONNECT uses them).
  for (const method of ['request', 'stream', 'pipeline', 'connect', 'upgrade'] as const)
    expect(typeof undici.Dispatcher.prototype[method]).toBe('function');
});

test('request sends the method, path with query, headers and body, and reads the answer, as undici.request does', async () => {
  const seen: { method: string | undefined; url: string | undefined; header: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, header: req.headers['x-probe'] as string, body });
      res.writeHead(201, { 'content-type': 'text/plain' }).end('made');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dispatcher = new Agent();
  try {
    const lean = await request(`${base}/v1/things?limit=2`, {
      method: 'POST',
      headers: { 'x-probe': 'yes' },
      body: '{"a":1}',
      dispatcher,
    });
    const reference = await undici.request(`${base}/v1/things?limit=2`, {
      method: 'POST',
      headers: { 'x-probe': 'yes' },
      body: '{"a":1}',
      dispatcher,
    });
    for (const res of [lean, reference]) {
      expect(res.statusCode).toBe(201);
      expect(await res.body.text()).toBe('made');
    }
    expect(seen[0]).toEqual({ method: 'POST', url: '/v1/things?limit=2', header: 'yes', body: '{"a":1}' });
    expect(seen[1]).toEqual(seen[0]);
  } finally {
    await dispatcher.close();
    server.close();
  }
});
