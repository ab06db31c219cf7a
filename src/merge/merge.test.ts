import { expect, test } from 'vitest';
import type { CoverageHole, CoverageReport } from '../core/coverage.js';
import { ConformanceError } from '../core/errors.js';
import type { ReportOrigin } from '../core/origin.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { summarize } from '../core/summary.js';
import { verdictOf } from '../gating/verdict.js';
import { withTiming } from '../timing/report-timing.js';
import { TimingSketches } from '../timing/table.js';
import type { MergeInput } from './inputs.js';
import { mergedExitCode, mergeReports } from './merge.js';

const check = (id: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({
  id,
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: `rule ${id}`,
  status,
  durationMs: 1,
  ...(status === 'skip' ? { reason: 'nothing to judge' } : {}),
  ...extra,
});

const itemHole = (id: string): CoverageHole => ({
  id,
  operation: 'chat.create',
  kind: 'request-accepted',
  description: id,
  cause: { code: 'not-exercised', reason: 'not exercised by any request' },
});

/** Coverage over `items` model items of chat.create, `holes` of them not exercised, plus the results. */
function coverage(items: number, holes: readonly string[], results: readonly CheckResult[]): CoverageReport {
  const covered = items - holes.length + results.filter((r) => r.status !== 'skip').length;
  const total = items + results.length;
  const all = [...holes.map(itemHole)];
  return {
    percent: Math.floor((covered * 100) / total),
    covered,
    total,
    notApplicable: 0,
    mustSkipped: 0,
    operations: [{ operation: 'chat.create', covered, total, percent: Math.floor((covered * 100) / total) }],
    holes: all,
  };
}

function report(
  results: CheckResult[],
  origin: Partial<ReportOrigin> = {},
  extra: Partial<RunReport> & { holes?: string[] } = {},
): RunReport {
  const { holes = [], ...rest } = extra;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'conformance-suite', version: '0.1.0' },
    target: 'https://staging.example.com',
    targetLabel: 'staging',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    seed: 7,
    runs: 25,
    level: 'must',
    tokenBudget: 16,
    replay: 'conformance run --target https://staging.example.com --shard 1/3',
    results,
    summary: summarize(results, 'must'),
    coverage: coverage(10, holes, results),
    origin: { kind: 'run', catalogue: '0123456789abcdef', shard: { index: 1, count: 1 }, ...origin },
    ...rest,
  };
}

const shard = (index: number, count: number, results: CheckResult[], extra: Parameters<typeof report>[2] = {}) =>
  report(results, { shard: { index, count } }, extra);

const refusal = (inputs: MergeInput[], options: Parameters<typeof mergeReports>[1] = {}): string => {
  try {
    mergeReports(inputs, options);
  } catch (err) {
    if (ConformanceError.is(err)) return `${err.code}: ${err.message}`;
    throw err;
  }
  return 'merged';
};

test('three shards merge into the whole run: results in catalogue order, coverage the union, the verdict recomputed', () => {
  const merged = mergeReports(
    [
      { file: 'a.json', report: shard(1, 3, [check('c.a', 'pass')], { holes: ['x', 'y'] }) },
      { file: 'b.json', report: shard(2, 3, [check('c.b', 'fail')], { holes: ['y', 'z'] }) },
      { file: 'c.json', report: shard(3, 3, [check('c.c', 'pass')], { holes: ['x', 'y', 'z'] }) },
    ],
    { order: ['c.c', 'c.b', 'c.a'] },
  );
  expect(merged).toHaveLength(1);
  const [m] = merged as [RunReport];
  expect(m.results.map((r) => r.id)).toEqual(['c.c', 'c.b', 'c.a']);
  // y is a hole of every shard; x and z were each exercised by one.
  expect(m.coverage?.holes.map((h) => h.id)).toEqual(['y']);
  expect(m.coverage).toMatchObject({ covered: 9 + 3, total: 10 + 3, percent: 92 });
  expect(m.summary).toMatchObject({ total: 3, passed: 2, failed: 1, conformant: false });
  expect(verdictOf(m).word).toBe('NOT CONFORMANT');
  expect(mergedExitCode(merged)).toBe(1);
  expect(m.origin).toEqual({ kind: 'run', catalogue: '0123456789abcdef', mergedFrom: 3 });
  expect(m.replay).toBe('conformance run --target https://staging.example.com');
});

test('a missing shard is refused, naming it and the shards given', () => {
  expect(
    refusal([
      { file: 'a.json', report: shard(1, 3, [check('c.a', 'pass')]) },
      { file: 'c.json', report: shard(3, 3, [check('c.c', 'pass')]) },
    ]),
  ).toBe('CTS_MERGE_REFUSED: shard 2/3 missing (given: a.json has 1/3, c.json has 3/3)');
});

