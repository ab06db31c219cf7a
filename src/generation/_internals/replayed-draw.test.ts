import fc from 'fast-check';
import { expect, test } from 'vitest';
import { arbitraryFromSchema } from '../arbitrary-from-schema.js';
import { ReplayedDraws } from './replayed-draw.js';

const request = arbitraryFromSchema('chat/chat-completion-request');

/** A draw after the replayed one: it comes out right only if the random state was advanced as the draw did. */
const after = fc.tuple(fc.string(), fc.integer(), fc.array(fc.double(), { maxLength: 4 }));

test('a replayed draw and whatever is drawn after it are the values of a plain draw, seed by seed', () => {
  const draws = new ReplayedDraws();
  for (const seed of [0, 1, 0x5eed, 123456789]) {
    const plain = fc.sample(fc.tuple(request, after), { seed, numRuns: 3 });
    // The first pass draws, the second replays (the same states come again).
    for (let pass = 0; pass < 2; pass++)
      expect(fc.sample(fc.tuple(draws.of(request), after), { seed, numRuns: 3 })).toEqual(plain);
  }
});

test('each (state, bias) is drawn once: a replay does not call the wrapped arbitrary', () => {
  let generated = 0;
  const counting = fc.integer().map((n) => {
    generated++;
    return n;
  });
  const wrapped = new ReplayedDraws().of(counting);
  const first = fc.sample(fc.tuple(wrapped, fc.integer()), { seed: 7, numRuns: 1 });
  expect(generated).toBe(1);
  expect(fc.sample(fc.tuple(wrapped, fc.integer()), { seed: 7, numRuns: 1 })).toEqual(first);
  expect(generated).toBe(1);
  fc.sample(fc.tuple(wrapped, fc.integer()), { seed: 8, numRuns: 1 });
  expect(generated).toBe(2);
});

test('one wrapper per arbitrary', () => {
  const draws = new ReplayedDraws();
  expect(draws.of(request)).toBe(draws.of(request));
});
