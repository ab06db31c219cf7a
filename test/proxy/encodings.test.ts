/**
 * Compressed answers through the proxy: forwarded byte for byte, judged decoded (gzip, deflate, br,
 * streams included); a coding that cannot be decoded here is one "not judged" line, never a finding,
 * and nothing binary reaches a report.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { createMock } from '../../mock/index.js';
import { trafficLine } from '../../src/proxy/report.js';
import { problems, startProxy } from './helpers.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const ENCODE = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync, zstd: gzipSync } as const;

/** The mock behind a front that compresses every answer whole with `coding` (zstd: labelled so, not decodable here). */
async function compressingMock(coding: keyof typeof ENCODE): Promise<string> {
  const mock = createMock();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = await mock.fetch(
      new Request(`http://mock${req.url}`, {
        method: req.method ?? 'GET',
        headers: Object.entries(req.headers).flatMap(([k, v]) =>
          typeof v === 'string' ? [[k, v] as [string, string]] : [],
        ),
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    const body = Buffer.from(await answer.arrayBuffer());
    const headers = Object.fromEntries(answer.headers);
    delete headers['content-length'];
    res.writeHead(answer.status, { ...headers, 'content-encoding': coding });
    res.end(ENCODE[coding](body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const chat = (base: string, stream: boolean) =>
  request(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer mock-token',
      'content-type': 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 6, stream }),
  });

test.each(['gzip', 'deflate', 'br'] as const)(
  '%s answers (JSON, an event stream, a JSONL listing) are judged decoded: no finding',
  async (coding) => {
    const proxy = await startProxy(await compressingMock(coding));
    for (const stream of [false, true]) {
      const res = await chat(proxy.url, stream);
      expect(res.headers['content-encoding']).toBe(coding);
      await res.body.arrayBuffer();
    }
    const listing = await request(`${proxy.url}/v2/acme/evals/predictions?limit=4`, {
      headers: { authorization: `Basic ${Buffer.from('api:mock-key').toString('base64')}` },
    });
    await listing.body.arrayBuffer();
    const [server] = await proxy.stop();
    expect(problems(server!)).toEqual([]);
    expect(server!.results.some((r) => r.id.startsWith('streaming.') && r.status === 'pass')).toBe(true);
  },
);

test('a coding node cannot decode here is forwarded as it came and said once, never a finding', async () => {
  const proxy = await startProxy(await compressingMock('zstd'));
  const res = await chat(proxy.url, false);
  expect(res.headers['content-encoding']).toBe('zstd');
  expect(gzipSync(Buffer.from('x')).subarray(0, 2)).toEqual(Buffer.from((await res.body.arrayBuffer()).slice(0, 2)));
  const [server] = await proxy.stop();
  expect(problems(server!)).toEqual([]);
  expect(trafficLine(proxy.session)).toContain('1 answered with Content-Encoding zstd, which cannot be decoded here');
  expect(JSON.stringify(server)).not.toMatch(/\u001f\u008b/);
});

test('a body that is not what its Content-Encoding says is the server’s, in words', async () => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end('{"model":"m","choices":[],"usage":{}}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy = await startProxy(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await (await chat(proxy.url, false)).body.arrayBuffer();
  const [report] = await proxy.stop();
  expect(problems(report!).join('\n')).toMatch(/not valid gzip as its Content-Encoding says/);
});
