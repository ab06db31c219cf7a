/** @module A run's summary: counts over its results and the verdict at the gating level. */
import { gates, type RunReport, type RunSummary } from './report.js';
import type { CheckResult } from './result.js';

/**
 * Summarises results at a gating level. Every result lands in exactly one count. Known failures
 * (`expectedFailure` set) count under `expectedFailures`, not `failed` or `errored`. An INFO check
 * never fails: its observation counts as `passed` (as in the JUnit report). `conformant` holds
 * when no result {@link gates}.
 *
 * @param unexpectedPasses - ids listed as known failures that passed (from `applyExpectations`).
 */
export function summarize(
  results: readonly CheckResult[],
  level: RunReport['level'],
  unexpectedPasses: readonly string[] = [],
): RunSummary {
  let passed = 0;
  let failed = 0;
  let errored = 0;
  let skipped = 0;
  let expectedFailures = 0;
  for (const r of results) {
    if (r.expectedFailure && (r.status === 'fail' || r.status === 'error')) expectedFailures++;
    else if (r.status === 'pass' || (r.status === 'fail' && r.level === 'INFO')) passed++;
    else if (r.status === 'fail') failed++;
    else if (r.status === 'error') errored++;
    else skipped++;
  }
  return {
    total: results.length,
    passed,
    failed,
    errored,
    skipped,
    expectedFailures,
    unexpectedPasses: [...unexpectedPasses],
    conformant: !results.some((r) => gates(r, level)),
  };
}
