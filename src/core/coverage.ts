/** @module What a run covered, as the report carries it (types, and holes grouped by cause); see src/coverage. */
import { OPERATIONS, type OperationId } from './operations.js';

/** The kinds of coverage items (src/coverage/model.ts derives them from the schemas). */
export type CoverageKind =
  | 'request-accepted'
  | 'request-rejected'
  | 'request-value'
  | 'request-bound'
  | 'rule-rejected'
  | 'response'
  | 'auth'
  | 'scope';

/** Why an item was not exercised, as far as the run can tell (src/coverage/causes.ts). */
export type HoleCauseCode =
  | 'not-judged'
  | 'not-served'
  | 'writes-not-allowed'
  | 'write-budget-spent'
  | 'not-selected'
  | 'blocked'
  | 'skipped-by-check'
  | 'not-exercised';

export interface HoleCause {
  readonly code: HoleCauseCode;
  /** The cause in a few words: `writes not allowed`. */
  readonly reason: string;
  /** What removes it, naming the flag: `pass --allow-writes`. Absent when no flag does. */
  readonly remedy?: string;
}

/** An item not exercised: a part of the interface the verdict does not cover. */
export interface CoverageHole {
  readonly id: string;
  readonly operation: OperationId;
  /** `check-skipped`: a check that reached no verdict (its reason is the description). */
  readonly kind: CoverageKind | 'check-skipped';
  readonly description: string;
  /** Why it was not exercised (every report the runner and the proxy build sets it). */
  readonly cause?: HoleCause;
}

/** Holes of one operation that share a cause: one line in a report, the items on demand. */
export interface CoverageHoleGroup {
  readonly operation: OperationId;
  readonly cause: HoleCause;
  /** The ids of its holes, in the order of `holes`. */
  readonly ids: readonly string[];
}

interface OperationCoverage {
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
  /** The holes grouped by operation and cause (`groupHoles`); reporters derive them from `holes`. */
  readonly groups?: readonly CoverageHoleGroup[];
}

/** A check that skipped for a reason of its own (no ids listed, a control that shows nothing…). */
export const SKIPPED_BY_CHECK: HoleCause = {
  code: 'skipped-by-check',
  reason: 'skipped by the check (the target gave it nothing to judge)',
};
/** An item no request exercised, and nothing the run left out would have. */
export const NOT_EXERCISED: HoleCause = { code: 'not-exercised', reason: 'not exercised by any request' };

/** The cause of a hole that carries none: a check's own skip, or an item no request exercised. */
function causeOf(hole: CoverageHole): HoleCause {
  return hole.cause ?? (hole.kind === 'check-skipped' ? SKIPPED_BY_CHECK : NOT_EXERCISED);
}

/** One group per operation, cause and reason, in operation order, the largest group of an operation first. */
export function groupHoles(holes: readonly CoverageHole[]): CoverageHoleGroup[] {
  const groups = new Map<string, { operation: OperationId; cause: HoleCause; ids: string[] }>();
  for (const hole of holes) {
    const cause = causeOf(hole);
    const key = JSON.stringify([hole.operation, cause.code, cause.reason, cause.remedy ?? '']);
    const group = groups.get(key) ?? { operation: hole.operation, cause, ids: [] };
    group.ids.push(hole.id);
    groups.set(key, group);
  }
  const order = new Map(OPERATIONS.map((o, i) => [o.id, i]));
  return [...groups.values()].sort(
    (a, b) => order.get(a.operation)! - order.get(b.operation)! || b.ids.length - a.ids.length,
  );
}
