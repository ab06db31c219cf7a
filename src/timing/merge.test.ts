import { expect, test } from 'vitest';
import { judgeObjectives, mergeTimingTables } from './merge.js';
import { TimingSketches } from './table.js';

function tableOf(ttfts: readonly number[], latencies: readonly number[]) {
  const t = new TimingSketches();
  for (const v of ttfts) t.record('chat.create', 'ttft_ms', v);
  for (const v of latencies) t.record('scores.list', 'latency_ms', v);
  return t.table();
}

test('merged tables equal the table of all their samples, percentiles included', () => {
  const a = [10, 12, 50, 400.5];
  const b = [11, 13, 900];
  const merged = mergeTimingTables([tableOf(a, [1, 2]), undefined, tableOf(b, []), tableOf([], [3])]);
  expect(merged).toEqual(tableOf([...a, ...b], [1, 2, 3]));
  expect(merged?.['chat.create']?.ttft_ms).toMatchObject({ count: 7, max: 900 });
});

test('nothing measured merges to nothing', () => {
  expect(mergeTimingTables([undefined, tableOf([], [])])).toBeUndefined();
});

test('a merged report re-judges its objectives on the merged samples', () => {
  const objectives = [{ id: 'ttft-p95', metric: 'ttft', percentile: 95, thresholdMs: 100 }] as const;
  const shard = (n: number) =>
    tableOf(
      Array.from({ length: n }, () => 50),
      [],
    );
  // 15 samples each: not enough for a p95 alone; 30 merged are.
  expect(judgeObjectives({ objectives, timing: shard(15) })[0]?.status).toBe('error');
  const merged = mergeTimingTables([shard(15), shard(15)]);
  expect(judgeObjectives({ objectives, timing: merged })[0]?.status).toBe('pass');
});
