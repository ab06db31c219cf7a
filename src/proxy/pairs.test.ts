/**
 * The time a pair half carries is when its exchange's request arrived, not when the proxy finished
 * judging it: behind a balancer, a listing judged at the end of its body on one proxy can finish
 * after the read the client sent next reached another proxy, and the merge orders halves by time.
 */
import { expect, test } from 'vitest';
import { PREDICTIONS } from '../core/record-kinds.js';
import { Pairs } from './pairs.js';
import type { Verdicts } from './verdicts.js';

const ARRIVED = 1_000;

function verdictsArrivedAt(at: number): Verdicts {
  return {
    judged: () => undefined,
    breach: () => undefined,
    seen: () =>
      ({ operation: 'predictions.list', evidence: { request: { method: 'GET', url: '/x', headers: {} } } }) as never,
    startedAt: () => at,
  };
}

test('every half a proxy keeps carries its request arrival time', () => {
  const pairs = new Pairs();
  const v = verdictsArrivedAt(ARRIVED);
  const uri = 'wandb-artifact:///acme/evals/predictions/p-1';
  pairs.recordListed(PREDICTIONS, 'acme/evals', { prediction_id: 'p-1', prediction_uri: uri }, v);
  pairs.judgeUri(PREDICTIONS, uri, v);
  pairs.jobCreated('job-1', v);
  pairs.greedyAnswer('k', { streamed: false, content: 'a', completionTokens: 1 }, v);
  const { halves } = pairs.halves();
  expect(halves.map((h) => h.family).sort()).toEqual(['created', 'first-uri', 'greedy', 'greedy', 'listed']);
  for (const h of halves) expect(h.at, h.family).toBe(ARRIVED);
});

test('without an arrival time (a half judged outside an exchange), now', () => {
  const pairs = new Pairs();
  const before = performance.timeOrigin + performance.now();
  pairs.jobCreated('job-1');
  const [half] = pairs.halves().halves;
  expect(half!.at).toBeGreaterThanOrEqual(before);
});
