/**
 * @module A report with its timing: the table measured, the objectives asked for, and their results
 * appended (src/timing/objectives.ts), the summary recounted so that a missed or indeterminate
 * objective fails the gate.
 */
import type { RunReport } from '../core/report.js';
import { summarize } from '../core/summary.js';
import type { Objective, TimingTable } from '../core/timing.js';
import { judgeObjectives } from './merge.js';

export function withTiming(
  report: RunReport,
  timing: TimingTable | undefined,
  objectives: readonly Objective[] | undefined,
): RunReport {
  const timed: RunReport = {
    ...report,
    ...(timing ? { timing } : {}),
    ...(objectives?.length ? { objectives } : {}),
  };
  if (!objectives?.length) return timed;
  const results = [...report.results, ...judgeObjectives(timed)];
  const summary = summarize(results, report.level, report.summary.unexpectedPasses);
  return {
    ...timed,
    results,
    summary: {
      ...summary,
      // A verdict the report already withheld (a target not judged, a coverage gate missed) stays withheld.
      conformant: summary.conformant && report.summary.conformant,
      ...(report.summary.minCoverage ? { minCoverage: report.summary.minCoverage } : {}),
    },
  };
}
