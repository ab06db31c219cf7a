import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { defineCheck, DEFAULT_MAX_REQUESTS, propertyRequests, type CheckDefinition } from '../core/check.js';
import { pass } from '../core/result.js';
import {
  budgetCanBind,
  describeBudget,
  estimateRun,
  formatDuration,
  likelyPerCheck,
  requestsOf,
  runBudget,
  writesMayBind,
} from './budget.js';

const check = (id: string, maxRequests?: (runs: number) => number): CheckDefinition =>
  defineCheck({
    id: `budget.${id}`,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'r',
    run: async () => pass(),
    ...(maxRequests ? { schedule: { maxRequests } } : {}),
  });

describe('runBudget', () => {
  test('a check that declares nothing counts DEFAULT_MAX_REQUESTS; a property check its cases, shrinks and replay', () => {
    expect(requestsOf(check('plain'), 25)).toBe(DEFAULT_MAX_REQUESTS);
    expect(requestsOf(check('prop', propertyRequests(2)), 25)).toBe((25 + 40 + 1) * 2);
    expect(
      requestsOf(
        check('zero', () => 0),
        25,
      ),
    ).toBe(1);
  });

  test('the worst case is the total work spread over the lanes plus the longest check (a greedy schedule never exceeds it)', () => {
    const checks = [check('a', () => 10), check('b', () => 2), check('c', () => 2), check('d', () => 2)];
    const b = runBudget(checks, { runs: 1, timeoutMs: 1_000, concurrency: 2, maxRetries: 0, maxRetryWaitMs: 0 });
    expect(b.requests).toBe(16 + 3);
    expect(b.maxPerCheck).toBe(10);
    expect(b.perRequestMs).toBe(1_000);
    // 16 s of work over 2 lanes, plus the 10 s check: 18 s, plus the slack for non-request time.
    expect(b.worstCaseMs).toBe(18_000 + 5_000);
  });

  test("the bound holds for the runner's schedule: each lane takes the next check when free, whatever the counts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 16 }),
        (counts, lanes) => {
          const checks = counts.map((n, i) => check(`c${i}`, () => n));
          const b = runBudget(checks, {
            runs: 1,
            timeoutMs: 1_000,
            concurrency: lanes,
            maxRetries: 0,
            maxRetryWaitMs: 0,
          });
          const free = Array<number>(Math.min(lanes, counts.length)).fill(0);
          for (const n of counts) {
            const lane = free.indexOf(Math.min(...free));
            free[lane]! += n * 1_000;
          }
          return Math.max(...free) <= b.worstCaseMs;
        },
      ),
    );
  });

  test('retries count: each waits up to the longest Retry-After and takes a deadline of its own', () => {
    const b = runBudget([check('a', () => 1)], {
      runs: 1,
      timeoutMs: 1_000,
      concurrency: 8,
      maxRetries: 2,
      maxRetryWaitMs: 5_000,
    });
    expect(b.perRequestMs).toBe(1_000 + 2 * (5_000 + 1_000));
    expect(b.concurrency).toBe(1);
  });
});

