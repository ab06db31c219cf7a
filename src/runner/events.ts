/** @module Typed run events, for progress output (reporters consume results, not text). */
import type { CheckDefinition } from '../core/check.js';
import type { CheckResult } from '../core/result.js';
import type { OperationId } from '../core/operations.js';
import type { RunBudget, RunEstimate } from './budget.js';
import type { Unjudged } from './preflight.js';

export type RunEvent =
  | {
      readonly type: 'run-start';
      readonly target: string;
      readonly total: number;
      /** The plan's worst case, and the run deadline in force (derived from it unless given). */
      readonly budget: RunBudget;
      /** The likely time, from the plan and the latency the preflight measured (absent without a preflight). */
      readonly estimate?: RunEstimate;
      readonly deadlineMs: number;
      readonly deadlineGiven: boolean;
    }
  /** The preflight found the target unreachable or refusing the credentials: said once, at once. */
  | { readonly type: 'unjudged'; readonly target: string; readonly unjudged: Unjudged }
  /** The probes found operations the target does not serve: their checks are not run. */
  | { readonly type: 'not-served'; readonly target: string; readonly operations: readonly OperationId[] }
  | { readonly type: 'check-start'; readonly check: CheckDefinition; readonly done: number; readonly total: number }
  | {
      readonly type: 'check-end';
      readonly result: CheckResult;
      readonly done: number;
      readonly total: number /** Requests the check itself sent (shared ones count for the check that made them). */;
      readonly requests: number;
    }
  | { readonly type: 'run-end'; readonly target: string; readonly durationMs: number };
