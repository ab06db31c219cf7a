/** @module The results each reporter lists after the matrix, grouped the same way everywhere. */
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { outcomeOf } from './outcome.js';
import { targetNames } from './targets.js';

export interface TargetFindings {
  readonly name: string;
  readonly report: RunReport;
  /** Failures and harness errors: root causes (checks that block others) first, then in result order. */
  readonly actionable: readonly CheckResult[];
  /** Per root check id, the checks it blocked (skips with `blockedBy`, src/runner/cascades.ts). */
  readonly blocks: ReadonlyMap<string, readonly CheckResult[]>;
  readonly known: readonly CheckResult[];
  /** INFO observations. */
  readonly noted: readonly CheckResult[];
  readonly skipped: readonly CheckResult[];
}

export function findingsOf(reports: readonly RunReport[]): TargetFindings[] {
  const names = targetNames(reports);
  return reports.map((report, i) => {
    const by = (...wanted: string[]): CheckResult[] => report.results.filter((r) => wanted.includes(outcomeOf(r)));
    const blocks = new Map<string, CheckResult[]>();
    for (const r of report.results) if (r.blockedBy) blocks.set(r.blockedBy, [...(blocks.get(r.blockedBy) ?? []), r]);
    const actionable = by('fail', 'error');
    const roots = actionable.filter((r) => blocks.has(r.id));
    return {
      name: names[i] ?? report.targetLabel,
      report,
      actionable: [...roots, ...actionable.filter((r) => !blocks.has(r.id))],
      blocks,
      known: by('known'),
      noted: by('noted'),
      skipped: by('skip'),
    };
  });
}
