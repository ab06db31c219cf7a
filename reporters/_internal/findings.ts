/** @module The results each reporter lists after the matrix, grouped the same way everywhere. */
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { outcomeOf } from './outcome.js';
import { targetNames } from './targets.js';

export interface TargetFindings {
  readonly name: string;
  readonly report: RunReport;
  /** Failures and harness errors, in result order: what a person must act on. */
  readonly actionable: readonly CheckResult[];
  readonly known: readonly CheckResult[];
  /** INFO observations. */
  readonly noted: readonly CheckResult[];
  readonly skipped: readonly CheckResult[];
}

/** Groups every target's results for listing. */
export function findingsOf(reports: readonly RunReport[]): TargetFindings[] {
  const names = targetNames(reports);
  return reports.map((report, i) => {
    const by = (...wanted: string[]): CheckResult[] => report.results.filter((r) => wanted.includes(outcomeOf(r)));
    return { name: names[i] ?? report.targetLabel, report, actionable: by('fail', 'error'), known: by('known'), noted: by('noted'), skipped: by('skip') };
  });
}
