/**
 * @module Root causes instead of cascades: when an operation's root check fails (its baseline, a
 * valid request answered 2xx with a valid body, does not hold), every other failure of that
 * operation that only restates the broken baseline (`precondition` set) is reported as a skip
 * blocked by the root, in one line, instead of as one more failure with the same message.
 */
import type { CheckDefinition } from '../core/check.js';
import type { OperationId } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';

/** The first line of a text, at most `max` characters. */
function oneLine(text: string, max = 160): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The results with blocked failures turned into skips. `preconditions` maps a check id to the
 * operation whose baseline its failure restates.
 */
export function blockCascades(
  checks: readonly CheckDefinition[],
  results: readonly CheckResult[],
  preconditions: ReadonlyMap<string, OperationId>,
): CheckResult[] {
  const failedRoots = new Map<OperationId, CheckResult>();
  checks.forEach((c, i) => {
    const r = results[i];
    if (c.root && r && (r.status === 'fail' || r.status === 'error') && !failedRoots.has(c.operation))
      failedRoots.set(c.operation, r);
  });
  if (failedRoots.size === 0) return [...results];
  return results.map((r) => {
    const op = preconditions.get(r.id);
    const root = op === undefined ? undefined : failedRoots.get(op);
    if (!root || r.status !== 'fail' || root.id === r.id) return r;
    const { expected: _e, actual, evidence: _ev, notes: _n, ...rest } = r;
    return {
      ...rest,
      status: 'skip',
      blockedBy: root.id,
      reason: `blocked by ${root.id} (the baseline of this operation fails): ${oneLine(actual ?? '')}`,
    };
  });
}
