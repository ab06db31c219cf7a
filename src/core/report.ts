/** @module A run's report: what the runner produces and every reporter consumes (schemas/report/run-report.json). */
import type { CoverageReport } from './coverage.js';
import type { Level } from './check.js';
import type { CheckResult } from './result.js';
import type { OperationId } from './operations.js';
import type {
  ConformanceRunReportBaselineFinding,
  ConformanceRunReportBaselineOutcome,
  ConformanceRunReportRunReport,
  ConformanceRunReportRunSummary,
} from '../generated/types.js';
import type { Objective, TimingTable } from './timing.js';
import type { PairHalves } from './pair-halves.js';

export const REPORT_SCHEMA_VERSION = '1.5';

export type RunSummary = Readonly<ConformanceRunReportRunSummary>;

/** A finding or a baseline entry, by fingerprint (src/gating/fingerprint.ts). */
export type BaselineFinding = Readonly<ConformanceRunReportBaselineFinding>;

/** The baseline's judgement of a report: findings new, entries known, expired, stale, unobserved. */
export type BaselineOutcome = Readonly<ConformanceRunReportBaselineOutcome>;

/** One thing a run created on the target. */
export interface CreatedItem {
  readonly operation: OperationId;
  /** The created training job's id, or the model the trajectories were logged for. */
  readonly id?: string;
}

/** The writes of a run (src/runner/write-ledger.ts). */
export interface WriteSummary {
  /** The budget, or null for none (the bundled mock). */
  readonly max: number | null;
  /** Requests answered 2xx by an operation with side effects. */
  readonly count: number;
  readonly created: readonly CreatedItem[];
}

/** One target's run. A multi-target run is a list of these. */
export type RunReport = Readonly<Omit<ConformanceRunReportRunReport, keyof ReportParts>> & ReportParts;

/** The parts of a report whose types are the suite's own (read-only lists, operation ids). */
interface ReportParts {
  readonly results: readonly CheckResult[];
  readonly summary: RunSummary;
  readonly coverage?: CoverageReport;
  /** What the run created on the target, for clean-up; and the write budget. */
  readonly writes?: WriteSummary;
  readonly timing?: TimingTable;
  readonly objectives?: readonly Objective[];
  readonly pairs?: PairHalves;
  readonly baseline?: BaselineOutcome;
  readonly unjudged?: {
    readonly code: UnjudgedCode;
    readonly reason: string;
    readonly families: readonly ('bearer' | 'basic')[];
  };
}

/** Why (part of) a run could not be judged (src/runner/preflight.ts). */
export type UnjudgedCode = NonNullable<ConformanceRunReportRunReport['unjudged']>['code'];

/** Whether a result gates at this level: a `fail` or `error` at a gating level, neither known (baseline) nor unscored. */
export function gates(
  result: Pick<CheckResult, 'level' | 'status' | 'expectedFailure' | 'unscored'>,
  level: 'must' | 'should',
): boolean {
  if (result.expectedFailure || result.unscored) return false;
  if (result.status !== 'fail' && result.status !== 'error') return false;
  const gatingLevels: readonly Level[] = level === 'should' ? ['MUST', 'SHOULD'] : ['MUST'];
  return gatingLevels.includes(result.level);
}
