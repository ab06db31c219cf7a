/**
 * @module Child process, baseline: a bare pass-through proxy, `node:http` in front and undici's
 * dispatch to the target given as the argument (the pair `conformance proxy` uses, forwarding the way
 * it does: a request body that has arrived whole by the end of its turn sent as one Buffer, one
 * still arriving streamed; the answer's chunks of one event-loop turn in one write, with
 * backpressure), judging nothing: the floor any proxy reaches on this machine.
 *
 * Why the request body as `conformance proxy` sends it (src/proxy/request-body.ts): handing undici
 * the request stream itself costs more, and by how much changes from one process to the next
 * (bench/README.md, proxy-peer), which made a floor that moved.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
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

/** The request body as undici is to send it: one Buffer when whole by the end of this turn, else a stream. */
function takeBody(req: IncomingMessage, send: (body: Buffer | PassThrough) => void): void {
  const parts: Buffer[] = [];
  const onData = (chunk: Buffer) => parts.push(chunk);
  const onEnd = () => {
    clearImmediate(later);
    req.off('data', onData);
    send(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
  };
  const later = setImmediate(() => {
    req.off('data', onData);
    req.off('end', onEnd);
    const rest = new PassThrough();
    for (const part of parts) rest.write(part);
    req.pipe(rest);
    send(rest);
  });
  req.on('data', onData);
  req.once('end', onEnd);
}

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
    const forward = (body: Buffer | PassThrough | null) =>
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
    else takeBody(req, forward);
  });
  server.keepAliveTimeout = 5_000;
  return listenLoopback(server);
});
