/**
 * @module Child process, baseline: a bare `node:http` server that reads the body, parses it as JSON
 * and answers a fixed completion of about 600 bytes (the floor a JSON mock can reach on this
 * machine). Optional argument: the answer size in bytes (default 600).
 */
import { createServer } from 'node:http';
import { listenLoopback, serveChild } from '../lib/child.js';
import { fixedCompletion } from './fixtures.js';

const size = Number(process.argv[2] ?? 600);
const answer = Buffer.from(fixedCompletion(size));

await serveChild(async () => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let status = 200;
      if (chunks.length) {
        try {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          status = 400;
        }
      }
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(answer.length) });
      res.end(answer);
    });
  });
  server.keepAliveTimeout = 5_000;
  return listenLoopback(server);
});
