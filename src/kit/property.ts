/**
 * @module Property checks against a live target: fast-check drives the cases from the check's seed;
 * each case sends requests through `probe`. Shrinking is bounded (every shrink step is a request),
 * and the minimal counterexample is probed once more to capture its exchange as evidence. When the
 * write budget stops a property after a case failed (shrinking, or the probe once more, would write),
 * the failure found stands: the smallest failing case so far is reported with its own exchange.
 *
 * Past a floor of cases (`propertyFloor`, src/core/check.ts), a property that has found nothing stops at the first case that
 * exercises no coverage item the run had not seen (when the runner counts coverage): more cases like
 * it would only repeat what is judged. The floor keeps `--runs` meaningful: it scales with it.
 */
import fc from 'fast-check';
import { propertyFloor, type CheckContext } from '../core/check.js';
import { ConformanceError } from '../core/errors.js';
import { fail, pass, type CheckOutcome } from '../core/result.js';
import type { HttpExchange } from '../transport/types.js';
import type { OperationId } from '../core/operations.js';

export type ProbeResult =
  | { readonly ok: true; readonly note?: string }
  | {
      readonly ok: false;
      readonly expected: string;
      readonly actual: string;
      readonly exchange?: HttpExchange;
      readonly precondition?: OperationId;
    };

export interface PropertyOptions {
  /** Cases to run (default ctx.runs). */
  readonly runs?: number;
  /** Most extra probes spent shrinking a failure (default 40). */
  readonly maxShrinkProbes?: number;
  /** Most distinct notes kept (INFO observations such as lenient acceptance). */
  readonly maxNotes?: number;
}

/**
 * The cases of a property whose every case writes (creates a job, logs trajectories): against a
 * real target at most 10 of them and a short shrink, so a run leaves little data behind.
 */
export function writingCases(ctx: CheckContext): PropertyOptions {
  return ctx.target.bundledMock
    ? { runs: ctx.runs, maxShrinkProbes: 40 }
    : { runs: Math.min(ctx.runs, 10), maxShrinkProbes: 10 };
}

export async function checkProperty<T>(
  ctx: CheckContext,
  arbitrary: fc.Arbitrary<T>,
  probe: (value: T) => Promise<ProbeResult>,
  options: PropertyOptions = {},
): Promise<CheckOutcome> {
  const runs = options.runs ?? ctx.runs;
  const budget = runs + (options.maxShrinkProbes ?? 40);
  let probes = 0;
  // A tool error (timeout, reset, deadline) ends the property at once: it is not a finding, and
  // shrinking on it would only repeat the slow failure.
  let toolError: unknown;
  const notes = new Set<string>();
  const maxNotes = options.maxNotes ?? 5;
  /** The last case that failed (fast-check's counterexample so far) and what its probe found. */
  let lastFailure: { value: T; result: Extract<ProbeResult, { ok: false }> } | undefined;
  const floor = propertyFloor(runs);
  /** Set once the cases stop adding coverage (nothing found): the rest are not sent. */
  let saturated = false;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (toolError !== undefined || saturated || probes >= budget || ctx.signal.aborted) return true; // stop exploring, keep the best counterexample so far
      probes++;
      const before = ctx.coveredItems?.();
      let r: ProbeResult;
      try {
        r = await probe(value);
      } catch (err) {
        toolError = err;
        return true;
      }
      if (r.ok && !lastFailure && before !== undefined && probes >= floor && ctx.coveredItems!() === before)
        saturated = true;
      if (r.ok && r.note && notes.size < maxNotes) notes.add(r.note);
      if (!r.ok) lastFailure = { value, result: r };
      return r.ok;
    }),
    { seed: ctx.seed, numRuns: runs },
  );
  if (toolError !== undefined) {
    if (lastFailure && isWriteBudget(toolError))
      return failureOf(lastFailure.value, lastFailure.result, details.counterexamplePath ?? '', [
        ...notes,
        `shrinking stopped at this case: ${toolError.message}`,
      ]);
    throw toolError;
  }
  if (!details.failed) return pass([...notes]);
  if (!details.counterexample) throw details.errorInstance ?? new Error('property failed without a counterexample');
  const value = details.counterexample[0] as T;
  let again: ProbeResult;
  try {
    again = await probe(value);
  } catch (err) {
    if (lastFailure && isWriteBudget(err))
      return failureOf(lastFailure.value, lastFailure.result, details.counterexamplePath ?? '', [
        ...notes,
        `the failing case was not sent again: ${err.message}`,
      ]);
    throw err;
  }
  if (again.ok) {
    return fail({
      expected: 'the same answer when a failing case is sent again',
      actual: 'the case failed once and passed when repeated (flaky target)',
      counterexample: value,
      path: details.counterexamplePath ?? '',
    });
  }
  return failureOf(value, again, details.counterexamplePath ?? '', [...notes]);
}

function isWriteBudget(err: unknown): err is ConformanceError {
  return ConformanceError.is(err) && err.code === 'CTS_WRITE_BUDGET';
}

function failureOf<T>(
  value: T,
  r: Extract<ProbeResult, { ok: false }>,
  path: string,
  notes: readonly string[],
): CheckOutcome {
  return fail({
    expected: r.expected,
    actual: r.actual,
    ...(r.exchange ? { exchange: r.exchange } : {}),
    ...(r.precondition ? { precondition: r.precondition } : {}),
    counterexample: value,
    path,
    ...(notes.length ? { notes: [...notes] } : {}),
  });
}
