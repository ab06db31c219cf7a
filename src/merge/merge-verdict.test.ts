/**
 * The merged report's summary is the one verdict (src/core/verdict-of-report.ts) of what was merged:
 * a shard that could not be judged, a known failure, the coverage gate the shards were run with.
 */
import { expect, test } from 'vitest';
import type { CoverageReport } from '../core/coverage.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { summaryOf } from '../core/summary.js';
import { verdictOfReport } from '../core/verdict-of-report.js';
import { applyBaseline } from '../gating/baseline.js';
import { applyMinCoverage } from '../gating/coverage-gate.js';
import { exitCodeOf } from '../gating/verdict.js';
import { mergedExitCode, mergeReports } from './merge.js';

const check = (id: string, status: CheckResult['status']): CheckResult => ({
  id,
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: `rule ${id}`,
  status,
  durationMs: 1,
  ...(status === 'skip' ? { reason: 'could not judge' } : {}),
});

const COVERAGE: CoverageReport = {
  percent: 90,
  covered: 9,
  total: 10,
  notApplicable: 0,
  mustSkipped: 0,
  operations: [{ operation: 'chat.create', covered: 9, total: 10, percent: 90 }],
  // A hole of every shard stays a hole of the merge: the merged coverage is below 100%.
  holes: [
    {
      id: 'x',
      operation: 'chat.create',
      kind: 'request-accepted',
      description: 'x',
      cause: { code: 'not-exercised', reason: 'not exercised by any request' },
    },
  ],
};

function shard(index: number, results: CheckResult[], unjudged: boolean, minCoverage: number): RunReport {
  const facts: Omit<RunReport, 'summary'> = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'conformance-suite', version: '0.1.0' },
    target: 'https://staging.example.com',
    targetLabel: 'staging',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    seed: 7,
    runs: 25,
    level: 'must' as const,
    tokenBudget: 16,
    replay: `conformance run --target https://staging.example.com --shard ${index}/2`,
    results,
    coverage: COVERAGE,
    origin: { kind: 'run' as const, catalogue: '0123456789abcdef', shard: { index, count: 2 } },
    ...(unjudged
      ? { unjudged: { code: 'CTS_TARGET_UNREACHABLE' as const, reason: 'no answer', families: ['basic' as const] } }
      : {}),
  };
  const run: RunReport = { ...facts, summary: summaryOf(facts) };
  const expected = applyBaseline(
    run,
    { version: 1, entries: [{ fingerprint: 'c.known', check: 'c.known', reason: 'TICKET-1' }] },
    { file: 'b.json', today: '2026-12-02', driver: 'run' },
  );
  return applyMinCoverage(expected, minCoverage);
}

test.each([
  { unjudged: false, required: 0, exit: 0 },
  { unjudged: false, required: 100, exit: 1 },
  { unjudged: true, required: 0, exit: 3 },
  { unjudged: true, required: 100, exit: 3 },
])('merged shards (unjudged $unjudged, --min-coverage $required): exit $exit, and the summary agrees', (c) => {
  const a = shard(1, [check('c.known', 'fail'), check('c.a', 'pass')], false, c.required);
  const b = shard(2, [check('c.b', c.unjudged ? 'skip' : 'pass')], c.unjudged, c.required);
  const [merged] = mergeReports([
    { file: 'a.json', report: a },
    { file: 'b.json', report: b },
  ]) as [RunReport];
  expect(mergedExitCode([merged])).toBe(c.exit);
  expect(exitCodeOf([merged])).toBe(c.exit);
  expect(merged.summary.conformant).toBe(c.exit === 0);
  expect(merged.summary.conformant).toBe(verdictOfReport(merged).conformant);
  expect(merged.summary).toMatchObject({ expectedFailures: 1, minCoverage: { required: c.required } });
});
