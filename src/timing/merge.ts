/** @module Timing across reports: tables merged sketch by sketch (exact), and objectives judged on a table. */
import type { OperationId } from '../core/operations.js';
import type { OperationTiming } from '../core/timing.js';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { judgeObjective } from './objectives.js';
import { Sketch } from './sketch.js';
import { MEASURES, TimingSketches } from './table.js';

/** Merges timing tables per operation and measure; undefined when none measured anything. */
export function mergeTimingTables(
  tables: readonly (RunReport['timing'] | undefined)[],
): RunReport['timing'] | undefined {
  const merged = new TimingSketches();
  for (const table of tables)
    for (const [op, timing] of Object.entries(table ?? {}) as [OperationId, OperationTiming][])
      for (const m of MEASURES) {
        const d = timing[m];
        if (d) merged.sketch(op, m).merge(Sketch.from(d.sketch));
      }
  return merged.table();
}

/** The results of a report's objectives (`report.objectives`), judged on its timing table. */
export function judgeObjectives(report: {
  readonly objectives?: RunReport['objectives'];
  readonly timing?: RunReport['timing'] | undefined;
}): CheckResult[] {
  return (report.objectives ?? []).map((o) => judgeObjective(o, report.timing));
}
