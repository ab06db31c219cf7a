import { expect, test } from 'vitest';
import { hash32, hash53, hashJson, mix32 } from './hash.js';
import { createRng } from './prng.js';

test('hashes are deterministic and differ for different inputs', () => {
  expect(hash53('abc')).toBe(hash53('abc'));
  expect(hash53('abc')).not.toBe(hash53('abd'));
  expect(hash53('abc', 1)).not.toBe(hash53('abc', 2));
  expect(hash32('token')).toBe(hash32('token'));
  expect(mix32(1, 2)).not.toBe(mix32(2, 1));
});

test('the same seed gives the same random sequence', () => {
  const a = createRng(42);
  const b = createRng(7);
  b.seed(42);
  const xs = Array.from({ length: 5 }, () => a.next());
  expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
  for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
});

test('hashJson tells apart values that serialise differently, and ignores what JSON drops', () => {
  const values: unknown[] = [
    '1',
    1,
    true,
    'true',
    null,
    [],
    {},
    [[]],
    [{}],
    { a: '' },
    { a: null },
    { '': 'a' },
    ['a', 'b'],
    ['ab'],
    { a: 1, b: 2 },
    { ab: 12 },
    [1, [2]],
    [[1], 2],
    'a\u0000',
  ];
  const hashes = values.map((v) => hashJson(v));
  expect(new Set(hashes).size).toBe(values.length);
  expect(hashJson({ a: 1, b: undefined })).toBe(hashJson({ a: 1 }));
  expect(hashJson([{ role: 'user', content: 'hi' }])).toBe(hashJson(JSON.parse('[{"role":"user","content":"hi"}]')));
  expect(hashJson('abc', 1)).not.toBe(hashJson('abc', 2));
});
