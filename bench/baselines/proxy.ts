/**
 * @module Child process, baseline: a bare pass-through proxy, `node:http` in front and undici to
 * the target given as the argument (the same pair `conformance proxy` uses), forwarding headers and
 * streaming both bodies with backpressure, judging nothing: the floor any proxy reaches on this
 * machine.
 */
import { createServer } from 'node:http';
import { Agent, type Dispatcher } from 'undici';
import { listenLoopback, serveChild } from '../lib/child.js';

const target = new URL(process.argv[2] ?? 'http://127.0.0.1:1');
const agent = new Agent({ keepAliveTimeout: 4_000 });
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);
const strip = (h: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(h).filter(([k, v]) => v !== undefined && !HOP.has(k))) as Record<
    string,
    string | string[]
  >;

await serveChild(async () => {
  const server = createServer((req, res) => {
    agent
      .request({
        origin: target.origin,
        path: req.url ?? '/',
        method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
        headers: strip(req.headers),
        body: req.method === 'GET' ? null : req,
      })
      .then(
        (up) => {
          res.writeHead(up.statusCode, strip(up.headers));
          up.body.on('data', (c: Buffer) => {
            if (!res.write(c)) up.body.pause();
          });
          res.on('drain', () => up.body.resume());
          up.body.on('end', () => res.end());
          up.body.on('error', () => res.destroy());
        },
        () => {
          res.writeHead(502).end();
        },
      );
  });
  server.keepAliveTimeout = 5_000;
  return listenLoopback(server);
});
