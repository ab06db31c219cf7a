/**
 * @module Child process, baseline: a raw `node:http` JSONL stream, `GET /?count=N` yields N records
 * of about `lineBytes` bytes each (argument; the mock's average line), built per record from a
 * template (unique id and index), batched into ~64 KiB writes, waiting for `drain` when the socket
 * is full (backpressure honoured). Nothing is materialised beyond one batch.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveChild } from '../lib/child.js';

const lineBytes = Math.max(64, Number(process.argv[2] ?? 147));
const BATCH = 64 * 1024;
const started = Date.parse('2025-01-01T00:00:00.000Z');
// The fixed part of a record; the pad keeps each line at the mock's average size.
const probe = JSON.stringify({ prediction_id: '0197f1a2-0000-7000-8000-000000000000', index: 0, started_at: new Date(started).toISOString(), output: '' });
const pad = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor '.repeat(8).slice(0, Math.max(0, lineBytes - probe.length - 1 - 6));

function line(i: number): string {
  return JSON.stringify({
    prediction_id: `0197f1a2-${(i >>> 16).toString(16).padStart(4, '0')}-7000-8000-${i.toString(16).padStart(12, '0')}`,
    index: i,
    started_at: new Date(started + i * 1000).toISOString(),
    output: pad,
  }) + '\n';
}

async function stream(res: ServerResponse, count: number): Promise<void> {
  let batch = '';
  for (let i = 0; i < count; i++) {
    batch += line(i);
    if (batch.length >= BATCH) {
      if (res.destroyed) return;
      if (!res.write(batch)) await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
      batch = '';
    }
  }
  res.end(batch);
}

await serveChild(async () => {
  const server = createServer((req, res) => {
    const count = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('count') ?? 0);
    res.writeHead(200, { 'content-type': 'application/jsonl' });
    stream(res, count).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
});
