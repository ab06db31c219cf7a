/** @module Why coverage items were not exercised, as far as the run can tell. */
import { NOT_EXERCISED, SKIPPED_BY_CHECK, type HoleCause, type HoleCauseCode } from '../core/coverage.js';
import type { CheckDefinition } from '../core/check.js';
import { OPERATIONS, type OperationId } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';

export type RunnerSkip = 'not-judged' | 'not-served' | 'writes-not-allowed' | 'write-budget-spent';

/** What a run knows about the checks it did not run (all optional: the proxy knows none of it). */
export interface RunCauses {
  /** Check ids the runner skipped without running them (or stopped, for the write budget), and why. */
  readonly skipped?: ReadonlyMap<string, RunnerSkip>;
  /** The preflight's finding, when a path family could not be judged. */
  readonly unjudged?: { readonly code: string; readonly reason: string };
  /** Operations out of the run's scope (`--serves`, or found not served): left out of the counts. */
  readonly outOfScope?: ReadonlySet<OperationId>;
  /** Per operation, how many of its checks the selection left out (`notSelectedOf`). */
  readonly notSelected?: ReadonlyMap<OperationId, number>;
}

/** Per operation, the checks the selection left out (`notSelected`), and one for each operation with none run. */
export function notSelectedOf(
  checks: readonly Pick<CheckDefinition, 'operation'>[],
  notSelected: readonly Pick<CheckDefinition, 'operation'>[] = [],
): Map<OperationId, number> {
  const out = new Map<OperationId, number>();
  for (const c of notSelected) out.set(c.operation, (out.get(c.operation) ?? 0) + 1);
  const run = new Set(checks.map((c) => c.operation));
  for (const o of OPERATIONS) if (!run.has(o.id) && !out.has(o.id)) out.set(o.id, 1);
  return out;
}

function describe(code: HoleCauseCode, causes: RunCauses, root?: string): HoleCause {
  switch (code) {
    case 'not-judged':
      return {
        code,
        reason: `not judged (${causes.unjudged?.code ?? 'the preflight'})`,
        ...(causes.unjudged ? { remedy: causes.unjudged.reason } : {}),
      };
    case 'not-served':
      return {
        code,
        reason: 'not served by the target',
        remedy: 'declare what it serves with --serves, or accept the gap with --allow-gaps not-served',
      };
    case 'writes-not-allowed':
      return { code, reason: 'writes not allowed', remedy: 'pass --allow-writes' };
    case 'write-budget-spent':
      return { code, reason: 'the write budget was spent', remedy: 'raise --max-writes' };
    case 'not-selected':
      return { code, reason: 'checks not selected', remedy: 'widen --only/--skip/--shard' };
    case 'blocked':
      return { code, reason: `blocked by the failing ${root ?? 'baseline'} (the baseline of the operation)` };
    case 'skipped-by-check':
      return SKIPPED_BY_CHECK;
    case 'not-exercised':
      return NOT_EXERCISED;
  }
}

export function causeOfSkip(result: CheckResult, causes: RunCauses): HoleCause {
  const skipped = causes.skipped?.get(result.id);
  if (skipped) return describe(skipped, causes);
  if (result.blockedBy) return describe('blocked', causes, result.blockedBy);
  return describe('skipped-by-check', causes);
}

/** When several causes are as frequent, the one whose removal lets most of a run go ahead first. */
const PRECEDENCE: readonly HoleCauseCode[] = [
  'not-judged',
  'writes-not-allowed',
  'write-budget-spent',
  'not-selected',
  'blocked',
];

/** Per operation, the cause shared by most of its checks not run; `not-exercised` when all ran. */
export function causesByOperation(results: readonly CheckResult[], causes: RunCauses): Map<OperationId, HoleCause> {
  const out = new Map<OperationId, HoleCause>();
  for (const o of OPERATIONS) {
    const count = new Map<HoleCauseCode, number>();
    const roots = new Map<string, number>();
    const add = (code: HoleCauseCode, n = 1): void => {
      count.set(code, (count.get(code) ?? 0) + n);
    };
    add('not-selected', causes.notSelected?.get(o.id) ?? 0);
    for (const r of results) {
      if (r.operation !== o.id || r.status !== 'skip') continue;
      const skipped = causes.skipped?.get(r.id);
      if (skipped) add(skipped);
      else if (r.blockedBy) {
        add('blocked');
        roots.set(r.blockedBy, (roots.get(r.blockedBy) ?? 0) + 1);
      }
    }
    const best = PRECEDENCE.reduce<HoleCauseCode | undefined>(
      (top, code) => ((count.get(code) ?? 0) > (top ? count.get(top)! : 0) ? code : top),
      undefined,
    );
    const root = [...roots].sort((a, b) => b[1] - a[1])[0]?.[0];
    out.set(o.id, describe(best ?? 'not-exercised', causes, root));
  }
  return out;
}
