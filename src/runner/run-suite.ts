/**
 * @module Runs selected checks against one target with bounded concurrency, a per-request timeout
 * (in the client) and a whole-run deadline; turns every outcome into a result with redacted evidence.
 * A check that throws, or outlives the deadline, becomes an `error` result: the run always completes.
 */
import { type CheckContext, type CheckDefinition, DEFAULT_MAX_REQUESTS, type TargetConfig } from '../core/check.js';
import { contextWindowOf, limitsOf } from '../kit/context-window.js';
import { type CheckIdentity, identityOf } from '../core/check-identity.js';
import type { OperationId } from '../core/operations.js';
import { describeError } from '../core/errors.js';
import { createRedactor, type Redactor } from '../core/redact.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import { catalogueHash } from '../core/origin.js';
import { TOOL } from '../core/tool.js';
import type { CheckOutcome, CheckResult } from '../core/result.js';
import { summaryOf } from '../core/summary.js';
import { registry } from '../schemas/registry.js';
import { derivedSecrets } from '../core/credentials.js';
import { coverageModel } from '../coverage/model.js';
import { createCoverageRecorder } from '../coverage/recorder.js';
import { summarizeCoverage } from '../coverage/summary.js';
import { notSelectedOf, type RunnerSkip } from '../coverage/causes.js';
import {
  type ConnectionSettings,
  connectionSecrets,
  describeConnection,
  unverifiedTls,
} from '../transport/connection.js';
import { DEFAULT_ACCEPT_ENCODING } from '../transport/content-encoding.js';
import { createHttpClient } from '../transport/http-client.js';
import type { HttpClient, HttpRequestSpec, InFlightExchange } from '../transport/types.js';
import { budgetCanBind, estimateRun, likelyPerCheck, runBudget, runsOf, writeOrder, writesMayBind } from './budget.js';
import { longestFirst, runLanes } from './lanes.js';
import { prepareInOrder } from './preparation.js';
import { createRunDeadline } from './run-deadline.js';
import { interruptedRun } from './interrupt.js';
import { sharingReads, type SharedReads } from './shared-reads.js';
import { blockCascades } from './cascades.js';
import { reportCombinationsOnce } from './combinations.js';
import { createHandOff } from './hand-off.js';
import { preflight, UNJUDGED_SHORT, type Unjudged } from './preflight.js';
import { acceptedBeyondFailure, createWriteLedger } from './write-ledger.js';
import { operation } from '../core/operations.js';
import { buildEvidence } from './evidence.js';
import type { RunEvent } from './events.js';
import { deriveSeed } from './seed.js';
import { watchTarget } from './target-watch.js';
import { stoppedEarly } from './stopped-early.js';
import type { Objective } from '../core/timing.js';
import { createTimingCollector } from '../timing/collector.js';
import { withTiming } from '../timing/report-timing.js';

export interface RunOptions {
  readonly target: TargetConfig;
  readonly targetLabel?: string;
  readonly token?: string | undefined;
  readonly basic?: string | undefined;
  readonly checks: readonly CheckDefinition[];
  readonly level: 'must' | 'should';
  readonly seed: number;
  readonly runs: number;
  readonly timeoutMs: number;
  /** Whole-run deadline in ms; default: the worst case derived from the plan (`runBudget`). */
  readonly deadlineMs?: number | undefined;
  readonly concurrency: number;
  readonly maxBodyBytes: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** The command line (without --only/--seed and without secrets) a replay starts from. */
  readonly replayBase: string;
  readonly onEvent?: (event: RunEvent) => void;
  /** Probe the target before the checks (src/runner/preflight.ts). Default true. */
  readonly preflight?: boolean;
  /** The catalogue's checks the selection (--only/--skip/--shard) left out: coverage names it as their holes' cause. */
  readonly notSelected?: readonly CheckDefinition[];
  /** `--slo`: service-level objectives judged on the run's timing, each a result of its own (src/timing). */
  readonly objectives?: readonly Objective[] | undefined;
  /** `--shard K/N`, recorded in the report's origin for `conformance merge` (default 1/1). */
  readonly shard?: { readonly index: number; readonly count: number } | undefined;
  /** Headers, proxy and TLS towards the target (src/transport/connection.ts); default: direct. */
  readonly connection?: ConnectionSettings;
  /** Accept-Encoding of every request (default `gzip, deflate`, as the openai SDK sends; `identity`: none). */
  readonly acceptEncoding?: string;
  /** The whole catalogue `checks` were selected from: a check not selected that another saw broken still fails (hand-off.ts). */
  readonly allChecks?: readonly CheckIdentity[];
  /** `--recover-timeout` (ms; default 30 s; 0: no wait) and `--no-crash-replay` (false): target-watch.ts. */
  readonly recoverTimeoutMs?: number | undefined;
  readonly crashReplay?: boolean | undefined;
  /** Aborting it interrupts the run (its reason, e.g. `SIGTERM`, says by what): interrupt.ts. */
  readonly interrupt?: AbortSignal | undefined;
}

