/**
 * @module `--min-coverage N`: a run whose coverage is below N percent fails the gate, whatever its
 * checks found (a verdict about a part of the interface never exercised is no verdict); and
 * `--allow-gaps`, the MUST gaps a run may leave and still be conformant.
 */
import { ConformanceError } from '../core/errors.js';
import type { GapKind } from '../core/gaps.js';
import type { RunReport } from '../core/report.js';
import { resummarized } from '../core/summary.js';

/** Parses `--min-coverage`: a whole percent 0..100. */
export function parseMinCoverage(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const n = /^\d{1,3}%?$/.test(text) ? Number(text.replace(/%$/, '')) : NaN;
  if (!Number.isInteger(n) || n > 100)
    throw new ConformanceError('CTS_BAD_FLAG', `--min-coverage must be a whole percent from 0 to 100, got "${value}"`);
  return n;
}

/**
 * The report with the gates the user set applied: `--min-coverage` and `--allow-gaps` (the kinds of
 * MUST gap accepted, src/core/gaps.ts), its summary recomputed.
 */
export function applyGates(
  report: RunReport,
  gates: { readonly minCoverage: number | undefined; readonly allowGaps: readonly GapKind[] },
): RunReport {
  if (gates.minCoverage === undefined && gates.allowGaps.length === 0) return report;
  return resummarized(report, { minCoverage: gates.minCoverage, allowedGaps: gates.allowGaps });
}

/**
 * The report with the gate applied: `summary.minCoverage` set, and the summary recomputed (src/core/
 * verdict-of-report.ts: `conformant` false below it).
 */
export function applyMinCoverage(report: RunReport, required: number | undefined): RunReport {
  if (required === undefined) return report;
  return resummarized(report, { minCoverage: required });
}