describe('describeBudget', () => {
  const b = runBudget([check('a', () => 30), check('b', () => 30)], {
    runs: 1,
    timeoutMs: 10_000,
    concurrency: 8,
    maxRetries: 0,
    maxRetryWaitMs: 0,
  });
  test('names the worst case only as the deadline it sets, with the plan that bounds it', () => {
    expect(describeBudget(b, b.worstCaseMs, false)).toBe(
      'run deadline 10 min 5 s, set by the worst case (at most 63 requests, 10 s each at worst, 2 checks at a time; --deadline to change)',
    );
  });
  test('leads with the likely time when the preflight measured one', () => {
    const line = describeBudget(b, b.worstCaseMs, false, { requests: 40, latencyMs: 5, ms: 6_000 });
    expect(line).toMatch(/^likely about 6 s \(about 40 requests at 5 ms each/);
    expect(line.indexOf('likely')).toBeLessThan(line.indexOf('run deadline'));
    expect(line).not.toMatch(/worst case \d/);
  });
  test('warns when a given deadline is shorter than the worst case', () => {
    expect(describeBudget(b, 60_000, true)).toMatch(
      /^run deadline 1 min \(--deadline\), shorter than the worst case of 10 min 5 s: a slow target can meet it; at most 63 requests/,
    );
    expect(describeBudget(b, 3_600_000, true)).toMatch(/^run deadline 1 h 0 min \(--deadline\); at most 63 requests/);
  });
  test('durations read as a person would say them', () => {
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(250_000)).toBe('4 min 10 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
  });
});

describe('budgetCanBind', () => {
  const writer = (id: string, n: number) =>
    defineCheck({
      id: `budget.${id}`,
      operation: 'training-jobs.create',
      section: '§4.2',
      level: 'MUST',
      requirement: 'r',
      writes: true,
      run: async () => pass(),
      schedule: { maxRequests: () => n },
    });
  const checks = [writer('a', 3), writer('b', 4)];

  test('binds when the pending checks may send more requests with side effects than slots are left', () => {
    expect(budgetCanBind(checks, [0, 1], 1, 10, 6)).toBe(true);
    expect(budgetCanBind(checks, [0, 1], 1, 10, 7)).toBe(false);
    expect(budgetCanBind(checks, [1], 1, 10, 4)).toBe(false);
  });

  test('no budget never binds; writesMayBind counts every check of the write lane', () => {
    expect(budgetCanBind(checks, [0, 1], 1, undefined, undefined)).toBe(false);
    expect(writesMayBind(checks, 1, 6)).toBe(true);
    expect(writesMayBind(checks, 1, 7)).toBe(false);
  });
});

describe('estimateRun', () => {
  test('a property counts its floor of cases and its extra requests; others their most; the longest alone when it outlasts the rest', () => {
    const checks = [check('prop', propertyRequests(2, 40, 1)), check('plain', () => 3), check('other', () => 3)];
    expect(likelyPerCheck(checks, 20, undefined, true)).toEqual([2 * 5 + 1, 3, 3]);
    const e = estimateRun(
      checks,
      { runs: 20, timeoutMs: 1_000, concurrency: 2, maxRetries: 0, maxRetryWaitMs: 0, allowWrites: true },
      100,
    );
    expect(e.requests).toBe(17);
    // The property (11 requests) starts first and outlasts the two others on the second lane.
    expect(e.ms).toBe(11 * 100);
    expect(
      describeBudget(
        runBudget(checks, { runs: 20, timeoutMs: 1_000, concurrency: 2, maxRetries: 0, maxRetryWaitMs: 0 }),
        1,
        false,
        e,
      ),
    ).toMatch(/^likely about 1.1 s \(about 17 requests at 100 ms each/);
  });

  test('a property that shares its cases with a selected check likely sends only its extra requests', () => {
    const source = check('source', propertyRequests(1, 40, 0));
    const own = check('sharer', propertyRequests(1, 40, 2));
    const sharer = { ...own, schedule: { ...own.schedule, sharesCasesWith: 'budget.source' } };
    expect(likelyPerCheck([source, sharer], 20, undefined, true)).toEqual([5, 2]);
    // Alone (its source not selected), it sends its own cases.
    expect(likelyPerCheck([sharer], 20, undefined, true)).toEqual([5 + 2]);
    // Requests with side effects are never shared: a writing operation's cases go out for each check.
    const writing = { ...sharer, operation: 'training-jobs.create' as const };
    expect(likelyPerCheck([source, writing], 20, undefined, true)).toEqual([5, 7]);
  });

  test('many checks spread over the lanes, plus one round trip for the last to start', () => {
    const checks = Array.from({ length: 10 }, (_, i) => check(`c${i}`, () => 2));
    const e = estimateRun(
      checks,
      { runs: 20, timeoutMs: 1_000, concurrency: 4, maxRetries: 0, maxRetryWaitMs: 0, allowWrites: true },
      100,
    );
    expect(e.ms).toBe((20 / 4) * 100 + 100);
  });

  test('a check that declares nothing likely sends one request; its own likelyRequests wins over its most', () => {
    const burst = check('burst', () => 64);
    const declared = { ...burst, schedule: { ...burst.schedule, likelyRequests: () => 16 } };
    expect(likelyPerCheck([check('plain'), declared], 20, undefined, true)).toEqual([1, 16]);
    // The run's start order counts a check that declares nothing at the default most, as it may send that many.
    expect(likelyPerCheck([check('plain'), declared], 20, undefined, true, DEFAULT_MAX_REQUESTS)).toEqual([
      DEFAULT_MAX_REQUESTS,
      16,
    ]);
    expect(requestsOf(declared, 20)).toBe(64);
  });
});
