/** @module Expectations applied to a whole report: results marked, summary recomputed. */
import type { RunReport } from '../core/report.js';
import {
  applyExpectations,
  loadExpectations,
  type ApplyExpectationsOptions,
  type Expectations,
} from './expectations.js';
import { resummarized } from '../core/summary.js';

/** Reads and validates an expectations file (same as {@link loadExpectations}). */
export const loadExpectationsFile: (file: string) => Expectations = loadExpectations;

/**
 * {@link applyExpectations} on one target's report: known failures marked, `summary` recomputed
 * (with its `unexpectedPasses`) from the whole report, so a family left unjudged or a coverage gate
 * missed still withholds `conformant`. Ids the file lists that no check has are not part of a
 * report: get them from `applyExpectations(...).unknownIds` to warn about them.
 */
export function applyExpectationsToReport(
  report: RunReport,
  expectations: Expectations,
  options: ApplyExpectationsOptions = {},
): RunReport {
  const applied = applyExpectations(report.results, expectations, options);
  return resummarized({ ...report, results: applied.results }, { unexpectedPasses: applied.unexpectedPasses });
}
