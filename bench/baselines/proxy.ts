/**
 * @module Child process, baseline: a bare pass-through proxy, `node:http` in front and undici's
 * dispatch to the target given as the argument (the pair `conformance proxy` uses, forwarding the way
 * it does: the answer's chunks of one event-loop turn in one write, with backpressure), judging
 * nothing: the floor any proxy reaches on this machine.
 */
import { createServer } from 'node:http';
import { Agent, type Dispatcher } from 'undici';
import { listenLoopback, serveChild } from '../lib/child.js';

const target = new URL(process.argv[2] ?? 'http://127.0.0.1:1');
const agent = new Agent({ keepAliveTimeout: 4_000 });
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);
const strip = (h: Record<string, string | string[] | undefined>) => {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && !HOP.has(k)) out[k] = v;
  return out;
};

await serveChild(async () => {
  const server = createServer((req, res) => {
    let upstream: Dispatcher.DispatchController | undefined;
    let batch: Buffer[] = [];
    let turn: NodeJS.Immediate | undefined;
    const write = (last: boolean) => {
      const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
      batch = [];
      if (last) res.end(chunk);
      else if (!res.write(chunk)) upstream?.pause();
    };
    res.on('drain', () => upstream?.resume());
    res.on('close', () => {
      if (!res.writableFinished) upstream?.abort(new Error('client gone'));
    });
    agent.dispatch(
      {
        origin: target.origin,
        path: req.url ?? '/',
        method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
        headers: strip(req.headers),
        body: req.method === 'GET' ? null : req,
      },
      {
        onRequestStart: (controller) => {
          upstream = controller;
        },
        onResponseStart: (_c, status, headers) => {
          res.writeHead(status, strip(headers));
        },
        onResponseData: (_c, chunk) => {
          batch.push(chunk);
          turn ??= setImmediate(() => {
            turn = undefined;
            if (batch.length) write(false);
          });
        },
        onResponseEnd: () => {
          if (turn) clearImmediate(turn);
          write(true);
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
