/**
 * The journal's memory stays bounded: 100,000 requests, each with a 1 KiB body, sent
 * in-process, leave a ring of the journal's size (the newest ones, oldest first); the requests'
 * own bodies are not held (they are collected), and memory did not grow with the requests (a
 * journal without a bound would hold over 100 MiB of them; the limit leaves room for the noise of
 * a shared test process).
 */
import { expect, test } from 'vitest';
import { buildRequest, createMock } from '../../mock/index.js';

const REQUESTS = 100_000;

/** The heap and array buffers after full collections (the unit tier runs with --expose-gc). */
async function memoryUsed(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  expect(gc, 'run with --expose-gc').toBeDefined();
  // Let WeakRefs go (they hold for the current job) and array buffers be swept.
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc!();
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

test('100,000 requests leave a ring of 1,000 entries, the newest, and a heap that did not grow with them', async () => {
  const mock = createMock();
  // A 405 (a wrong method on a known path): the core's cheapest answer, so the journal is what is measured.
  // Each request has a body of its own, as from a socket; some of the first are watched.
  const watched: WeakRef<Uint8Array>[] = [];
  const send = (i: number) => {
    const body = new Uint8Array(1024).fill(120);
    if (i < 10_000 && i % 100 === 0) watched.push(new WeakRef(body));
    return mock.handle({ ...buildRequest('PUT', `/v1/chat/completions?i=${i}`), body });
  };
  for (let i = 0; i < 1_000; i++) await send(-1);
  const before = await memoryUsed();
  for (let i = 0; i < REQUESTS; i++) await send(i);
  const grown = (await memoryUsed()) - before;
  expect(watched.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  const entries = mock.requests();
  expect(entries).toHaveLength(1_000);
  expect(entries[0]?.query).toEqual({ i: String(REQUESTS - 1_000) });
  expect(entries.at(-1)?.query).toEqual({ i: String(REQUESTS - 1) });
  expect(entries[0]?.body).toBe('x'.repeat(1024));
  // The bodies alone would be 100 MiB; the ring holds 1 MiB of them.
  expect(grown).toBeLessThan(64 * 1024 * 1024);
});

test('journalSize sets the ring; 0 keeps nothing', async () => {
  const small = createMock({ journalSize: 3 });
  const none = createMock({ journalSize: 0 });
  for (let i = 0; i < 10; i++) {
    await small.handle(buildRequest('GET', `/v9/x?i=${i}`));
    await none.handle(buildRequest('GET', `/v9/x?i=${i}`));
  }
  expect(small.requests().map((e) => e.query.i)).toEqual(['7', '8', '9']);
  expect(none.requests()).toEqual([]);
});
