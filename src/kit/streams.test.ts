import { expect, test } from 'vitest';
import type { StreamingExchange } from '../transport/types.js';
import { readSse } from './streams.js';

const enc = (s: string) => new TextEncoder().encode(s);

/** A stream of `reads`, whose clock moves 7 ms each time it is read (as judging the events would). */
function exchange(reads: readonly string[]): StreamingExchange {
  let clock = 0;
  return {
    request: { method: 'POST', url: 'http://127.0.0.1/v1/chat/completions', headers: {} },
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
    chunks: (async function* () {
      for (const r of reads) yield enc(r);
    })(),
    elapsedMs: () => (clock += 7),
    close: async () => undefined,
  };
}

test('readSse times the events of one read together, when their bytes arrived, not as each is judged', async () => {
  const times: number[] = [];
  await readSse(exchange(['data: 1\n\ndata: 2\n\ndata: 3\n\n', 'data: 4\n\n']), (_ev, at) => {
    times.push(at);
  });
  // The three events of the first read share its time; the fourth has the second read's.
  expect(times).toEqual([7, 7, 7, 14]);
});
