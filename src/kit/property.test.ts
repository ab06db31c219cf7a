import fc from 'fast-check';
import { expect, test } from 'vitest';
import { propertyFloor as floorOf, type CheckContext } from '../core/check.js';
import { ConformanceError } from '../core/errors.js';
import { checkProperty } from './property.js';

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
