/**
 * @module Child process: a compressing front, as nginx with `gzip on` is in front of a model server:
 * it forwards to the target given as the argument and gzips every answer to a request that accepts
 * gzip, flushing after each chunk so an event stream still streams (nginx buffers instead; the
 * proxy's cost per decoded byte is the same either way).
 */
import { createServer } from 'node:http';
import { constants, createGzip } from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import { listenLoopback, serveChild } from '../lib/child.js';

const target = new URL(process.argv[2] ?? 'http://127.0.0.1:1');
const agent = new Agent({ keepAliveTimeout: 4_000 });
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);
const strip = (h: Record<string, string | string[] | undefined>) => {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && !HOP.has(k)) out[k] = v;
  return out;
};

await serveChild(async () => {
  const server = createServer((req, res) => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const z = gzip ? createGzip() : undefined;
    z?.on('data', (c: Buffer) => res.write(c));
    z?.on('end', () => res.end());
    agent.dispatch(
      {
        origin: target.origin,
        path: req.url ?? '/',
        method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
        headers: strip(req.headers),
        body: req.method === 'GET' ? null : req,
      },
      {
        onRequestStart: () => undefined,
        onResponseStart: (_c, status, headers) => {
          res.writeHead(status, { ...strip(headers), ...(z ? { 'content-encoding': 'gzip' } : {}) });
        },
        onResponseData: (_c, chunk) => {
          if (z) z.write(chunk, () => z.flush(constants.Z_SYNC_FLUSH));
          else res.write(chunk);
        },
        onResponseEnd: () => {
          if (z) z.end();
          else res.end();
        },
        onResponseError: () => {
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        },
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  return listenLoopback(server);
});
