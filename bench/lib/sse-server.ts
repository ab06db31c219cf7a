/**
 * @module The bare `node:http` Server-Sent Events server of the SSE baselines, in a server child: it
 * reads the request body and JSON-parses it (400 when that fails), then answers 200 with the event
 * stream's headers flushed and hands the response to `send`, which writes the events (at once or
 * paced) and ends it. Node's default server options but for a 5 s keep-alive.
 */
import { createServer, type ServerResponse } from 'node:http';
import { listenLoopback, serveChild } from './child.js';

export function serveSse(send: (res: ServerResponse) => void): Promise<void> {
  return serveChild(async () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          res.writeHead(400).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
        res.flushHeaders();
        send(res);
      });
    });
    server.keepAliveTimeout = 5_000;
    return listenLoopback(server);
  });
}
