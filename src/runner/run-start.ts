/** @module The start of a run: the preflight, the `run-start` event, and the checks' preparation in the background. */
import { operation } from '../core/operations.js';
import { estimateRun } from './budget.js';
import { type Preparation, prepareInOrder } from './preparation.js';
import { preflight, type Unjudged } from './preflight.js';
import type { RunSettings } from './run-settings.js';
import type { RunPlan } from './run-plan.js';
import type { RunSession } from './run-session.js';

export interface StartedRun {
  /** What the preflight found the target cannot be judged on: the checks of those families do not run. */
  readonly unjudged: Unjudged | undefined;
  /** The checks' `prepare`, going on in the order they start. */
  readonly preparing: Preparation;
}

export async function startRun(opts: RunSettings, plan: RunPlan, session: RunSession): Promise<StartedRun> {
  const { deadline, redact, label } = session;
  const { unjudged, latencyMs } = await probe(opts, session);
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
      .filter((c) => !unjudged?.families.includes(operation(c.operation).auth)),
  );
  // The run's deadline starts with the checks (the preflight has a short deadline of its own).
  deadline.startAfter(preparing.all);
  if (unjudged)
    opts.onEvent?.({ type: 'unjudged', target: label, unjudged: { ...unjudged, reason: redact(unjudged.reason) } });
  return { unjudged, preparing };
}

/** The preflight's outcome, and one round trip to the target as it saw it: the realistic estimate's unit. */
async function probe(
  opts: RunSettings,
  { client, deadline }: RunSession,
): Promise<{ unjudged: Unjudged | undefined; latencyMs: number | undefined }> {
  if (opts.preflight === false || deadline.signal.aborted) return { unjudged: undefined, latencyMs: undefined };
  const sent = performance.now();
  try {
    const unjudged = await preflight(
      client,
      opts.target,
      [...new Set(opts.checks.map((c) => c.operation))],
      { bearer: opts.token !== undefined, basic: opts.basic !== undefined },
      opts.timeoutMs,
    );
    return { unjudged, latencyMs: unjudged ? undefined : performance.now() - sent };
  } catch {
    return { unjudged: undefined, latencyMs: undefined }; // the checks will meet whatever went wrong, and report it
  }
}
