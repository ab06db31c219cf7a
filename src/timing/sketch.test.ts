import { expect, test } from 'vitest';
import fc from 'fast-check';
import { RELATIVE_ACCURACY, Sketch } from './sketch.js';

const sketchOf = (values: readonly number[]): Sketch => {
  const s = new Sketch();
  for (const v of values) s.add(v);
  return s;
};
const values = fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { maxLength: 200 });

test('merging the sketches of two sets of values gives the sketch of their union, exactly', () => {
  fc.assert(
    fc.property(values, values, (a, b) => {
      const merged = sketchOf(a).merge(sketchOf(b));
      expect(merged.toJSON()).toEqual(sketchOf([...a, ...b]).toJSON());
      expect(merged.count).toBe(a.length + b.length);
    }),
  );
});

test('a merge read back from its JSON is the same, in any grouping', () => {
  fc.assert(
    fc.property(values, values, values, (a, b, c) => {
      const left = Sketch.from(sketchOf(a).merge(sketchOf(b)).toJSON()).merge(sketchOf(c));
      const right = sketchOf(a).merge(Sketch.from(JSON.parse(JSON.stringify(sketchOf(c).merge(sketchOf(b))))));
      expect(left.toJSON()).toEqual(right.toJSON());
      for (const q of [0, 0.5, 0.9, 0.99, 1]) expect(left.quantile(q)).toBe(right.quantile(q));
    }),
  );
});

test('every quantile is within the relative accuracy of the value of its rank', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: 0.01, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 300 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (vs, q) => {
        const sorted = vs.map((v) => Math.round(v * 1000) / 1000).sort((x, y) => x - y);
        const exact = sorted[Math.floor(q * (sorted.length - 1))]!;
        const got = sketchOf(vs).quantile(q)!;
        expect(Math.abs(got - exact)).toBeLessThanOrEqual(exact * RELATIVE_ACCURACY + 0.001);
      },
    ),
  );
});

test('min and max are exact; an empty sketch has no quantile; zeros and junk are handled', () => {
  const s = sketchOf([12.3456, 0, 700.25, -1, Number.NaN, Number.POSITIVE_INFINITY, 0.0004]);
  expect(s.count).toBe(4);
  expect(s.min).toBe(0);
  expect(s.max).toBe(700.25);
  expect(s.quantile(0)).toBe(0);
  expect(s.quantile(1)).toBe(700.25);
  expect(new Sketch().quantile(0.5)).toBeUndefined();
  expect(new Sketch().toJSON()).toEqual({ accuracy: RELATIVE_ACCURACY, zeros: 0, min: 0, max: 0, bins: [] });
});

test('a sketch of another accuracy is refused, not merged into nonsense', () => {
  expect(() => Sketch.from({ accuracy: 0.02, zeros: 0, min: 1, max: 1, bins: [[0, 1]] })).toThrow(/accuracy 0.02/);
});

test('values fall in the bins reports already hold (ceil(ln v / ln γ)), so old and new reports merge', () => {
  // 21011112.738: computed as DDSketch's libraries do, ceil(log2 v · ln 2 / log1p(2α / (1 - α))) is 843.
  expect(sketchOf([0.0004, 0.002, 1, 1.5, 12.345, 250, 1000.5, 21_011_112.738]).toJSON()).toEqual({
    accuracy: RELATIVE_ACCURACY,
    zeros: 1,
    min: 0,
    max: 21_011_112.738,
    bins: [
      [-310, 1],
      [0, 1],
      [21, 1],
      [126, 1],
      [277, 1],
      [346, 1],
      [844, 1],
    ],
  });
});

test('a report whose bins lie far apart is read and merged without room for every index between them', () => {
  const far = Sketch.from({
    accuracy: RELATIVE_ACCURACY,
    zeros: 0,
    min: 0.5,
    max: 9,
    bins: [
      [-2_000_000_000, 1],
      [2_000_000_000, 1],
    ],
  });
  expect(far.count).toBe(2);
  expect([far.quantile(0), far.quantile(1)]).toEqual([0.5, 9]);
  expect(far.merge(sketchOf([1])).toJSON().bins).toEqual([
    [-2_000_000_000, 1],
    [0, 1],
    [2_000_000_000, 1],
  ]);
});
