/** @module A run's report: what the runner produces and every reporter consumes (schemas/report/run-report.json). */
import type { CoverageReport } from './coverage.js';
import type { GapKind } from './gaps.js';
import type { CharsPerTokenSource, ContextWindowSource, Level } from './check.js';
import type { CheckResult } from './result.js';
import type { OperationId } from './operations.js';
import type { ConformanceRunReportRunReport } from '../generated/types.js';
import type { Objective, TimingTable } from './timing.js';
import type { ReportOrigin } from './origin.js';
import type { PairHalves } from './pair-halves.js';

export const REPORT_SCHEMA_VERSION = '1.5';

export interface RunSummary {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
  readonly skipped: number;
  /** Failures the baseline accepts (do not gate). */
  readonly expectedFailures: number;
  /** Baseline entries whose deterministic check now passes (stale): prune them. */
  readonly unexpectedPasses: readonly string[];
  /** Conformant at the gating level: no gating fail and no error (and the coverage gate met, when given). */
  readonly conformant: boolean;
  /** The `--min-coverage` gate: the percent required and whether the run met it. */
  readonly minCoverage?: { readonly required: number; readonly met: boolean };
  /** `--allow-gaps`: the kinds of MUST gap the user accepted (src/core/gaps.ts). */
  readonly allowedGaps?: readonly GapKind[];
}

/** A finding or a baseline entry, by fingerprint (src/gating/fingerprint.ts). */
export interface BaselineFinding {
  readonly fingerprint: string;
  readonly check: string;
  readonly summary?: string;
  readonly reason?: string;
  readonly expires?: string;
  /** Stale and unobserved entries: why, in words. */
  readonly why?: string;
}

/** The baseline's judgement of a report: findings new, entries known, expired, stale, unobserved. */
export interface BaselineOutcome {
  readonly file: string;
  readonly requirements?: string;
  readonly known: number;
  readonly new: readonly BaselineFinding[];
  readonly expired: readonly BaselineFinding[];
  readonly stale: readonly BaselineFinding[];
  readonly unobserved: readonly BaselineFinding[];
}

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
export interface RunReport {
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  /** Base URL of the target (credentials never included), or `bundled-mock (http://127.0.0.1:PORT)`. */
  readonly target: string;
  /** A short label for matrix columns. */
  readonly targetLabel: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly seed: number;
  readonly runs: number;
  /** The gating level: `must` gates on MUST only; `should` on MUST and SHOULD. INFO never gates. */
  readonly level: 'must' | 'should';
  /** Budget of completion tokens the chat cases could ask for at most. */
  readonly tokenBudget: number;
  /** The context window the positive chat cases were kept within, and where it came from. */
  readonly limits?: {
    readonly contextTokens?: number;
    readonly source: ContextWindowSource;
    readonly charsPerToken?: number;
    readonly charsPerTokenSource?: CharsPerTokenSource;
  };
  /** The command line that reproduces the run (secrets excluded). */
  readonly replay: string;
  readonly results: readonly CheckResult[];
  readonly summary: RunSummary;
  /** What the run exercised of the interface (src/coverage). Absent in reports built without a recorder. */
  readonly coverage?: CoverageReport;
  /** What the run created on the target, for clean-up; and the write budget. */
  readonly writes?: WriteSummary;
  /** How the run reached the target when not plainly, without secrets. `insecure`: every report warns. */
  readonly connection?: { readonly description: string; readonly insecure: boolean };
  /** Time to first token, inter-token and end-to-end latency of streams, latency of other requests, per operation (src/timing). */
  readonly timing?: TimingTable;
  /** The service-level objectives asked for (`--slo`), each judged as a result `slo.<id>`: kept so a merge re-judges them. */
  readonly objectives?: readonly Objective[];
  /** A proxy's server report: the halves of exchange pairs it saw, for the merge to pair across proxies. */
  readonly pairs?: PairHalves;
  /** `--requirements`: the catalogue release scored; checks added since are `unscored` (src/gating/requirements.ts). */
  readonly requirements?: string;
  /** What the findings baseline (`--baseline`) made of the report (src/gating/baseline.ts). */
  readonly baseline?: BaselineOutcome;
  /** What the deployment serves (`--serves`, or found by the probes): coverage is measured over it. */
  readonly scope?: ConformanceRunReportRunReport['scope'];
  /** What produced the report (kind, side, shard, catalogue hash): what `conformance merge` compares. */
  readonly origin?: ReportOrigin;
  /** Set when (part of) the target could not be judged: the checks of the families named were not run. */
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
