/**
 * @module Child process, baseline: a bare pass-through proxy, `node:http` in front and undici's
 * dispatch to the target given as the argument (the pair `conformance proxy` uses, forwarding the way
 * it does: a request body that has arrived whole by the end of its turn sent as one Buffer, one
 * still arriving streamed; the answer's chunks of one event-loop turn in one write, with
 * backpressure), judging nothing: the floor any proxy reaches on this machine.
 *
 * The request body goes through `conformance proxy`'s own code (src/proxy/request-body.ts), told to
 * no judge. Handing undici the request stream itself costs more, and by how much changes from one
 * process to the next (bench/README.md, proxy-peer): a floor that moved.
 */
import { createServer } from 'node:http';
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import type { ExchangeSteps } from '../../src/proxy/judge-queue.js';
import { takeBody } from '../../src/proxy/request-body.js';
import { listenLoopback, serveChild } from '../lib/child.js';

const target = new URL(process.argv[2] ?? 'http://127.0.0.1:1');
const agent = new Agent({ keepAliveTimeout: 4_000 });
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);
const strip = (h: Record<string, string | string[] | undefined>) => {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined && !HOP.has(k)) out[k] = v;
  return out;
};

/** The steps a judge is told, for the proxy's own body handling: here nobody judges. */
const NO_JUDGE: ExchangeSteps = {
  requestChunk() {},
  requestEnd() {},
  responseHead() {},
  responseChunk() {},
  responseEnd() {},
  upstreamFailed() {},
  abandon() {},
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
    const forward = (body: Buffer | Readable | null) =>
      agent.dispatch(
        {
          origin: target.origin,
          path: req.url ?? '/',
          method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
          headers: strip(req.headers),
          body,
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
    if (req.method === 'GET' || req.method === 'HEAD') forward(null);
    else takeBody(req, NO_JUDGE, forward);
  });
  server.keepAliveTimeout = 5_000;
  return listenLoopback(server);
});
