import { expect, test } from 'vitest';
import { readStream } from './request.js';
import { cutAfterEvents, pacedStream, StreamCut, shapeAnswer } from './stream-shaping.js';

async function* events(n: number, ended: { done: boolean } = { done: false }): AsyncGenerator<string> {
  try {
    for (let i = 0; i < n; i++) yield `e${i};`;
  } finally {
    ended.done = true;
  }
}

test('a cut passes exactly that many events, ends the producer and throws StreamCut', async () => {
  const ended = { done: false };
  const seen: string[] = [];
  const failure = await (async () => {
    for await (const e of cutAfterEvents(events(10, ended), 3)) seen.push(e);
  })().catch((err: unknown) => err);
  expect(seen).toEqual(['e0;', 'e1;', 'e2;']);
  expect(failure).toBeInstanceOf(StreamCut);
  expect(ended.done).toBe(true);
  // A stream shorter than the cut is cut at its end; a cut after 0 sends nothing.
  await expect(readStream(cutAfterEvents(events(2), 5))).rejects.toBeInstanceOf(StreamCut);
  await expect(readStream(cutAfterEvents(events(2), 0))).rejects.toBeInstanceOf(StreamCut);
});

test('a paced stream ends quietly when the client goes away', async () => {
  const controller = new AbortController();
  const seen: string[] = [];
  const start = performance.now();
  setTimeout(() => controller.abort(), 30);
  for await (const e of pacedStream(events(100), { ttftMs: 0, itlMs: 10 }, controller.signal)) seen.push(e);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.length).toBeLessThan(100);
  expect(performance.now() - start).toBeLessThan(1_000);
});

test('shapeAnswer: a whole answer cut becomes its headers and a dropped connection; no cut leaves it alone', async () => {
  const res = { status: 200, headers: { 'content-type': 'application/json' }, json: { a: 1 } };
  expect(shapeAnswer(res, undefined, undefined, undefined)).toBe(res);
  const cut = shapeAnswer(res, undefined, 2, undefined);
  expect(cut).toMatchObject({ status: 200, headers: res.headers, paced: true });
  await expect(readStream(cut.stream!)).rejects.toBeInstanceOf(StreamCut);
});
