/** @module What the engine needs of a check besides its meaning (`CheckDefinition.schedule`). */

/** When a check starts: `by-length` (default) longest first (lanes.ts), or `first` before all of those. */
export type StartOrder = 'first' | 'by-length';

export interface CheckSchedule {
  /** When the check starts (see {@link StartOrder}); default `by-length`. */
  readonly start?: StartOrder;
  /** The most requests this check sends for `runs` cases (the time budget); default DEFAULT_MAX_REQUESTS. */
  readonly maxRequests?: (runs: number) => number;
  /** The requests a conformant target likely gets, when far from `maxRequests`; never more than it. */
  readonly likelyRequests?: (runs: number) => number;
  /** A check that sends the same requests (its seed, its cases): the run sends them once (run-cache.ts). */
  readonly sharesCasesWith?: string;
  /**
   * The check sends several requests at once (up to `ctx.concurrency`): it runs alone, after the
   * others (src/runner/lanes.ts), so the run never has more than `--concurrency` requests in flight.
   */
  readonly alone?: boolean;
  /** Every case creates something: under a write budget it runs the cases it affords (decisions/0005). */
  readonly casesWrite?: boolean;
  /**
   * Heavy work that never touches the target, run before the check and outside the deadline
   * (src/runner/preparation.ts); it should yield the event loop every few milliseconds.
   */
  prepare?(): void | Promise<void>;
}
