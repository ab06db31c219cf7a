/**
 * @module What a run covered, as the report carries it (the data types only; the model, the
 * recorder and the summing up live in src/coverage). Here so that the report type, and everything
 * that reads reports, depends on nothing above src/core.
 */
import type { OperationId } from './operations.js';

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

/** An item not exercised: a part of the interface the verdict does not cover. */
export interface CoverageHole {
  readonly id: string;
  readonly operation: OperationId;
  /** `check-skipped`: a check that reached no verdict (its reason is the description). */
  readonly kind: CoverageKind | 'check-skipped';
  readonly description: string;
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
}
