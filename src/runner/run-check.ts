/** @module Running the checks in the plan's order; a check that throws or outlives the deadline is an `error`. */
import type { CheckContext, CheckDefinition } from '../core/check.js';
import { describeError } from '../core/errors.js';
import { requestOfError } from '../transport/failed-request.js';
import type { OperationId } from '../core/operations.js';
import { operation } from '../core/operations.js';
import type { CheckOutcome, CheckResult } from '../core/result.js';
import type { RunnerSkip } from '../coverage/causes.js';
import { budgetCanBind, runsOf } from './budget.js';
import { checkClient } from './check-client.js';
import { resultOf } from './check-result.js';
import { runLanes } from './lanes.js';
import { UNJUDGED_SHORT } from './preflight.js';
import { NOT_SERVED_WHY } from './served.js';
import type { RunSettings } from './run-settings.js';
import { caseSeed } from './run-cache.js';
import type { RunPlan } from './run-plan.js';
import type { RunSession } from './run-session.js';
import type { StartedRun } from './run-start.js';
import { acceptedBeyondFailure } from './write-ledger.js';

export interface RanChecks {
  /** One per check, in `checks` order (a check the run never reached has none). */
  readonly results: CheckResult[];
  /** Checks whose failure restates an operation's broken baseline (see cascades.ts). */
  readonly preconditions: Map<string, OperationId>;
}

interface CheckRun {
  readonly opts: RunSettings;
  readonly plan: RunPlan;
  readonly session: RunSession;
  readonly started: StartedRun;
  readonly preconditions: Map<string, OperationId>;
}

export async function runChecks(
  opts: RunSettings,
  plan: RunPlan,
  session: RunSession,
  started: StartedRun,
): Promise<RanChecks> {
  const { deadline, client, watch, writes } = session;
  const total = opts.checks.length;
  const results: CheckResult[] = new Array(total);
  const run: CheckRun = { opts, plan, session, started, preconditions: new Map() };
  let done = 0;
  try {
    await runLanes({
      lanes: opts.concurrency,
      writeQueue: plan.writeQueue,
      otherQueue: plan.otherQueue,
      alone: (i) => opts.checks[i]!.schedule?.alone === true,
      canBind: (pending) => budgetCanBind(opts.checks, pending, opts.runs, plan.budgetWrites, writes.remaining()),
      onUnbound: () => writes.unbind(),
      run: async (i) => {
        const check = opts.checks[i]!;
        opts.onEvent?.({ type: 'check-start', check, done, total });
        const { result, requests } = await watch.guard(check, () => runCheck(run, check));
        results[i] = result;
        done++;
        opts.onEvent?.({ type: 'check-end', result, done, total, requests });
      },
    });
  } finally {
    deadline.stop();
    await client.close().catch(() => undefined);
  }
  return { results, preconditions: run.preconditions };
}

async function runCheck(run: CheckRun, check: CheckDefinition): Promise<{ result: CheckResult; requests: number }> {
  const { opts, session, started } = run;
  const prepareError = session.deadline.signal.aborted ? undefined : await started.preparing.of(check);
  const t0 = performance.now();
  const runnerNotes = new Set<string>();
  let requests = () => 0;
  let outcome: CheckOutcome | undefined =
    prepareError !== undefined ? { status: 'error', ...describeError(prepareError.error) } : notRunOutcome(run, check);
  if (!outcome) ({ outcome, requests } = await sendCheck(run, check, runnerNotes));
  if (outcome.status === 'fail' && outcome.precondition) run.preconditions.set(check.id, outcome.precondition);
  return { result: resultOf(opts, check, outcome, t0, session.redact, runnerNotes), requests: requests() };
}

/** Why a check is not run, if it is not: its family cannot be judged, it writes, or the run is over. */
function notRunOutcome({ opts, session, started }: CheckRun, check: CheckDefinition): CheckOutcome | undefined {
  const { unjudged, notServed } = started;
  const skip = (cause: RunnerSkip, reason: string): CheckOutcome => {
    session.runnerSkips.set(check.id, cause);
    return { status: 'skip', reason };
  };
  if (notServed.includes(check.operation))
    return skip('not-served', `not run: the target does not serve ${check.operation} (${NOT_SERVED_WHY})`);
  if (unjudged?.families.includes(operation(check.operation).auth))
    return skip('not-judged', `not run: ${unjudged.code} (${UNJUDGED_SHORT[unjudged.code]}; see the verdict)`);
  if (check.writes && !opts.target.allowWrites)
    return skip(
      'writes-not-allowed',
      'has side effects on the target (creates or logs data); pass --allow-writes to run it',
    );
  if (session.deadline.signal.aborted) return session.deadline.notRun(); // the deadline had passed, or the run was interrupted
  return undefined;
}

/** Runs the check with its own client, against the deadline; the write budget ends it as a skip. */
async function sendCheck(
  { opts, plan, session }: CheckRun,
  check: CheckDefinition,
  runnerNotes: Set<string>,
): Promise<{ outcome: CheckOutcome; requests: () => number }> {
  const { deadline, runnerSkips } = session;
  const client = checkClient(session, check.id, runnerNotes);
  const ctx: CheckContext = {
    target: opts.target,
    http: client.http,
    schemas: session.schemas,
    // A check that shares its cases with another draws them with its seed (run-cache.ts).
    seed: caseSeed(opts.seed, check),
    runs: runsOf(check, opts.runs, plan.budgetWrites),
    signal: deadline.signal,
    cache: client.cache,
    // What this check's own exchanges exercised first: a property stops once its cases add nothing.
    coveredItems: client.newItems,
    report: session.handOff.reporterOf(check.id),
    contextWindow: session.contextWindow,
    concurrency: opts.concurrency,
  };
  let outcome: CheckOutcome;
  const late = deadline.watch(client.inFlight);
  try {
    outcome = await Promise.race([check.run(ctx), late.promise]);
  } catch (err) {
    const { code, message } = describeError(err);
    if (code === 'CTS_WRITE_BUDGET') runnerSkips.set(check.id, 'write-budget-spent');
    // The request the error was met on, when the transport says: its evidence, and named in the message.
    const request = requestOfError(err);
    const on = request ? `${request.method} ${new URL(request.url).pathname}: ` : '';
    outcome =
      code === 'CTS_WRITE_BUDGET'
        ? { status: 'skip', reason: `${message}; raise --max-writes to run this check` }
        : { status: 'error', code, message: `${on}${message}`, ...(request ? { streamRequest: request } : {}) };
  } finally {
    late.cancel();
  }
  // Sent beyond the write budget as a refusal, and accepted: the check fails for it (write-ledger.ts).
  const beyond = client.acceptedBeyond();
  if (beyond && outcome.status !== 'fail') {
    runnerSkips.delete(check.id);
    outcome = acceptedBeyondFailure(beyond, opts.target.maxWrites);
  }
  return { outcome, requests: client.requests };
}
