import fc from 'fast-check';
import { expect, test } from 'vitest';
import { propertyFloor as floorOf, type CheckContext } from '../core/check.js';
import { ConformanceError } from '../core/errors.js';
import { checkEnumerated, checkProperty, enumerate } from './property.js';

const ctx = (seed = 42): CheckContext =>
  ({ seed, runs: 50, signal: new AbortController().signal }) as unknown as CheckContext;

test('passes when every case holds, and keeps INFO notes', async () => {
  const r = await checkProperty(ctx(), fc.integer(), async () => ({ ok: true, note: 'lenient' }));
  expect(r).toEqual({ status: 'pass', notes: ['lenient'] });
});

test('fails with the shrunk counterexample, its path and the re-probed evidence', async () => {
  const r = await checkProperty(ctx(), fc.integer({ min: 0, max: 1000 }), async (n) =>
    n < 10 ? { ok: true } : { ok: false, expected: 'n < 10', actual: `n = ${n}` },
  );
  expect(r.status).toBe('fail');
  if (r.status !== 'fail') return;
  expect(r.counterexample).toBe(10);
  expect(r.actual).toBe('n = 10');
  expect(typeof r.path).toBe('string');
});

test('bounds the number of probes spent shrinking', async () => {
  let calls = 0;
  await checkProperty(
    ctx(),
    fc.array(fc.integer(), { minLength: 50 }),
    async () => {
      calls++;
      return { ok: false, expected: 'x', actual: 'y' };
    },
    { runs: 5, maxShrinkProbes: 7 },
  );
  expect(calls).toBeLessThanOrEqual(5 + 7 + 1);
});

test('a tool error ends the property at once and is rethrown, not reported as a finding', async () => {
  let calls = 0;
  const p = checkProperty(ctx(), fc.integer(), async () => {
    calls++;
    throw new ConformanceError('CTS_TARGET_TIMEOUT', 'slow');
  });
  await expect(p).rejects.toMatchObject({ code: 'CTS_TARGET_TIMEOUT' });
  expect(calls).toBe(1);
});

test('the same seed explores the same cases', async () => {
  const seen = async (seed: number) => {
    const values: number[] = [];
    await checkProperty(
      ctx(seed),
      fc.integer(),
      async (n) => {
        values.push(n);
        return { ok: true };
      },
      { runs: 10 },
    );
    return values;
  };
  expect(await seen(7)).toEqual(await seen(7));
  expect(await seen(7)).not.toEqual(await seen(8));
});

test('past its floor, a property that found nothing stops at the first case that adds no coverage item', async () => {
  let covered = 0;
  let calls = 0;
  const counted = { ...ctx(), runs: 20, coveredItems: () => covered } as CheckContext;
  const r = await checkProperty(counted, fc.integer(), async () => {
    calls++;
    if (calls <= 8) covered++; // the first 8 cases each exercise something new
    return { ok: true };
  });
  expect(r.status).toBe('pass');
  expect(floorOf(20)).toBe(5);
  expect(calls).toBe(9);
});

test('without a coverage count, or below the floor, every case runs', async () => {
  let calls = 0;
  await checkProperty({ ...ctx(), runs: 20 } as CheckContext, fc.integer(), async () => {
    calls++;
    return { ok: true };
  });
  expect(calls).toBe(20);
  calls = 0;
  await checkProperty({ ...ctx(), runs: 20, coveredItems: () => 0 } as CheckContext, fc.integer(), async () => {
    calls++;
    return { ok: true };
  });
  expect(calls).toBe(floorOf(20));
});

test('a failure found keeps the property going (shrinking) whatever coverage says', async () => {
  const r = await checkProperty(
    { ...ctx(), runs: 20, coveredItems: () => 0 } as CheckContext,
    fc.integer({ min: 0, max: 1000 }),
    async (n) => (n < 10 ? { ok: true } : { ok: false, expected: 'n < 10', actual: `n = ${n}` }),
  );
  expect(r.status === 'fail' && r.counterexample).toBe(10);
});

// The enumeration: one case per item, at every seed and `--runs`, before any random case.

/** Ten items, each an integer range of its own: item i draws from [100 i, 100 i + 99]. */
const ITEMS = Array.from({ length: 10 }, (_, i) => fc.integer({ min: 100 * i, max: 100 * i + 99 }));
const itemOf = (n: number): number => Math.floor(n / 100);

test('an enumeration holds one case of every item at any seed, its values varying with the seed', () => {
  for (const seed of [1, 2, 3, -7, 123456789]) {
    const cases = enumerate(ITEMS, seed);
    expect(cases.map((c) => itemOf(c.value))).toEqual(ITEMS.map((_, i) => i));
    expect(enumerate(ITEMS, seed)).toEqual(cases);
  }
  expect(enumerate(ITEMS, 1).map((c) => c.value)).not.toEqual(enumerate(ITEMS, 2).map((c) => c.value));
});

test('every enumerated case is sent whatever the runs and the coverage, then the random cases', async () => {
  for (const runs of [1, 10]) {
    const sent: number[] = [];
    const r = await checkEnumerated(
      { ...ctx(3), runs, coveredItems: () => 0 } as CheckContext,
      enumerate(ITEMS, 3),
      fc.constant(-1),
      async (n) => {
        sent.push(n);
        return { ok: true };
      },
      { concurrency: 4 },
    );
    expect(r.status).toBe('pass');
    expect(new Set(sent.filter((n) => n >= 0).map(itemOf))).toEqual(new Set(ITEMS.map((_, i) => i)));
    // Saturation cuts the random cases to their floor, never the enumeration.
    expect(sent.filter((n) => n < 0)).toHaveLength(floorOf(runs));
  }
});

test('the first failing item of the enumeration is shrunk from its own case; no random case is sent', async () => {
  const sent: number[] = [];
  let inFlight = 0;
  let most = 0;
  const r = await checkEnumerated(
    ctx(5),
    enumerate(ITEMS, 5),
    fc.constant(-1),
    async (n) => {
      sent.push(n);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return itemOf(n) === 7 || itemOf(n) === 8
        ? { ok: false, expected: 'not 7xx or 8xx', actual: `${n}` }
        : { ok: true };
    },
    { concurrency: 4 },
  );
  expect(r.status).toBe('fail');
  if (r.status !== 'fail') return;
  expect(r.counterexample).toBe(700);
  expect(sent).not.toContain(-1);
  expect(most).toBe(4);
  expect(sent.length).toBeLessThanOrEqual(10 + 1 + 40 + 1);
});

test('a tool error in the enumeration, with no failure found, is rethrown', async () => {
  const p = checkEnumerated(ctx(), enumerate(ITEMS, 1), fc.constant(-1), async (n) => {
    if (itemOf(n) === 2) throw new ConformanceError('CTS_TARGET_TIMEOUT', 'slow');
    return { ok: true };
  });
  await expect(p).rejects.toMatchObject({ code: 'CTS_TARGET_TIMEOUT' });
});

test('a failing case answered differently when sent again still fails, unshrunk, with a note', async () => {
  let calls = 0;
  const r = await checkEnumerated(ctx(), enumerate(ITEMS.slice(0, 1), 1), fc.constant(-1), async () =>
    ++calls === 1 ? { ok: false, expected: 'x', actual: 'y' } : { ok: true },
  );
  expect(r.status === 'fail' && r.actual).toBe('y');
  expect(r.status === 'fail' && r.notes?.join(' ')).toMatch(/flaky target/);
});
