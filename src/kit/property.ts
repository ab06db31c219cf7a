/**
 * @module Property checks against a live target: fast-check drives the cases from the check's seed,
 * shrinking is bounded (each step is a request), and the minimal counterexample is probed once more
 * for evidence.
 *
 * Past `propertyFloor` cases, a property that found nothing stops at the first case exercising no new
 * coverage. A `checkEnumerated` property first sends one case per item, whatever the seed; only its
 * random cases may stop early.
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

/** A writing property's cases: against a real target at most 10 and a short shrink, to leave little data behind. */
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
  /** The write budget spent: the last failing case, as far as it was shrunk; any other error is thrown. */
  const budgetSpent = (err: unknown, what: string): CheckOutcome => {
    if (!lastFailure || !ConformanceError.is(err) || err.code !== 'CTS_WRITE_BUDGET') throw err;
    const note = `${what}: ${err.message}`;
    return failureOf(lastFailure.value, lastFailure.result, details.counterexamplePath ?? '', [...notes, note]);
  };
  if (toolError !== undefined) return budgetSpent(toolError, 'shrinking stopped at this case');
  if (!details.failed) return pass([...notes]);
  if (!details.counterexample) throw details.errorInstance ?? new Error('property failed without a counterexample');
  const value = details.counterexample[0] as T;
  let again: ProbeResult;
  try {
    again = await probe(value);
  } catch (err) {
    return budgetSpent(err, 'the failing case was not sent again');
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

/** One case of an enumeration: its value, and the arbitrary and seed that draw it first (to shrink it from). */
export interface EnumeratedCase<T> {
  readonly value: T;
  readonly arbitrary: fc.Arbitrary<T>;
  readonly seed: number;
}

/**
 * One case of each arbitrary, the seed varying only the values: each is the first value `fc.check`
 * draws at its own seed, so a failing case shrinks from itself.
 */
export function enumerate<T>(items: readonly fc.Arbitrary<T>[], seed: number): EnumeratedCase<T>[] {
  return items.map((arbitrary, i) => {
    const s = (seed ^ Math.imul(i + 1, 0x9e3779b1)) | 0; // a 32-bit mix, so items draw unrelated values
    return { arbitrary, seed: s, value: fc.sample(arbitrary, { seed: s, numRuns: 1 })[0] as T };
  });
}

export interface EnumerationOptions extends PropertyOptions {
  /** Enumerated cases in flight at once (default 1). */
  readonly concurrency?: number;
}

/**
 * Every enumerated case in order until one fails (then shrunk from its own seed), else the random
 * cases as `checkProperty` sends them; requests: `propertyRequests(perCase, shrink, extra, cases)`.
 */
export async function checkEnumerated<T>(
  ctx: CheckContext,
  cases: readonly EnumeratedCase<T>[],
  random: fc.Arbitrary<T>,
  probe: (value: T) => Promise<ProbeResult>,
  options: EnumerationOptions = {},
): Promise<CheckOutcome> {
  const results: (ProbeResult | undefined)[] = new Array(cases.length);
  let next = 0;
  let stop = false;
  let thrown: { err: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!stop && next < cases.length && !ctx.signal.aborted) {
      const i = next++;
      try {
        results[i] = await probe(cases[i]!.value);
        if (!results[i]!.ok) stop = true;
      } catch (err) {
        thrown ??= { err };
        stop = true;
      }
    }
  };
  const width = Math.max(1, Math.min(options.concurrency ?? 1, cases.length));
  await Promise.all(Array.from({ length: width }, worker));
  const maxNotes = options.maxNotes ?? 5;
  const notes = [...new Set(results.flatMap((r) => (r?.ok && r.note !== undefined ? [r.note] : [])))].slice(
    0,
    maxNotes,
  );
  // Cases go out in order and none starts after a failure: the first failing case is the enumeration's first.
  const at = results.findIndex((r) => r !== undefined && !r.ok);
  if (at < 0) {
    if (thrown) throw thrown.err;
    const rest = await checkProperty(ctx, random, probe, {
      ...options,
      maxNotes: Math.max(0, maxNotes - notes.length),
    });
    if (rest.status !== 'pass' || notes.length === 0) return rest;
    return pass([...notes, ...(rest.notes ?? [])]);
  }
  const found = cases[at]!;
  const first = results[at] as Extract<ProbeResult, { ok: false }>;
  let shrunk: CheckOutcome;
  try {
    shrunk = await checkProperty({ ...ctx, seed: found.seed }, found.arbitrary, probe, {
      runs: 1,
      ...(options.maxShrinkProbes !== undefined ? { maxShrinkProbes: options.maxShrinkProbes } : {}),
      maxNotes: 0,
    });
  } catch (err) {
    return failureOf(found.value, first, '', [
      ...notes,
      `not shrunk: ${err instanceof Error ? err.message : String(err)}`,
    ]);
  }
  if (shrunk.status === 'fail' && shrunk.counterexample !== undefined)
    return notes.length ? { ...shrunk, notes: [...notes, ...(shrunk.notes ?? [])] } : shrunk;
  return failureOf(found.value, first, '', [
    ...notes,
    'sent once more, the case was answered differently (flaky target): not shrunk',
  ]);
}
