/** @module The start of a run: the preflight, the `run-start` event, and the checks' preparation in the background. */
import { operation, type OperationId } from '../core/operations.js';
import { estimateRun, type RunBudget, runBudget } from './budget.js';
import { likelyChatMs, longestPacedTimeout, type MeasuredPace, measureGeneration } from './pace.js';
import { type Preparation, prepareInOrder } from './preparation.js';
import { preflight, type Unjudged } from './preflight.js';
import type { RunSettings } from './run-settings.js';
import { notServedOperations } from './served.js';
import type { RunPlan } from './run-plan.js';
import type { RunSession } from './run-session.js';

export interface StartedRun {
  /** What the preflight found the target cannot be judged on: the checks of those families do not run. */
  readonly unjudged: Unjudged | undefined;
  /** The operations the probes found the target does not serve (none when `--serves` declared the scope). */
  readonly notServed: readonly OperationId[];
  /** The checks' `prepare`, going on in the order they start. */
  readonly preparing: Preparation;
}

export async function startRun(opts: RunSettings, plan: RunPlan, session: RunSession): Promise<StartedRun> {
  const { deadline, redact, label } = session;
  const { unjudged, pace, notServed } = await probe(opts, session);
  if (pace) session.pace.set(pace);
  const budget = pacedBudget(opts, plan, session, pace);
  opts.onEvent?.({
    type: 'run-start',
    target: label,
    total: opts.checks.length,
    budget,
    ...(pace ? { estimate: estimateOf(opts, plan, pace) } : {}),
    deadlineMs: deadline.lengthMs(),
    deadlineGiven: opts.deadlineMs !== undefined,
  });
  // Not during the preflight: its round trip is the likely time's unit.
  const preparing = prepareInOrder(
    [...plan.writeQueue, ...plan.otherQueue]
      .map((i) => opts.checks[i]!)
      .filter((c) => !c.writes || opts.target.allowWrites)
      .filter((c) => !unjudged?.families.includes(operation(c.operation).auth))
      .filter((c) => !notServed.includes(c.operation)),
  );
  // The run's deadline starts with the checks (the preflight has a short deadline of its own).
  deadline.startAfter(preparing.all);
  if (notServed.length > 0) opts.onEvent?.({ type: 'not-served', target: label, operations: notServed });
  if (unjudged)
    opts.onEvent?.({ type: 'unjudged', target: label, unjudged: { ...unjudged, reason: redact(unjudged.reason) } });
  return { unjudged, notServed, preparing };
}

/**
 * The worst case with each chat request's deadline at the measured pace (pace.ts); the run's
 * deadline, unless --deadline set it, lengthened to it before its clock starts.
 */
function pacedBudget(opts: RunSettings, plan: RunPlan, { deadline }: RunSession, pace?: MeasuredPace): RunBudget {
  const timeoutMs = longestPacedTimeout(pace, opts.timeoutMs, opts.target.maxCompletionTokens);
  if (timeoutMs === opts.timeoutMs) return plan.budget;
  const budget = runBudget(opts.checks, { ...plan.budgetInput, timeoutMs });
  if (opts.deadlineMs === undefined) deadline.lengthen(budget.worstCaseMs);
  return budget;
}

/** The likely time: a chat request's at the measured generation pace (pace.ts), the others' at the round trip. */
function estimateOf(opts: RunSettings, plan: RunPlan, pace: MeasuredPace) {
  const g = pace.generation;
  const ms = likelyChatMs(pace, opts.target.maxCompletionTokens);
  const chat = g && ms !== undefined ? { ms, tokensPerSecond: 1000 / Math.max(g.perTokenMs, 0.001) } : undefined;
  return estimateRun(opts.checks, plan.budgetInput, pace.roundTripMs, chat);
}

interface Probed {
  readonly unjudged: Unjudged | undefined;
  /** The target's pace; undefined when the preflight did not run or found the target unjudgeable. */
  readonly pace: MeasuredPace | undefined;
  readonly notServed: readonly OperationId[];
}

/**
 * The preflight's outcome, the operations not served (probed unless `--serves` declared them), and
 * the target's pace: one round trip as the probes saw it, and a short streamed answer timed.
 */
async function probe(opts: RunSettings, { client, deadline }: RunSession): Promise<Probed> {
  const none: Probed = { unjudged: undefined, pace: undefined, notServed: [] };
  if (opts.preflight === false || deadline.signal.aborted) return none;
  try {
    const selected = [...new Set(opts.checks.map((c) => c.operation))];
    const missing = opts.serves ? [] : await notServedOperations(client, opts.target, selected, opts.timeoutMs);
    // Nothing served at all is not a partial deployment: the preflight and the checks say what answers.
    const notServed = missing.length === selected.length ? [] : missing;
    // The preflight's probes generate nothing: their round trip is a request's that does not generate.
    const sent = performance.now();
    const unjudged = await preflight(
      client,
      opts.target,
      selected.filter((op) => !notServed.includes(op)),
      { bearer: opts.token !== undefined, basic: opts.basic !== undefined },
      opts.timeoutMs,
    );
    if (unjudged) return { unjudged, pace: undefined, notServed };
    const roundTripMs = performance.now() - sent;
    const chat = selected.includes('chat.create') && !notServed.includes('chat.create');
    // A short streamed answer timed; undefined when none came back, which the chat checks will report.
    const generation = chat
      ? await measureGeneration(client, opts.target, opts.timeoutMs).catch(() => undefined)
      : undefined;
    return { unjudged, pace: { roundTripMs, ...(generation ? { generation } : {}) }, notServed };
  } catch {
    return none; // the checks will meet whatever went wrong, and report it
  }
}
