/** The run cache: typed keys made once per run, shared answers with the re-ask rule, kept values, the case seed. */
import { expect, test } from 'vitest';
import { cacheKey } from '../core/cache-key.js';
import { caseSeed, RunCache } from './run-cache.js';
import { deriveSeed } from './seed.js';

test('once: made once per run and key, for every check and every repeat, a failure kept', async () => {
  const run = new RunCache();
  const [a, b] = [run.forCheck(), run.forCheck()];
  let made = 0;
  const key = cacheKey<Promise<number>>('control:x');
  const make = async () => ++made;
  expect(await a.once(key, make)).toBe(1);
  expect(await a.once(key, make)).toBe(1);
  expect(await b.once(key, make)).toBe(1);
  expect(await run.once(key, make)).toBe(1);
  const failing = cacheKey<Promise<number>>('control:y');
  const boom = () => Promise.reject(new Error('reset'));
  await expect(a.once(failing, boom)).rejects.toThrow('reset');
  await expect(b.once(failing, async () => 2)).rejects.toThrow('reset');
  // The list kept under a key is the same object for whoever asks.
  const list = cacheKey<string[]>('list');
  run.once(list, () => []).push('x');
  expect(a.once(list, () => [])).toEqual(['x']);
});

test("shared: a check's first ask gets the earlier answer, its repeat a fresh one, which later checks get", async () => {
  const run = new RunCache();
  const [a, b, c] = [run.forCheck(), run.forCheck(), run.forCheck()];
  let made = 0;
  const key = cacheKey<Promise<number>>('probe');
  const make = async () => ++made;
  expect(await a.shared(key, make)).toBe(1);
  expect(await b.shared(key, make)).toBe(1);
  expect(await b.shared(key, make)).toBe(2);
  expect(await c.shared(key, make)).toBe(2);
  expect(await a.shared(key, make)).toBe(3);
});

test('shared: an answer that failed is not handed on', async () => {
  const run = new RunCache();
  const key = cacheKey<Promise<number>>('probe');
  await expect(run.forCheck().shared(key, () => Promise.reject(new Error('reset')))).rejects.toThrow('reset');
  expect(await run.forCheck().shared(key, async () => 7)).toBe(7);
});

test('kept: handed on only once kept, to first asks; nobody waits for a value not yet kept', () => {
  const run = new RunCache();
  const [a, b, c] = [run.forCheck(), run.forCheck(), run.forCheck()];
  const key = cacheKey<string>('stream');
  let keepA: (v: string) => void = () => undefined;
  const fresh = (name: string) => (keep: (v: string) => void) => {
    if (name === 'a') keepA = keep;
    return `fresh ${name}`;
  };
  const again = (kept: string) => `again ${kept}`;
  expect(a.kept(key, fresh('a'), again)).toBe('fresh a');
  expect(b.kept(key, fresh('b'), again)).toBe('fresh b'); // a's not kept yet
  keepA('body');
  expect(c.kept(key, fresh('c'), again)).toBe('again body');
  expect(c.kept(key, fresh('c'), again)).toBe('fresh c'); // c's repeat
});

test('a check that shares its cases with another draws them with that seed', () => {
  expect(caseSeed(42, { id: 'a.b' })).toBe(deriveSeed(42, 'a.b'));
  expect(caseSeed(42, { id: 'a.c', schedule: { sharesCasesWith: 'a.b' } })).toBe(deriveSeed(42, 'a.b'));
  expect(caseSeed(42, { id: 'a.c' })).not.toBe(deriveSeed(42, 'a.b'));
});
