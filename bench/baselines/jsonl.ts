/**
 * @module Child process, baseline: a raw `node:http` JSONL stream, `GET /?count=N` yields N records
 * of the mock's shape and average line size (argument), each built by splicing its id, index and
 * time into constant text (no generated content, no per-record JSON.stringify), batched into
 * ~64 KiB writes, waiting for `drain` when the socket is full (backpressure honoured). Nothing is
 * materialised beyond one batch. The gap to the mock is the cost of generating and serialising
 * its records.
 */
import { createServer, type ServerResponse } from 'node:http';
import { drained } from '../../mock/http/drained.js';
import { listenLoopback, serveChild } from '../lib/child.js';

const lineBytes = Math.max(200, Number(process.argv[2] ?? 350));
const BATCH = 64 * 1024;
const started = Date.parse('2025-01-01T00:00:00.000Z');
const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore '.repeat(8);

/** A record of the mock's shape (same fields, same nesting) with cheap deterministic content. */
function record(i: number, text: string): Record<string, unknown> {
  return {
    prediction_id: `0197f1a2-${(i >>> 16).toString(16).padStart(4, '0')}-7000-8000-${i.toString(16).padStart(12, '0')}`,
    model: 'weave:///acme/evals/object/qa-model:ogu75w63jh',
    inputs: { question: text, example_index: i },
    output: text,
    evaluation_run_id: '01941e4d-c200-7e20-94af-951d1dc4de68',
    svc_user_id: 'user-21sml50g737',
    started_at: new Date(started + i * 1000).toISOString(),
  };
}
// Text sized so that each line is about `lineBytes` long (the record's shape, measured once).
const fixed = JSON.stringify(record(0, '')).length + 1;
const text = WORDS.slice(0, Math.max(0, Math.floor((lineBytes - fixed) / 2)));

// Per record only the id, the index and the time are spliced into constant text: the cheapest way
// to produce distinct records, i.e. the floor of a JSONL server. (Content is plain ASCII: no escaping.)
const uri = 'weave:///acme/evals/object/qa-model:ogu75w63jh';
const run = '01941e4d-c200-7e20-94af-951d1dc4de68';

function line(i: number): string {
  const id = `0197f1a2-${(i >>> 16).toString(16).padStart(4, '0')}-7000-8000-${i.toString(16).padStart(12, '0')}`;
  return `{"prediction_id":"${id}","model":"${uri}","inputs":{"question":"${text}","example_index":${i}},"output":"${text}","evaluation_run_id":"${run}","svc_user_id":"user-21sml50g737","started_at":"${new Date(started + i * 1000).toISOString()}"}\n`;
}

async function stream(res: ServerResponse, count: number): Promise<void> {
  let batch = '';
  for (let i = 0; i < count; i++) {
    batch += line(i);
    if (batch.length >= BATCH) {
      if (res.destroyed) return;
      if (!res.write(batch)) await drained(res);
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
  return listenLoopback(server);
});
