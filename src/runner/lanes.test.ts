/** The run's schedule: writing checks one at a time while the budget may bind, side by side once it cannot. */
import { expect, test } from 'vitest';
import { longestFirst, runLanes, startOrder } from './lanes.js';

/** Runs a schedule whose checks each take one tick; returns the most write-lane checks seen in flight at once, and the start order. */
async function schedule(
  writeQueue: number[],
  otherQueue: number[],
  canBind: (pending: readonly number[], finished: number) => boolean,
): Promise<{ maxWritesAtOnce: number; order: number[]; unbound: number }> {
  const writes = new Set(writeQueue);
  let inFlight = 0;
  let maxWritesAtOnce = 0;
  let finished = 0;
  let unbound = 0;
  const order: number[] = [];
  await runLanes({
    lanes: 4,
    writeQueue,
    otherQueue,
    canBind: (pending) => canBind(pending, finished),
    onUnbound: () => unbound++,
    run: async (i) => {
      order.push(i);
      if (writes.has(i)) maxWritesAtOnce = Math.max(maxWritesAtOnce, ++inFlight);
      await new Promise((r) => setTimeout(r, 2));
      if (writes.has(i)) {
        inFlight--;
        finished++;
      }
    },
  });
  return { maxWritesAtOnce, order, unbound };
}

test('while the budget may bind, the write lane runs one check at a time, in its order, beside the others', async () => {
  const r = await schedule([5, 3, 4], [0, 1, 2], () => true);
  expect(r.maxWritesAtOnce).toBe(1);
  expect(r.order.filter((i) => i >= 3)).toEqual([5, 3, 4]);
  expect(r.order).toHaveLength(6);
  expect(r.unbound).toBe(0);
});

test('a budget that cannot bind from the start: writing checks run side by side', async () => {
  const r = await schedule([3, 4, 5, 6], [0], () => false);
  expect(r.maxWritesAtOnce).toBeGreaterThan(1);
  expect(r.unbound).toBe(1);
});

test('once the pending checks fit in what is left, the rest of the lane runs side by side', async () => {
  // Binds until two writing checks have finished, one at a time.
  const r = await schedule([3, 4, 5, 6, 7, 8], [], (_pending, finished) => finished < 2);
  expect(r.order.slice(0, 2)).toEqual([3, 4]);
  expect(r.maxWritesAtOnce).toBeGreaterThan(1);
  expect(r.order).toHaveLength(6);
  expect(r.unbound).toBe(1);
});

test('the other checks start longest first, ties in catalogue order', () => {
  const lengths = [2, 9, 2, 5];
  expect(longestFirst([0, 1, 2, 3], (i) => lengths[i]!)).toEqual([1, 3, 0, 2]);
});

test('a check that asks to start first starts before longer ones, whatever it costs; by length among themselves', () => {
  const lengths = [2, 9, 1, 5, 3];
  const checks = [{}, {}, { schedule: { start: 'first' as const } }, {}, { schedule: { start: 'first' as const } }];
  expect(startOrder(checks, [0, 1, 2, 3, 4], (i) => lengths[i]!)).toEqual([4, 2, 1, 3, 0]);
  // Without any, the order is longest first alone.
  expect(startOrder([{}, {}, {}, {}, {}], [0, 1, 2, 3, 4], (i) => lengths[i]!)).toEqual([1, 3, 4, 0, 2]);
});

test('a check that runs alone starts once every other check is done, one at a time, and starts last', async () => {
  const alone = new Set([1, 4]);
  let inFlight = 0;
  const seen: { i: number; others: number }[] = [];
  await runLanes({
    lanes: 3,
    writeQueue: [],
    otherQueue: [0, 1, 2, 3, 4, 5],
    alone: (i) => alone.has(i),
    canBind: () => false,
    onUnbound: () => undefined,
    run: async (i) => {
      seen.push({ i, others: inFlight });
      inFlight++;
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
    },
  });
  expect(seen.slice(-2)).toEqual([
    { i: 1, others: 0 },
    { i: 4, others: 0 },
  ]);
  const lengths = [2, 9, 1, 5, 3];
  const checks = [{}, { schedule: { alone: true } }, {}, {}, {}];
  expect(startOrder(checks, [0, 1, 2, 3, 4], (i) => lengths[i]!)).toEqual([3, 4, 0, 2, 1]);
});