/** Counts a check's requests, and chat requests so the report can state the completion-token budget actually used. */
function countingClient(inner: HttpClient, counter: { chat: number }, perCheck: { requests: number }): HttpClient {
  const count = (spec: HttpRequestSpec) => {
    perCheck.requests++;
    if (spec.method === 'POST' && /^\/v1\/chat\/completions\/?$/.test(spec.path)) counter.chat++;
  };
  return {
    send: (spec) => {
      count(spec);
      return inner.send(spec);
    },
    open: (spec) => {
      count(spec);
      return inner.open(spec);
    },
  };
}

/** The client as one check sees it: every 429/503 the transport retried becomes a note on that check's result. */
function reportingRetries(inner: HttpClient, notes: Set<string>): HttpClient {
  return {
    async send(spec) {
      const ex = await inner.send(spec);
      for (const r of ex.retries ?? [])
        notes.add(`retried ${spec.method} ${spec.path} after HTTP ${r.status}, waiting ${r.waitMs} ms (Retry-After)`);
      return ex;
    },
    open: (spec) => inner.open(spec),
  };
}

function toResult(
  check: CheckDefinition,
  outcome: CheckOutcome,
  durationMs: number,
  redact: Redactor,
  evidence: CheckResult['evidence'],
  runnerNotes: ReadonlySet<string>,
): CheckResult {
  const base = { ...identityOf(check), durationMs: Math.round(durationMs * 1000) / 1000 };
  const all = [...('notes' in outcome && outcome.notes ? outcome.notes : []), ...runnerNotes];
  const notes = all.length ? { notes: all.map(redact) } : {};
  switch (outcome.status) {
    case 'pass':
      return { ...base, status: 'pass', ...notes };
    case 'skip':
      return { ...base, status: 'skip', reason: redact(outcome.reason) };
    case 'fail':
      return {
        ...base,
        status: 'fail',
        expected: redact(outcome.expected),
        actual: redact(outcome.actual),
        ...notes,
        ...(evidence ? { evidence } : {}),
      };
    case 'error':
      return {
        ...base,
        status: 'error',
        errorCode: outcome.code,
        message: redact(outcome.message),
        ...notes,
        ...(evidence ? { evidence } : {}),
      };
  }
}

