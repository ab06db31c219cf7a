import { expect, test } from 'vitest';
import type { HttpRequestSpec } from '../transport/types.js';
import { least, minimalList, shrink } from './crash-shrink.js';

test('minimalList keeps only what the property needs, in order; least finds the threshold', async () => {
  const tries: string[][] = [];
  const kept = await minimalList(['a', 'b', 'c', 'd', 'e', 'f'], async (k) => {
    tries.push([...k]);
    return k.includes('b') && k.includes('e');
  });
  expect(kept).toEqual(['b', 'e']);
  expect(tries.length).toBeLessThan(12);
  expect(await least(1, 100, async (v) => v >= 37)).toBe(37);
  expect(await minimalList(['x'], async () => true, 1), 'never below the least length').toEqual(['x']);
});

const chat = (i: number, n: number, extra: Record<string, unknown> = {}): HttpRequestSpec => ({
  method: 'POST',
  path: '/v1/chat/completions',
  json: { model: 'm', messages: [{ role: 'user', content: `request ${i}: ${'x'.repeat(40)}` }], n, seed: i, ...extra },
});

test('a set that crashes when two requests with n ≥ 2 and 12 characters of prompt overlap: two requests, the rest out', async () => {
  const heavy = (s: HttpRequestSpec) => {
    const b = s.json as { n?: number; model?: string; messages?: { content: string }[] };
    return (b.n ?? 1) >= 2 && b.model !== undefined && (b.messages?.[0]?.content.length ?? 0) >= 12;
  };
  const sets: number[] = [];
  const crashes = async (specs: readonly HttpRequestSpec[]) => {
    sets.push(specs.length);
    return specs.filter(heavy).length >= 2;
  };
  const given = [chat(0, 1), chat(1, 3, { stream: true }), chat(2, 1), chat(3, 4, { temperature: 1 }), chat(4, 1)];
  const out = await shrink(given, crashes);
  expect(out.kept).toEqual([1, 3]);
  expect(out.specs.map((s) => s.json)).toEqual([
    { model: 'm', messages: [{ role: 'user', content: 'request 1: x' }], n: 2 },
    { model: 'm', messages: [{ role: 'user', content: 'request 3: x' }], n: 2 },
  ]);
  expect(out.steps).toEqual([
    '3 of 5 requests dropped',
    '3 of 6 fields out (seed, stream, temperature)',
    'n 4 → 2',
    'prompt 51 → 12 characters',
  ]);
  expect(sets.length, 'sets sent').toBeLessThan(30);
});
