/** @module What a run covered: items exercised per operation and in all, and the holes with their causes. */
import type { CheckResult } from '../core/result.js';
import { OPERATIONS, type OperationId } from '../core/operations.js';
import { groupHoles, type CoverageHole, type CoverageReport } from '../core/coverage.js';
import { causeOfSkip, causesByOperation, type RunCauses } from './causes.js';
import type { CoverageModel } from './model.js';

export type { CoverageReport } from '../core/coverage.js';

/** Whole percent rounded down (99.9 is 99: a figure of 100 must mean complete). */
function percentOf(covered: number, total: number): number {
  return total === 0 ? 100 : Math.floor((covered * 100) / total);
}

/** Sums up coverage: every model item, plus one item per check result (a skip is a hole). */
export function summarizeCoverage(
  model: CoverageModel,
  covered: ReadonlySet<string>,
  results: readonly CheckResult[],
  causes: RunCauses = {},
): CoverageReport {
  const byOperation = causesByOperation(results, causes);
  const holes: CoverageHole[] = [];
  const per = new Map<OperationId, { covered: number; total: number }>(
    OPERATIONS.map((o) => [o.id, { covered: 0, total: 0 }]),
  );
  const out = causes.outOfScope;
  const count = (op: OperationId, ok: boolean): void => {
    if (out?.has(op)) return;
    const c = per.get(op)!;
    c.total++;
    if (ok) c.covered++;
  };
  for (const item of model.items) {
    if (out?.has(item.operation)) continue;
    const ok = covered.has(item.id);
    count(item.operation, ok);
    if (!ok)
      holes.push({
        id: item.id,
        operation: item.operation,
        kind: item.kind,
        description: item.description,
        cause: byOperation.get(item.operation)!,
      });
  }
  let mustSkipped = 0;
  for (const r of results) {
    const ok = r.status !== 'skip';
    count(r.operation, ok);
    if (!ok) {
      if (r.level === 'MUST') mustSkipped++;
      holes.push({
        id: `check ${r.id}`,
        operation: r.operation,
        kind: 'check-skipped',
        description: `${r.level} check ${r.id} skipped: ${r.reason ?? 'no reason given'}`,
        cause: causeOfSkip(r, causes),
      });
    }
  }
  return coverageReport(per, holes, { notApplicable: model.notApplicable.length, mustSkipped });
}

/** The coverage report from counts per operation and the holes: sums, percents, holes grouped by cause. */
export function coverageReport(
  per: ReadonlyMap<OperationId, { readonly covered: number; readonly total: number }>,
  holes: readonly CoverageHole[],
  counts: Pick<CoverageReport, 'notApplicable' | 'mustSkipped'>,
): CoverageReport {
  const operations = [...per]
    .filter(([, c]) => c.total > 0)
    .map(([operation, c]) => ({
      operation,
      covered: c.covered,
      total: c.total,
      percent: percentOf(c.covered, c.total),
    }));
  const totalCovered = operations.reduce((n, o) => n + o.covered, 0);
  const total = operations.reduce((n, o) => n + o.total, 0);
  return {
    percent: percentOf(totalCovered, total),
    covered: totalCovered,
    total,
    ...counts,
    operations,
    holes,
    groups: groupHoles(holes),
  };
}
