/**
 * The pair fold's own bookkeeping, with a rule that counts its halves per key: the state a key
 * carries across runs of one key and across other keys between, and which key a bound forgets.
 */
import { expect, test } from 'vitest';
import { PairFold } from './pairs.js';
import type { PairJudgement } from './evidence.js';

/** Counts the halves of its key; `fresh`: a new state object each step, else the same one grown in place. */
function counter(fresh: boolean): PairJudgement<string, { n: number }> {
  return {
    halves: {},
    step(state, half) {
      if (half === 'end') return { state: undefined, verdict: 'held' };
      const next = fresh ? { n: (state?.n ?? 0) + 1 } : (state ?? { n: 0 });
      if (!fresh) next.n++;
      return { state: next, verdict: { expected: '', actual: String(next.n) } };
    },
  };
}

const counts = (fold: PairFold, rule: PairJudgement<string, { n: number }>, keys: string) =>
  [...keys].map((k) => {
    const v = fold.step(rule, k === k.toUpperCase() ? k.toLowerCase() : k, k === k.toUpperCase() ? 'end' : 'half');
    return typeof v === 'object' ? v.actual : '-';
  });

test.each([true, false])(
  'a key keeps its state across runs of it and other keys between (fresh states: %s)',
  (fresh) => {
    const rule = counter(fresh);
    // `A`: the key's state ends; its next half starts afresh.
    expect(counts(new PairFold(), rule, 'aababbaAa')).toEqual(['1', '2', '1', '3', '2', '3', '4', '-', '1']);
  },
);

test('past its bound the fold forgets the least recently used key, a run of one key counting once', () => {
  const fold = new PairFold({ keys: 2, bytes: 1 << 30 });
  const rule = counter(true);
  // a is used after b, so b is the least recently used when c comes.
  expect(counts(fold, rule, 'abaac')).toEqual(['1', '1', '2', '3', '1']);
  expect(fold.forgotten).toBe(1);
  expect(counts(fold, rule, 'ab')).toEqual(['4', '1']);
  expect(fold.forgotten).toBe(2);
});

test('past its byte bound the fold forgets the least recently used keys until the states fit, never the key just folded', () => {
  // Each state holds 10 bytes per half counted; the states may hold 45 in all.
  const rule = { ...counter(true), bytes: (s: { n: number }) => s.n * 10 };
  const fold = new PairFold({ keys: 100, bytes: 45 });
  // a 3 (30 bytes) with b and c (10 each) is 50: b, the least recently used, goes; then c when b comes again.
  expect(counts(fold, rule, 'abacab')).toEqual(['1', '1', '2', '1', '3', '1']);
  expect(fold.forgotten).toBe(2);
  // a alone would hold 50: b goes, and a stays, though over the bound, as the one key left.
  expect(counts(fold, rule, 'aa')).toEqual(['4', '5']);
  expect(fold.forgotten).toBe(3);
  // An ended state holds nothing: the room is free again for b.
  expect(counts(fold, rule, 'Ab')).toEqual(['-', '1']);
  expect(fold.forgotten).toBe(3);
});
