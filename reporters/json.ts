/**
 * @module The JSON report (`--json FILE`): the full result set, for other tools. Its shape is
 * documented and versioned by `schemas/report/run-report.json`.
 */
import { REPORT_SCHEMA_VERSION, type RunReport } from '../src/core/report.js';
import type { CheckResult } from '../src/core/result.js';
import { groupHoles } from '../src/core/coverage.js';

export const JSON_REPORT_SCHEMA_ID = 'https://conformance-suite.local/schemas/report/run-report.json';

export interface JsonReport {
  /** Version of this document's shape; a change that breaks readers bumps the major. */
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  /** One report per target, in the order the targets were given. */
  readonly reports: readonly RunReport[];
}

/**
 * An INFO check never fails: what it observed is written as a pass with `observed: true` (its
 * expected/actual kept), so a reader that counts `status: "fail"` counts only real failures.
 */
function asWritten(r: CheckResult): CheckResult {
  return r.level === 'INFO' && r.status === 'fail' ? { ...r, status: 'pass', observed: true } : r;
}

export function toJsonReport(reports: readonly RunReport[]): JsonReport {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    reports: reports.map((r) => ({
      ...r,
      results: r.results.map(asWritten),
      // Every report written carries the holes grouped by cause, as the other reports show them.
      ...(r.coverage ? { coverage: { ...r.coverage, groups: r.coverage.groups ?? groupHoles(r.coverage.holes) } } : {}),
    })),
  };
}

/** Renders the JSON report: two-space indented, newline-terminated, a bigint as digits with an `n` suffix. */
export function renderJson(reports: readonly RunReport[]): string {
  return (
    JSON.stringify(
      toJsonReport(reports),
      (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value),
      2,
    ) + '\n'
  );
}
