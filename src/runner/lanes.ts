/** @module The run's schedule: the write lane one at a time while the budget may bind, the rest longest first. */
import type { CheckDefinition } from '../core/check.js';

export interface LanePlan {
  readonly lanes: number;
  /** Write-lane checks, in the order the budget reaches them. */
  readonly writeQueue: readonly number[];
  /** Every other check, in the order they start (`startOrder`). */
  readonly otherQueue: readonly number[];
  /** Whether the write budget may still bind, given the write-lane checks not yet finished. */
  canBind(pending: readonly number[]): boolean;
  /** Called once, when the budget is found unable to bind (the ledger stops queueing writes). */
  onUnbound(): void;
  run(index: number): Promise<void>;
}

export async function runLanes(plan: LanePlan): Promise<void> {
  const writes = [...plan.writeQueue];
  const others = [...plan.otherQueue];
  const running = new Set<number>();
  let bound = writes.length > 0 && plan.canBind(writes);
  if (writes.length > 0 && !bound) plan.onUnbound();
  let wake = (): void => undefined;
  const asleep = () => new Promise<void>((resolve) => (wake = resolve));
  let woken = asleep();
  const notify = () => {
    wake();
    woken = asleep();
  };

  function pick(): { index: number; write: boolean } | 'wait' | undefined {
    if (writes.length && (!bound || running.size === 0)) return { index: writes.shift()!, write: true };
    if (others.length) return { index: others.shift()!, write: false };
    return writes.length ? 'wait' : undefined;
  }

  async function lane(): Promise<void> {
    for (;;) {
      const next = pick();
      if (next === undefined) return;
      if (next === 'wait') {
        await woken;
        continue;
      }
      if (next.write) running.add(next.index);
      try {
        await plan.run(next.index);
      } finally {
        if (next.write) {
          running.delete(next.index);
          if (bound && !plan.canBind(writes)) {
            bound = false;
            plan.onUnbound();
          }
          notify();
        }
      }
    }
  }

  const total = writes.length + others.length;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(plan.lanes, total)) }, () => lane()));
}

/** The order the checks at `indices` start in: those asking `first`, then the others, each longest first. */
export function startOrder(
  checks: readonly Pick<CheckDefinition, 'schedule'>[],
  indices: readonly number[],
  length: (i: number) => number,
): number[] {
  const first = indices.filter((i) => checks[i]!.schedule?.start === 'first');
  const byLength = indices.filter((i) => checks[i]!.schedule?.start !== 'first');
  return [...longestFirst(first, length), ...longestFirst(byLength, length)];
}

/** `indices` ordered by `length` (the most requests a check may send), longest first; ties keep their order. */
export function longestFirst(indices: readonly number[], length: (i: number) => number): number[] {
  return indices
    .map((i, at) => ({ i, at, n: length(i) }))
    .sort((a, b) => b.n - a.n || a.at - b.at)
    .map(({ i }) => i);
}
