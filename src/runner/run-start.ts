/** @module The start of a run: the preflight, the `run-start` event, and the checks' preparation in the background. */
import { operation, type OperationId } from '../core/operations.js';
import { estimateRun } from './budget.js';
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
  const { unjudged, latencyMs, notServed } = await probe(opts, session);
  opts.onEvent?.({
    type: 'run-start',
    target: label,
    total: opts.checks.length,
    budget: plan.budget,
    ...(latencyMs !== undefined ? { estimate: estimateRun(opts.checks, plan.budgetInput, latencyMs) } : {}),
    deadlineMs: plan.deadlineMs,
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

interface Probed {
  readonly unjudged: Unjudged | undefined;
  readonly latencyMs: number | undefined;
  readonly notServed: readonly OperationId[];
}

/**
 * The preflight's outcome, the operations not served (probed unless `--serves` declared them), and
 * one round trip to the target as it saw it: the realistic estimate's unit.
 */
async function probe(opts: RunSettings, { client, deadline }: RunSession): Promise<Probed> {
  const none: Probed = { unjudged: undefined, latencyMs: undefined, notServed: [] };
  if (opts.preflight === false || deadline.signal.aborted) return none;
  const sent = performance.now();
  try {
    const selected = [...new Set(opts.checks.map((c) => c.operation))];
    const missing = opts.serves ? [] : await notServedOperations(client, opts.target, selected, opts.timeoutMs);
    // Nothing served at all is not a partial deployment: the preflight and the checks say what answers.
    const notServed = missing.length === selected.length ? [] : missing;
    const unjudged = await preflight(
      client,
      opts.target,
      selected.filter((op) => !notServed.includes(op)),
      { bearer: opts.token !== undefined, basic: opts.basic !== undefined },
      opts.timeoutMs,
    );
    return { unjudged, latencyMs: unjudged ? undefined : performance.now() - sent, notServed };
  } catch {
    return none; // the checks will meet whatever went wrong, and report it
  }
}