test('a shard given twice, and --shards that disagrees with the reports, are refused', () => {
  const one = shard(1, 2, [check('c.a', 'pass')]);
  expect(
    refusal([
      { file: 'a.json', report: one },
      { file: 'b.json', report: one },
    ]),
  ).toBe('CTS_MERGE_REFUSED: shard 1/2 given twice: a.json and b.json');
  expect(
    refusal(
      [
        { file: 'a.json', report: one },
        { file: 'b.json', report: shard(2, 2, [check('c.b', 'pass')]) },
      ],
      { shards: 3 },
    ),
  ).toBe('CTS_MERGE_REFUSED: --shards 3, but the reports are shards of 2 (a.json has shard 1/2)');
});

test.each([
  [
    'seed',
    { seed: 8 },
    'seed differs: a.json has 7, b.json has 8: give every shard the same --seed (a run without one draws its own)',
  ],
  [
    'version',
    { tool: { name: 'conformance-suite', version: '0.2.0' } },
    'tool version differs: a.json has 0.1.0, b.json has 0.2.0',
  ],
  ['level', { level: 'should' as const }, 'level differs: a.json has must, b.json has should'],
  [
    'target',
    { target: 'https://other.example.com' },
    'target differs: a.json has https://staging.example.com, b.json has https://other.example.com',
  ],
])('reports of runs that differ in %s are refused, naming the difference and the files', (_what, change, message) => {
  expect(
    refusal([
      { file: 'a.json', report: shard(1, 2, [check('c.a', 'pass')]) },
      { file: 'b.json', report: { ...shard(2, 2, [check('c.b', 'pass')]), ...change } },
    ]),
  ).toBe(`CTS_MERGE_REFUSED: ${message}`);
});

test('reports of another catalogue, another kind or another shard count are refused', () => {
  const a = { file: 'a.json', report: shard(1, 2, [check('c.a', 'pass')]) };
  expect(
    refusal([
      a,
      { file: 'b.json', report: report([], { catalogue: 'fedcba9876543210', shard: { index: 2, count: 2 } }) },
    ]),
  ).toBe('CTS_MERGE_REFUSED: catalogue hash differs: a.json has 0123456789abcdef, b.json has fedcba9876543210');
  expect(refusal([a, { file: 'b.json', report: report([], { kind: 'proxy', side: 'server' }) }])).toBe(
    'CTS_MERGE_REFUSED: report kind differs: a.json has run, b.json has proxy',
  );
  expect(refusal([a, { file: 'b.json', report: shard(2, 3, [check('c.b', 'pass')]) }])).toBe(
    'CTS_MERGE_REFUSED: shard count differs: a.json has 2, b.json has 3',
  );
});

test('the bundled mock listens on a port of its own each run: its shards still merge', () => {
  const mock = (index: number, port: number) =>
    report(
      [check(`c.${index}`, 'pass')],
      { shard: { index, count: 2 }, bundledMock: true },
      { target: `http://127.0.0.1:${port}` },
    );
  const [m] = mergeReports([
    { file: 'a.json', report: mock(1, 4001) },
    { file: 'b.json', report: mock(2, 4002) },
  ]);
  expect(m?.results).toHaveLength(2);
  expect(m?.origin?.bundledMock).toBe(true);
});

test('files holding several targets merge target by target; a target missing from one shard is its shard missing', () => {
  const two = (index: number) => [
    shard(index, 2, [check(`a.${index}`, 'pass')]),
    { ...shard(index, 2, [check(`b.${index}`, 'fail')]), target: 'https://b.example.com', targetLabel: 'b' },
  ];
  const merged = mergeReports([1, 2].flatMap((i) => two(i).map((report) => ({ file: `s${i}.json`, report }))));
  expect(merged.map((m) => [m.targetLabel, m.results.map((r) => r.id)])).toEqual([
    ['staging', ['a.1', 'a.2']],
    ['b', ['b.1', 'b.2']],
  ]);
  expect(mergedExitCode(merged)).toBe(1);
  expect(
    refusal([...two(1).map((report) => ({ file: 's1.json', report })), { file: 's2.json', report: two(2)[0]! }]),
  ).toBe('CTS_MERGE_REFUSED: shard 2/2 missing for b (given: s1.json has 1/2)');
});

const proxyResult = (
  status: 'pass' | 'fail',
  judged: number,
  broken: number,
  firstAt?: string,
  actual = 'bad',
): CheckResult =>
  check('acceptance.valid-request-succeeds.chat-create', status, {
    notes: [`judged on ${judged} exchanges${broken ? `; ${broken} broke it` : ''}`],
    exchanges: { judged, broken, unanswered: 0, ...(firstAt ? { firstAt } : {}) },
    ...(status === 'fail'
      ? {
          expected: 'valid',
          actual,
          evidence: {
            seed: 0,
            replay: 'r',
            request: { method: 'POST', url: 'http://127.0.0.1:1/v1/chat/completions', headers: {} },
            response: { status: 200, headers: {}, excerpt: '{}', truncated: false },
          },
        }
      : {}),
  });

