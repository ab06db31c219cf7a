/**
 * @module The start of a run, before its first check: the preflight probe and what its outcome
 * means (a family of operations the target cannot be judged on, and one round trip's time), the
 * `run-start` event with the budget and the realistic estimate, and the checks' preparation in the
 * background, after which the run's deadline starts.
 */
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
  // Work that does not touch the target (`schedule.prepare`) goes on in the background, in the
  // order the checks start, while the first checks wait on the network. (Not during the preflight:
  // its round trip is the likely time's unit, and must not count the preparation.)
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
