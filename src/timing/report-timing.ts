/**
 * @module A report with its timing: the table measured, the objectives asked for, and their results
 * appended (src/timing/objectives.ts), the summary recounted (src/core/summary.ts) so that a missed
 * or indeterminate objective fails the gate.
 */
import type { RunReport } from '../core/report.js';
import { resummarized } from '../core/summary.js';
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
  // The whole report is judged again: a target not judged, a coverage gate missed, stay so.
  return resummarized({ ...timed, results: [...report.results, ...judgeObjectives(timed)] });
}
