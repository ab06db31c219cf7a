/**
 * @module Child process, baseline: a bare `node:http` Server-Sent Events answer, the same number of
 * events of the same total size as the mock's streamed chat answer (given as arguments), one
 * `write` per event as a token-by-token server does, and the body JSON-parsed first.
 * Arguments: events, bytes per response.
 */
import { createServer } from 'node:http';
import { listenLoopback, serveChild } from '../lib/child.js';

const events = Math.max(1, Number(process.argv[2] ?? 20));
const bytes = Math.max(events * 16, Number(process.argv[3] ?? 4000));
const per = Math.floor(bytes / events);
const frames: string[] = [];
for (let i = 0; i < events - 1; i++) {
  const head = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","i":${i},"pad":"`;
  frames.push(head + 'x'.repeat(Math.max(0, per - head.length - 4)) + '"}\n\n');
}
frames.push('data: [DONE]\n\n');

await serveChild(async () => {
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
      for (const f of frames) res.write(f);
      res.end();
    });
  });
  server.keepAliveTimeout = 5_000;
  return listenLoopback(server);
});
