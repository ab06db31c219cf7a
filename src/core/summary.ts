/** @module A run's summary: counts over its results, and `conformant` (the only place it is written). */
import type { GapKind } from './gaps.js';
import type { RunReport, RunSummary } from './report.js';
import type { CheckResult } from './result.js';
import { type VerdictBasis, verdictOfReport } from './verdict-of-report.js';

/** What a summary adds to the report's facts: the known failures that passed, the coverage gate asked for. */
interface SummaryExtras {
  /** Baseline entries found stale (src/gating/baseline.ts). */
  readonly unexpectedPasses?: readonly string[];
  /** `--min-coverage`: the percent required (whether it is met comes from the report's coverage). */
  readonly minCoverage?: number | undefined;
  /** `--allow-gaps`: the kinds of MUST gap accepted (none: every selected MUST check must be judged). */
  readonly allowedGaps?: readonly GapKind[] | undefined;
}

/**
 * The summary of a report: every result in exactly one count (an INFO failure is `passed`), and the
 * report's verdict ({@link verdictOfReport}).
 */
export function summaryOf(report: Omit<VerdictBasis, 'summary'>, extras: SummaryExtras = {}): RunSummary {
  let passed = 0;
  let failed = 0;
  let errored = 0;
  let skipped = 0;
  let expectedFailures = 0;
  for (const r of report.results) {
    if (r.expectedFailure && (r.status === 'fail' || r.status === 'error')) expectedFailures++;
    else if (r.status === 'pass' || (r.status === 'fail' && r.level === 'INFO')) passed++;
    else if (r.status === 'fail') failed++;
    else if (r.status === 'error') errored++;
    else skipped++;
  }
  const required = extras.minCoverage;
  const allowedGaps = extras.allowedGaps?.length ? [...extras.allowedGaps] : undefined;
  // Only the facts: a summary the report carries already is never read back.
  const verdict = verdictOfReport({
    level: report.level,
    results: report.results,
    ...(report.unjudged ? { unjudged: report.unjudged } : {}),
    ...(report.coverage ? { coverage: report.coverage } : {}),
    ...(report.baseline ? { baseline: report.baseline } : {}),
    summary: {
      ...(required !== undefined ? { minCoverage: { required } } : {}),
      ...(allowedGaps ? { allowedGaps } : {}),
    },
  });
  return {
    total: report.results.length,
    passed,
    failed,
    errored,
    skipped,
    expectedFailures,
    unexpectedPasses: [...(extras.unexpectedPasses ?? [])],
    conformant: verdict.conformant,
    ...(verdict.minCoverage ? { minCoverage: verdict.minCoverage } : {}),
    ...(allowedGaps ? { allowedGaps } : {}),
  };
}

/** The report with its summary computed again, keeping its extras unless `extras` says. */
export function resummarized(report: RunReport, extras: SummaryExtras = {}): RunReport {
  return {
    ...report,
    summary: summaryOf(report, {
      unexpectedPasses: extras.unexpectedPasses ?? report.summary.unexpectedPasses,
      minCoverage: 'minCoverage' in extras ? extras.minCoverage : report.summary.minCoverage?.required,
      allowedGaps: 'allowedGaps' in extras ? extras.allowedGaps : report.summary.allowedGaps,
    }),
  };
}

/** The summary of results alone (no family left unjudged, no coverage gate). */
export function summarize(
  results: readonly CheckResult[],
  level: RunReport['level'],
  unexpectedPasses: readonly string[] = [],
): RunSummary {
  return summaryOf({ results, level }, { unexpectedPasses });
}
