/** @module Target names for columns and suite suffixes: unique even when two reports share a label. */
import type { RunReport } from '../../src/core/report.js';

/** One display name per report, in order; a repeated label gets ` #2`, ` #3`… */
export function targetNames(reports: readonly Pick<RunReport, 'targetLabel' | 'target'>[]): string[] {
  const used = new Map<string, number>();
  return reports.map((r) => {
    const base = r.targetLabel.trim() || r.target;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base} #${n}`;
  });
}