export async function runSuite(opts: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const credentials = { token: opts.token, basic: opts.basic };
  const redact = createRedactor([
    opts.token,
    opts.basic,
    ...derivedSecrets(credentials),
    ...connectionSecrets(opts.connection),
  ]);
  const schemas = registry();
  // What the run exercises of the interface: every exchange of every check is observed (src/coverage).
  const model = coverageModel(schemas);
  const recorder = createCoverageRecorder({ model, schemas, target: opts.target, credentials });
  const writes = createWriteLedger(opts.target.maxWrites);
  // Time to first token, inter-token and end-to-end latency, measured on the transport (src/timing).
  const timing = createTimingCollector();
  /** Checks the runner did not run (or stopped at the write budget), and why: the causes of coverage holes. */
  const runnerSkips = new Map<string, RunnerSkip>();
  /** The write budget in force: a per-case writing property runs as many cases as it affords (`runsOf`). */
  const budgetWrites = opts.target.allowWrites ? opts.target.maxWrites : undefined;
  // With a write budget, the checks that write or send to an operation with side effects run one at
  // a time, in the order of `writeOrder`, while the budget may bind: which of them the budget reaches
  // is then the same on every run. Once what is left of it covers every pending writing check, they
  // run side by side like the others (lanes.ts). (The requests a conformant target refuses cost
  // nothing: see write-ledger.ts.)
  const writeQueue = budgetWrites !== undefined ? writeOrder(opts.checks, opts.runs, budgetWrites) : [];
  const writeLane = new Set(writeQueue);
  // Longest first by what a check likely sends, not by its most: a property's most counts every
  // shrink probe it will almost never send, and would start it before checks truly longer. A check
  // that declares nothing counts the default most: some such send four requests one after another,
  // and one started last would end the run late, alone.
  const likely = likelyPerCheck(opts.checks, opts.runs, budgetWrites, opts.target.allowWrites, DEFAULT_MAX_REQUESTS);
  const otherQueue = longestFirst(
    opts.checks.map((_, i) => i).filter((i) => !writeLane.has(i)),
    (i) => likely[i]!,
  );
  const budgetInput = {
    ...opts,
    serialWrites: writesMayBind(opts.checks, opts.runs, budgetWrites),
    maxWrites: budgetWrites,
    allowWrites: opts.target.allowWrites,
  };
  const budget = runBudget(opts.checks, budgetInput);
  const deadlineMs = opts.deadlineMs ?? budget.worstCaseMs;
  const deadline = createRunDeadline(deadlineMs, opts.interrupt);
  const client = createHttpClient({
    baseUrl: opts.target.baseUrl,
    token: opts.token,
    basic: opts.basic,
    timeoutMs: opts.timeoutMs,
    maxBodyBytes: opts.maxBodyBytes,
    maxRetries: opts.maxRetries,
    maxRetryWaitMs: opts.maxRetryWaitMs,
    signal: deadline.signal,
    userAgent: `${TOOL.name}/${TOOL.version}`,
    acceptEncoding: opts.acceptEncoding ?? DEFAULT_ACCEPT_ENCODING,
    connections: Math.max(4, opts.concurrency * 2),
    ...(opts.connection ? { connection: opts.connection } : {}),
  });
  const watch = watchTarget(opts, client, writes, deadline); // a target that goes down (issue 38)
  const counter = { chat: 0 };
  const memo = new Map<string, Promise<unknown>>();
  const contextWindow = contextWindowOf(opts.target); // --max-context, or learned by the checks
  const sharedReads: SharedReads = new Map();
  const handOff = createHandOff(); // evidence of one check's rule that another saw broken
  const total = opts.checks.length;
  const label = opts.targetLabel ?? opts.target.baseUrl;
  let unjudged: Unjudged | undefined;
  /** One round trip to the target, as the preflight saw it: the realistic estimate's unit. */
  let latencyMs: number | undefined;
  if (opts.preflight !== false && !deadline.signal.aborted) {
    const sent = performance.now();
    try {
      unjudged = await preflight(
        client,
        opts.target,
        [...new Set(opts.checks.map((c) => c.operation))],
        { bearer: opts.token !== undefined, basic: opts.basic !== undefined },
        opts.timeoutMs,
      );
      if (!unjudged) latencyMs = performance.now() - sent;
    } catch {
      unjudged = undefined; // the checks will meet whatever went wrong, and report it
    }
  }
  opts.onEvent?.({
    type: 'run-start',
    target: label,
    total,
    budget,
    ...(latencyMs !== undefined ? { estimate: estimateRun(opts.checks, budgetInput, latencyMs) } : {}),
    deadlineMs,
    deadlineGiven: opts.deadlineMs !== undefined,
  });
  // Work that does not touch the target (CheckDefinition.prepare) goes on in the background, in the
  // order the checks start, while the first checks wait on the network. (Not during the preflight:
  // its round trip is the likely time's unit, and must not count the preparation.)
  const preparing = prepareInOrder(
    [...writeQueue, ...otherQueue]
      .map((i) => opts.checks[i]!)
      .filter((c) => !c.writes || opts.target.allowWrites)
      .filter((c) => !unjudged?.families.includes(operation(c.operation).auth)),
  );
  // The run's deadline starts with the checks (the preflight has a short deadline of its own).
  deadline.startAfter(preparing.all);
  if (unjudged)
    opts.onEvent?.({ type: 'unjudged', target: label, unjudged: { ...unjudged, reason: redact(unjudged.reason) } });

  const results: CheckResult[] = new Array(total);
  /** Checks whose failure restates an operation's broken baseline (see cascades.ts). */
  const preconditions = new Map<string, OperationId>();
  let done = 0;

  async function runOne(check: CheckDefinition): Promise<{ result: CheckResult; requests: number }> {
    const prepareError = deadline.signal.aborted ? undefined : await preparing.of(check);
    const t0 = performance.now();
    const runnerNotes = new Set<string>();
    const perCheck = { requests: 0 };
    let outcome: CheckOutcome;
    if (prepareError !== undefined) {
      outcome = { status: 'error', ...describeError(prepareError.error) };
    } else if (unjudged?.families.includes(operation(check.operation).auth)) {
      runnerSkips.set(check.id, 'not-judged');
      outcome = {
        status: 'skip',
        reason: `not run: ${unjudged.code} (${UNJUDGED_SHORT[unjudged.code]}; see the verdict)`,
      };
    } else if (check.writes && !opts.target.allowWrites) {
      runnerSkips.set(check.id, 'writes-not-allowed');
      outcome = {
        status: 'skip',
        reason: 'has side effects on the target (creates or logs data); pass --allow-writes to run it',
      };
    } else if (deadline.signal.aborted) {
      outcome = deadline.notRun(); // the run deadline had passed, or the run was interrupted
    } else {
      const inFlight = new Set<InFlightExchange>();
      let newItems = 0;
      const ledgered = writes.wrap(timing.wrap(client.tracking(inFlight)));
      const http = sharingReads(
        reportingRetries(
          countingClient(
            // Outside the write ledger: a request waiting for the target to come back holds no write slot.
            recorder.wrap(watch.wrap(ledgered.http, check.id), (n) => {
              newItems += n;
            }),
            counter,
            perCheck,
          ),
          runnerNotes,
        ),
        sharedReads,
      );
      const ctx: CheckContext = {
        target: opts.target,
        http,
        schemas,
        seed: deriveSeed(opts.seed, check.sharesCasesWith ?? check.id),
        runs: runsOf(check, opts.runs, budgetWrites),
        signal: deadline.signal,
        memo,
        // What this check's own exchanges exercised first: a property stops once its cases add nothing.
        coveredItems: () => newItems,
        report: handOff.reporterOf(check.id),
        contextWindow,
      };
      const late = deadline.watch(inFlight);
      try {
        outcome = await Promise.race([check.run(ctx), late.promise]);
      } catch (err) {
        const { code, message } = describeError(err);
        if (code === 'CTS_WRITE_BUDGET') runnerSkips.set(check.id, 'write-budget-spent');
        outcome =
          code === 'CTS_WRITE_BUDGET'
            ? { status: 'skip', reason: `${message}; raise --max-writes to run this check` }
            : { status: 'error', code, message };
      } finally {
        late.cancel();
      }
      // Sent beyond the write budget because a conformant target refuses it, and accepted: whatever
      // else the check judged, it fails for it (write-ledger.ts).
      const beyond = ledgered.acceptedBeyond();
      if (beyond && outcome.status !== 'fail') {
        runnerSkips.delete(check.id);
        outcome = acceptedBeyondFailure(beyond, opts.target.maxWrites);
      }
    }
    if (outcome.status === 'fail' && outcome.precondition) preconditions.set(check.id, outcome.precondition);
    const replay = `${opts.replayBase} --only ${check.id} --seed ${opts.seed}`;
    const evidence =
      outcome.status === 'fail' || outcome.status === 'error'
        ? buildEvidence(outcome, {
            redact,
            token: opts.token,
            basic: opts.basic,
            seed: opts.seed,
            replay,
            connection: opts.connection,
          })
        : undefined;
    return {
      result: toResult(check, outcome, performance.now() - t0, redact, evidence, runnerNotes),
      requests: perCheck.requests,
    };
  }

  try {
    await runLanes({
      lanes: opts.concurrency,
      writeQueue,
      otherQueue,
      canBind: (pending) => budgetCanBind(opts.checks, pending, opts.runs, budgetWrites, writes.remaining()),
      onUnbound: () => writes.unbind(),
      run: async (i) => {
        const check = opts.checks[i]!;
        opts.onEvent?.({ type: 'check-start', check, done, total });
        const { result, requests } = await watch.guard(check, () => runOne(check));
        results[i] = result;
        done++;
        opts.onEvent?.({ type: 'check-end', result, done, total, requests });
      },
    });
  } finally {
    deadline.stop();
    await client.close().catch(() => undefined);
  }
  const durationMs = performance.now() - started;
  unjudged = interruptedRun(deadline.interrupted(), results, opts.checks, unjudged, runnerSkips) ?? unjudged;
  unjudged ??= stoppedEarly(results, opts.checks, watch, deadlineMs, runnerSkips); // target gone, deadline hit
  opts.onEvent?.({ type: 'run-end', target: label, durationMs });
  const handedOff = handOff.apply(results, { ...opts, redact });
  const judged = [
    ...blockCascades(opts.checks, reportCombinationsOnce(opts.checks, handedOff, memo), preconditions),
    ...handOff.orphans(handedOff, opts.allChecks ?? [], { ...opts, redact }),
  ];
  const report: RunReport = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: TOOL,
    target: redact(opts.target.baseUrl),
    targetLabel: redact(label),
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(durationMs),
    seed: opts.seed,
    runs: opts.runs,
    level: opts.level,
    tokenBudget: counter.chat * opts.target.maxCompletionTokens,
    limits: limitsOf(contextWindow),
    replay: redact(opts.replayBase),
    results: judged,
    summary: summaryOf({ results: judged, level: opts.level, ...(unjudged ? { unjudged } : {}) }),
    ...(unjudged ? { unjudged: { ...unjudged, reason: redact(unjudged.reason) } } : {}),
    ...(opts.target.allowWrites ? { writes: writes.summary() } : {}),
    coverage: summarizeCoverage(model, recorder.covered(), judged, {
      skipped: runnerSkips,
      ...(unjudged ? { unjudged: { code: unjudged.code, reason: redact(unjudged.reason) } } : {}),
      notSelected: notSelectedOf(opts.checks, opts.notSelected),
    }),
    ...connectionReport(opts.target.baseUrl, opts.connection, redact),
    origin: {
      kind: 'run',
      catalogue: catalogueHash([...opts.checks, ...(opts.notSelected ?? [])], model.items),
      shard: opts.shard ?? { index: 1, count: 1 },
      ...(opts.target.bundledMock ? { bundledMock: true } : {}),
    },
  };
  return withTiming(watch.finish(report, redact), timing.table(), opts.objectives);
}

/** How the run reached the target, for the report: said only when it is not a plain direct connection. */
function connectionReport(
  baseUrl: string,
  connection: ConnectionSettings | undefined,
  redact: Redactor,
): Pick<RunReport, 'connection'> {
  if (!connection) return {};
  const described = describeConnection(baseUrl, connection);
  if (described === undefined) return {};
  return { connection: { description: redact(described), insecure: unverifiedTls(baseUrl, connection) } };
}
