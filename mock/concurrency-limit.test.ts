/** The mock's concurrency limit: `max` served at once, as many more wait, the rest get 429 with Retry-After at once. */
import { expect, test } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.js';
import type { MockResponse } from './types.js';

test('max at once, as many more queued in order, the rest shed with 429 and Retry-After', async () => {
  const limit = createConcurrencyLimit(2);
  let active = 0;
  let most = 0;
  const order: number[] = [];
  const answer = (i: number) => async (): Promise<MockResponse> => {
    most = Math.max(most, ++active);
    await new Promise((r) => setTimeout(r, 10));
    active--;
    order.push(i);
    return { status: 200, headers: {}, json: { i } } as unknown as MockResponse;
  };
  const out = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => limit.run('openai', answer(i))));
  expect(out.map((r) => r.status)).toEqual([200, 200, 200, 200, 429, 429]);
  expect(out[4]!.headers['retry-after']).toBe('1');
  expect(most).toBe(2);
  expect(order.slice(2)).toEqual([2, 3]);
  // Freed places serve new requests again.
  expect((await limit.run('openai', answer(6))).status).toBe(200);
});

test('a streamed answer holds its place until its stream ends, or its client goes away', async () => {
  const limit = createConcurrencyLimit(1);
  let ended = false;
  async function* events() {
    yield 'data: 1\n\n';
    yield 'data: [DONE]\n\n';
    ended = true;
  }
  const streamed = async (): Promise<MockResponse> => ({ status: 200, headers: {}, stream: events() });
  const plain = async (): Promise<MockResponse> => ({ status: 200, headers: {} });
  const first = await limit.run('openai', streamed);
  // The place is still held: the next waits in line, one beyond it is shed.
  let second: MockResponse | undefined;
  const queued = limit.run('openai', plain).then((r) => (second = r));
  expect((await limit.run('openai', plain)).status).toBe(429);
  await new Promise((r) => setTimeout(r, 10));
  expect(second).toBeUndefined();
  for await (const _ of first.stream!) void _;
  expect(ended).toBe(true);
  await queued;
  expect(second!.status).toBe(200);

  // A client gone before reading gives the place back too.
  const gone = new AbortController();
  const unread = await limit.run('openai', streamed, gone.signal);
  expect(unread.stream).toBeDefined();
  const next = limit.run('openai', plain);
  gone.abort();
  expect((await next).status).toBe(200);
});
