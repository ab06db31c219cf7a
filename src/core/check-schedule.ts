/**
 * @module What the engine needs of a check besides its meaning (`CheckDefinition.schedule`): when it
 * starts, the requests it may send and likely sends (the time budget, `--plan`), the cases it draws
 * alike with another check, whether each of its cases writes, and work it does outside the deadline.
 */

/**
 * When a check starts, among the checks that run side by side (src/runner/run-plan.ts):
 * - `by-length` (the default): by the requests it likely sends, most first, so that a long check
 *   does not start last and end the run late, alone, while the other lanes idle (lanes.ts
 *   `longestFirst`);
 * - `first`: before every `by-length` check (by length among themselves), whatever it costs.
 * Under a write budget that may bind, the write lane keeps the budget's order (budget.ts
 * `writeOrder`: by level, then fewest requests), so the budget reaches the same checks whatever a
 * check asks.
 */
export type StartOrder = 'first' | 'by-length';

export interface CheckSchedule {
  /** When the check starts (see {@link StartOrder}); default `by-length`. */
  readonly start?: StartOrder;
  /**
   * The most requests this check sends (or waits on, when shared through the run cache), one after
   * another, for `runs` cases per property. The run's time budget is derived from it (see
   * src/runner/budget.ts); the fault battery proves it an upper bound. Default DEFAULT_MAX_REQUESTS.
   */
  readonly maxRequests?: (runs: number) => number;
  /**
   * The requests a conformant target likely gets from this check, for the likely time and `--plan`
   * (`likelyRequestsOf`), when the default reading of `maxRequests` is far from it (a burst whose
   * size is set at run time). Never more than `maxRequests`.
   */
  readonly likelyRequests?: (runs: number) => number;
  /**
   * The id of a check that sends the requests this one sends: the same credential presentations, or
   * cases drawn from the same arbitrary (this check gets that check's seed, so they are the same).
   * The run sends each once (src/runner/run-cache.ts), and counts them as that check's in the
   * likely requests; the two judge different things of the same answers.
   */
  readonly sharesCasesWith?: string;
  /**
   * A property every case of which creates something on a conformant target (a real training job):
   * against a write budget it runs as many cases as the budget affords (src/runner/budget.ts
   * `runsOf`), not `--runs`, so the budget judges every MUST check (decisions/0005).
   */
  readonly casesWrite?: boolean;
  /**
   * Heavy work that never touches the target (building a mutation catalogue, compiling schemas). The
   * runner starts it after the preflight, one check's after another in the order the checks start,
   * while the first checks wait on the network (src/runner/preparation.ts); the check's run starts
   * once its own is done, and the run's deadline once all are, so it never eats the deadline.
   * It should hand the event loop back every few milliseconds (`prepareCatalogue`), so as not to
   * stall the requests in flight. Optional; results should be cached where `run` finds them.
   */
  prepare?(): void | Promise<void>;
}
