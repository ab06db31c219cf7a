/** @module What a run decides once from its options: the write budget, the start order, the time budget and deadline. */
import { DEFAULT_MAX_REQUESTS } from '../core/check.js';
import { type BudgetInput, likelyPerCheck, type RunBudget, runBudget, writeOrder, writesMayBind } from './budget.js';
import { startOrder } from './lanes.js';
import type { RunSettings } from './run-settings.js';

export interface RunPlan {
  /** The write budget in force: a per-case writing property runs as many cases as it affords (`runsOf`). */
  readonly budgetWrites: number | undefined;
  /** Indexes into `checks`: the write lane, in `writeOrder`, and the others in `startOrder`. */
  readonly writeQueue: readonly number[];
  readonly otherQueue: readonly number[];
  /** What the time budget and the realistic estimate are computed from. */
  readonly budgetInput: BudgetInput & { readonly allowWrites: boolean };
  readonly budget: RunBudget;
  /** `--deadline`, or the worst case derived from the plan. */
  readonly deadlineMs: number;
}

export function planRun(opts: RunSettings): RunPlan {
  const budgetWrites = opts.target.allowWrites ? opts.target.maxWrites : undefined;
  // With a write budget the write lane keeps `writeOrder` while the budget may bind (lanes.ts).
  const writeQueue = budgetWrites !== undefined ? writeOrder(opts.checks, opts.runs, budgetWrites) : [];
  const writeLane = new Set(writeQueue);
  // Longest first by what a check likely sends; a check that declares nothing counts the default most.
  const likely = likelyPerCheck(opts.checks, opts.runs, budgetWrites, opts.target.allowWrites, DEFAULT_MAX_REQUESTS);
  const otherQueue = startOrder(
    opts.checks,
    opts.checks.map((_, i) => i).filter((i) => !writeLane.has(i)),
    (i) => likely[i]!,
  );
  const budgetInput = {
    ...opts,
    serialWrites: writesMayBind(opts.checks, opts.runs, budgetWrites),
    maxWrites: budgetWrites,
    allowWrites: opts.target.allowWrites,
  };
  const budget = runBudget(opts.checks, budgetInput);
  return {
    budgetWrites,
    writeQueue,
    otherQueue,
    budgetInput,
    budget,
    deadlineMs: opts.deadlineMs ?? budget.worstCaseMs,
  };
}
