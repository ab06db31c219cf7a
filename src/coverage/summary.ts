/**
 * @module What a run covered: the model's items exercised, per operation and in all, and the holes
 * (items not exercised, and checks skipped because the target gave them nothing to work with).
 */
import type { CheckResult } from '../core/result.js';
import { OPERATIONS, type OperationId } from '../core/operations.js';
import type { CoverageKind, CoverageModel } from './model.js';

/** An item not exercised: a part of the interface the verdict does not cover. */
export interface CoverageHole {
  readonly id: string;
  readonly operation: OperationId;
  /** `check-skipped`: a check that reached no verdict (its reason is the description). */
  readonly kind: CoverageKind | 'check-skipped';
  readonly description: string;
}

export interface OperationCoverage {
  readonly operation: OperationId;
  readonly covered: number;
  readonly total: number;
  readonly percent: number;
}

export interface CoverageReport {
  /** Whole percent, rounded down: 100 only when every item was exercised. */
  readonly percent: number;
  readonly covered: number;
  readonly total: number;
  /** Items of the schemas the interface gives no way to exercise (stated, not counted). */
  readonly notApplicable: number;
  /** MUST checks skipped: a verdict with these is never plainly CONFORMANT. */
  readonly mustSkipped: number;
  readonly operations: readonly OperationCoverage[];
  readonly holes: readonly CoverageHole[];
}

/** Whole percent rounded down (99.9 is 99: a figure of 100 must mean complete). */
export function percentOf(covered: number, total: number): number {
  return total === 0 ? 100 : Math.floor((covered * 100) / total);
}

/**
 * Sums up coverage: every model item, plus one item per check result (judged, or skipped: a hole).
 * Only checks of the run count; model items of operations no selected check touches count too,
 * so a run of a few checks reports the little it covered.
 */
export function summarizeCoverage(model: CoverageModel, covered: ReadonlySet<string>, results: readonly CheckResult[]): CoverageReport {
  const holes: CoverageHole[] = [];
  const per = new Map<OperationId, { covered: number; total: number }>(OPERATIONS.map((o) => [o.id, { covered: 0, total: 0 }]));
  const count = (op: OperationId, ok: boolean): void => {
    const c = per.get(op)!;
    c.total++;
    if (ok) c.covered++;
  };
  for (const item of model.items) {
    const ok = covered.has(item.id);
    count(item.operation, ok);
    if (!ok) holes.push({ id: item.id, operation: item.operation, kind: item.kind, description: item.description });
  }
  let mustSkipped = 0;
  for (const r of results) {
    const ok = r.status !== 'skip';
    count(r.operation, ok);
    if (!ok) {
      if (r.level === 'MUST') mustSkipped++;
      holes.push({ id: `check ${r.id}`, operation: r.operation, kind: 'check-skipped', description: `${r.level} check ${r.id} skipped: ${r.reason ?? 'no reason given'}` });
    }
  }
  const operations = [...per].filter(([, c]) => c.total > 0).map(([operation, c]) => ({ operation, covered: c.covered, total: c.total, percent: percentOf(c.covered, c.total) }));
  const totalCovered = operations.reduce((n, o) => n + o.covered, 0);
  const total = operations.reduce((n, o) => n + o.total, 0);
  return { percent: percentOf(totalCovered, total), covered: totalCovered, total, notApplicable: model.notApplicable.length, mustSkipped, operations, holes };
}