const proxy = (results: CheckResult[], holes: string[] = []) =>
  report(results, { kind: 'proxy', side: 'server' }, { holes, targetLabel: 'server', seed: 0, runs: 0 });

test('proxies judging one rule sum their exchanges and keep the earliest breach as the evidence', () => {
  const merged = mergeReports([
    { file: 'p1.json', report: proxy([proxyResult('pass', 5, 0)], ['x']) },
    { file: 'p2.json', report: proxy([proxyResult('fail', 3, 1, '2026-01-01T00:00:09.000Z', 'later')]) },
    { file: 'p3.json', report: proxy([proxyResult('fail', 4, 2, '2026-01-01T00:00:02.000Z', 'earlier')], ['x']) },
  ]);
  const [r] = merged[0]!.results;
  expect(r).toMatchObject({
    status: 'fail',
    actual: 'earlier',
    exchanges: { judged: 12, broken: 3, unanswered: 0, firstAt: '2026-01-01T00:00:02.000Z' },
  });
  expect(r?.notes).toEqual(['judged on 12 exchanges; 3 broke it', 'also: POST /v1/chat/completions → 200: later']);
  expect(merged[0]!.coverage?.holes).toEqual([]);
  expect(mergedExitCode(merged)).toBe(1);
});

test('--shards N for proxies: N reports per target are expected', () => {
  const inputs = [
    { file: 'p1.json', report: proxy([proxyResult('pass', 1, 0)]) },
    { file: 'p2.json', report: proxy([proxyResult('pass', 1, 0)]) },
  ];
  expect(refusal(inputs, { shards: 3 })).toBe(
    'CTS_MERGE_REFUSED: 3 proxy reports expected (--shards 3), 2 given: p1.json, p2.json',
  );
  expect(refusal(inputs, { shards: 2 })).toBe('merged');
});

test('the clients’ findings never set the exit code of merged proxy reports', () => {
  const clients = report(
    [check('client.credentials.chat-create', 'fail')],
    { kind: 'proxy', side: 'clients' },
    { targetLabel: 'clients', seed: 0, runs: 0 },
  );
  const merged = mergeReports([
    { file: 'p1.json', report: proxy([proxyResult('pass', 1, 0)]) },
    { file: 'p1.json', report: clients },
  ]);
  expect(merged.map((m) => m.targetLabel)).toEqual(['server', 'clients']);
  expect(mergedExitCode(merged)).toBe(0);
});

test('a report without an origin cannot be merged', () => {
  const { origin: _, ...bare } = shard(1, 1, []);
  expect(refusal([{ file: 'old.json', report: bare }])).toMatch(/^CTS_BAD_REPORT: old.json: .*no "origin"/);
});

test('timing merges sample by sample, and the objectives are judged again on the merged samples', () => {
  const timed = (index: number, ttfts: number[]) => {
    const sketches = new TimingSketches();
    for (const v of ttfts) sketches.record('chat.create', 'ttft_ms', v);
    const objectives = [{ id: 'ttft-p50', metric: 'ttft' as const, percentile: 50, thresholdMs: 100 }];
    return withTiming(shard(index, 2, [check(`c.${index}`, 'pass')]), sketches.table(), objectives);
  };
  const a = timed(1, [50, 60]);
  const b = timed(2, [300, 400, 500]);
  expect(a.results.find((r) => r.id === 'slo.ttft-p50')?.status).toBe('pass');
  const [m] = mergeReports([
    { file: 'a.json', report: a },
    { file: 'b.json', report: b },
  ]);
  expect(m?.timing?.['chat.create']?.ttft_ms?.count).toBe(5);
  expect(m?.results.map((r) => [r.id, r.status])).toEqual([
    ['c.1', 'pass'],
    ['c.2', 'pass'],
    ['slo.ttft-p50', 'fail'],
  ]);
  // The objectives' results are not coverage items: the shards' two checks are.
  expect(m?.coverage?.total).toBe(10 + 2);
  expect(m?.summary.conformant).toBe(false);
});

test('the writes of shards add up, and so do their budgets: 22 created of at most 30, not of 10', () => {
  const writes = (count: number) => ({ writes: { max: 10, count, created: [] } });
  const [merged] = mergeReports([
    { file: 'a.json', report: shard(1, 3, [check('c.a', 'pass')], writes(8)) },
    { file: 'b.json', report: shard(2, 3, [check('c.b', 'pass')], writes(7)) },
    { file: 'c.json', report: shard(3, 3, [check('c.c', 'pass')], writes(7)) },
  ]);
  expect(merged!.writes).toEqual({ max: 30, count: 22, created: [] });
});
