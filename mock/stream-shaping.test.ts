import { expect, test, vi } from 'vitest';
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

/** A source of `n` events handed over at once (as the chat stream's are), noting when it is returned. */
function readyEvents(n: number, returned = { done: false }): AsyncIterableIterator<string> {
  let i = 0;
  const ready = (): IteratorResult<string> =>
    i < n ? { done: false, value: `e${i++};` } : { done: true, value: undefined };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    ready,
    next: () => Promise.resolve(ready()),
    return() {
      returned.done = true;
      return Promise.resolve({ done: true, value: undefined });
    },
  } as AsyncIterableIterator<string>;
}

test('paced streams keep their pace side by side: never early, every event, in order', async () => {
  const pace = { ttftMs: 30, itlMs: 15 };
  const read = async (n: number) => {
    const start = performance.now();
    const seen: { e: string; at: number }[] = [];
    for await (const e of pacedStream(readyEvents(n), pace)) seen.push({ e, at: performance.now() - start });
    return seen;
  };
  const all = await Promise.all([read(4), read(6), read(1)]);
  for (const seen of all) {
    expect(seen.map((s) => s.e)).toEqual(seen.map((_, i) => `e${i};`));
    for (const [k, s] of seen.entries()) expect(s.at).toBeGreaterThanOrEqual(pace.ttftMs + k * pace.itlMs - 1);
  }
  expect(all.map((s) => s.length)).toEqual([4, 6, 1]);
});

test('a thousand paced streams waiting share one timer; a departed client is ended within a second', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    const gone = { aborted: false };
    const returned = { done: false };
    const pace = { ttftMs: 60_000, itlMs: 10 };
    const streams = Array.from({ length: 1000 }, (_, i) =>
      pacedStream(readyEvents(3, i === 0 ? returned : undefined), pace, gone),
    );
    const firsts = streams.map((s) => s.next());
    expect(vi.getTimerCount()).toBe(1);
    gone.aborted = true;
    await vi.advanceTimersByTimeAsync(1_100);
    expect(await Promise.all(firsts)).toEqual(streams.map(() => ({ done: true, value: undefined })));
    expect(returned.done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});
