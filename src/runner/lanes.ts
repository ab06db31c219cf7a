/** @module The run's schedule: the write lane one at a time while the budget may bind, the rest longest first, the checks that run alone last. */
import type { CheckDefinition } from '../core/check.js';

export interface LanePlan {
  readonly lanes: number;
  /** Write-lane checks, in the order the budget reaches them. */
  readonly writeQueue: readonly number[];
  /** Every other check, in the order they start (`startOrder`). */
  readonly otherQueue: readonly number[];
  /** Whether a check of `otherQueue` runs alone (`schedule.alone`): once every other check is done, one at a time. */
  alone?(index: number): boolean;
  /** Whether the write budget may still bind, given the write-lane checks not yet finished. */
  canBind(pending: readonly number[]): boolean;
  /** Called once, when the budget is found unable to bind (the ledger stops queueing writes). */
  onUnbound(): void;
  run(index: number): Promise<void>;
}

export async function runLanes(plan: LanePlan): Promise<void> {
  const writes = [...plan.writeQueue];
  const others = plan.otherQueue.filter((i) => !plan.alone?.(i));
  const alone = plan.otherQueue.filter((i) => plan.alone?.(i));
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
  // Last: what it sends at once is all the run has in flight, and a burst that knocks the target over costs no other check.
  for (const i of alone) await plan.run(i);
}

/** The order the checks at `indices` start in: those asking `first`, then the others, each longest first; those that run alone last. */
export function startOrder(
  checks: readonly Pick<CheckDefinition, 'schedule'>[],
  indices: readonly number[],
  length: (i: number) => number,
): number[] {
  const alone = (i: number) => checks[i]!.schedule?.alone === true;
  const first = indices.filter((i) => !alone(i) && checks[i]!.schedule?.start === 'first');
  const byLength = indices.filter((i) => !alone(i) && checks[i]!.schedule?.start !== 'first');
  return [...longestFirst(first, length), ...longestFirst(byLength, length), ...indices.filter(alone)];
}

/** `indices` ordered by `length` (the most requests a check may send), longest first; ties keep their order. */
export function longestFirst(indices: readonly number[], length: (i: number) => number): number[] {
  return indices
    .map((i, at) => ({ i, at, n: length(i) }))
    .sort((a, b) => b.n - a.n || a.at - b.at)
    .map(({ i }) => i);
}
