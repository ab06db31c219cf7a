/**
 * @module The coverage of one target's merged reports: the union of what each exercised, never an
 * average; an item is a hole only when every report holds it as one.
 */
import type { CoverageHole, CoverageReport } from '../core/coverage.js';
import { OPERATIONS, type OperationId } from '../core/operations.js';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { causesByOperation, notSelectedOf, type RunCauses, type RunnerSkip } from '../coverage/causes.js';
import { coverageReport } from '../coverage/summary.js';

const RUNNER_SKIPS: ReadonlySet<string> = new Set<RunnerSkip>([
  'not-judged',
  'writes-not-allowed',
  'write-budget-spent',
]);

/** Model items per operation a report counted: its operation totals less its check results. */
function itemsPerOperation(report: RunReport & { coverage: CoverageReport }): Map<OperationId, number> {
  const out = new Map<OperationId, number>();
  for (const o of report.coverage.operations) out.set(o.operation, o.total);
  for (const r of report.results) out.set(r.operation, (out.get(r.operation) ?? 0) - 1);
  return out;
}

/** What a single run would have known of the checks it did not run, read back from the reports. */
function causesOf(reports: readonly RunReport[], results: readonly CheckResult[], run: boolean): RunCauses {
  const skipped = new Map<string, RunnerSkip>();
  for (const r of reports)
    for (const hole of r.coverage?.holes ?? [])
      if (hole.kind === 'check-skipped' && hole.cause && RUNNER_SKIPS.has(hole.cause.code))
        skipped.set(hole.id.replace(/^check /, ''), hole.cause.code as RunnerSkip);
  const unjudged = reports.find((r) => r.unjudged)?.unjudged;
  return {
    skipped,
    ...(unjudged ? { unjudged: { code: unjudged.code, reason: unjudged.reason } } : {}),
    // A run's operations no check is for were left out by its selection; a proxy selects nothing.
    ...(run ? { notSelected: notSelectedOf(results) } : {}),
  };
}

/** The merged coverage of one target, if any report has one; `run`: the reports are a run's shards. */
export function mergeCoverage(
  reports: readonly RunReport[],
  results: readonly CheckResult[],
  run: boolean,
): CoverageReport | undefined {
  const covered = reports.filter((r): r is RunReport & { coverage: CoverageReport } => r.coverage !== undefined);
  const first = covered[0];
  if (!first) return undefined;
  // An item is a hole of the merge when every report left it a hole.
  const holeCount = new Map<string, number>();
  for (const r of covered)
    for (const h of r.coverage.holes)
      if (h.kind !== 'check-skipped') holeCount.set(h.id, (holeCount.get(h.id) ?? 0) + 1);
  const causes = causesByOperation(results, causesOf(reports, results, run));
  const holes: CoverageHole[] = first.coverage.holes
    .filter((h) => h.kind !== 'check-skipped' && holeCount.get(h.id) === covered.length)
    .map((h) => ({ ...h, cause: causes.get(h.operation)! }));
  const checkHoles = new Map<string, CoverageHole>();
  for (const r of covered) for (const h of r.coverage.holes) if (h.kind === 'check-skipped') checkHoles.set(h.id, h);
  const items = itemsPerOperation(first);
  const per = new Map(OPERATIONS.map((o) => [o.id, { covered: items.get(o.id) ?? 0, total: items.get(o.id) ?? 0 }]));
  for (const h of holes) per.get(h.operation)!.covered--;
  let mustSkipped = 0;
  for (const r of results) {
    const c = per.get(r.operation)!;
    c.total++;
    if (r.status !== 'skip') {
      c.covered++;
      continue;
    }
    if (r.level === 'MUST') mustSkipped++;
    const hole = checkHoles.get(`check ${r.id}`);
    if (hole) holes.push(hole);
  }
  return coverageReport(per, holes, { notApplicable: first.coverage.notApplicable, mustSkipped });
}
