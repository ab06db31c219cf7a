import { expect, test } from 'vitest';
import { ConformanceError } from '../core/errors.js';
import { INDETERMINATE, judgeObjective, parseObjectives, samplesNeeded } from './objectives.js';
import { TimingSketches } from './table.js';

test('--slo reads metric, percentile and a duration in ms or s', () => {
  expect(parseObjectives('ttft-p95=500ms, itl-p99=50ms,e2e-p95=5s,latency-p99.9=1.5s')).toEqual([
    { id: 'ttft-p95', metric: 'ttft', percentile: 95, thresholdMs: 500 },
    { id: 'itl-p99', metric: 'itl', percentile: 99, thresholdMs: 50 },
    { id: 'e2e-p95', metric: 'e2e', percentile: 95, thresholdMs: 5000 },
    { id: 'latency-p99.9', metric: 'latency', percentile: 99.9, thresholdMs: 1500 },
  ]);
});

test.each([
  ['ttft-p95=500', /cannot read "ttft-p95=500"/],
  ['tpot-p95=5ms', /METRIC one of ttft, itl, e2e, latency/],
  ['ttft-p0=5ms', /above 0 and below 100/],
  ['ttft-p95=5ms,ttft-p95=6ms', /ttft-p95 is given twice/],
  [' , ', /no objective given/],
])('--slo %s is a usage error naming why', (text, why) => {
  let err: unknown;
  try {
    parseObjectives(text);
  } catch (e) {
    err = e;
  }
  expect(ConformanceError.is(err) && err.code).toBe('CTS_BAD_FLAG');
  expect((err as Error).message).toMatch(why);
});

test('a percentile needs ceil(1 / (1 - q)) samples', () => {
  expect([50, 90, 95, 99, 99.9].map(samplesNeeded)).toEqual([2, 10, 20, 100, 1000]);
});

function tableOf(ttfts: readonly number[]) {
  const t = new TimingSketches();
  for (const v of ttfts) t.record('chat.create', 'ttft_ms', v);
  return t.table();
}

test('an objective is a MUST result: a pass within the bound, a fail beyond it', () => {
  const timing = tableOf(Array.from({ length: 40 }, (_, i) => 100 + i));
  const within = judgeObjective({ id: 'ttft-p95', metric: 'ttft', percentile: 95, thresholdMs: 200 }, timing);
  expect(within).toMatchObject({ id: 'slo.ttft-p95', level: 'MUST', operation: 'chat.create', status: 'pass' });
  const beyond = judgeObjective({ id: 'ttft-p95', metric: 'ttft', percentile: 95, thresholdMs: 120 }, timing);
  expect(beyond.status).toBe('fail');
  expect(beyond.actual).toMatch(/^p95 13\d(\.\d+)? ms over 40 streams/);
});

test('with too few samples an objective is indeterminate, saying how many it needs', () => {
  const r = judgeObjective({ id: 'ttft-p99', metric: 'ttft', percentile: 99, thresholdMs: 1e6 }, tableOf([5, 6, 7]));
  expect(r).toMatchObject({ status: 'error', errorCode: INDETERMINATE });
  expect(r.message).toMatch(/needs at least 100 samples .*only 3 were measured/);
  const none = judgeObjective({ id: 'itl-p50', metric: 'itl', percentile: 50, thresholdMs: 1 }, undefined);
  expect(none.message).toMatch(/needs at least 2 samples .*none was measured/);
});
