/** @module A report with its timing table, objectives and their results, the summary recounted. */
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
