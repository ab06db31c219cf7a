/** @module The end of a run: what it could not judge, and the report assembled from its results. */
import { limitsOf } from '../kit/context-window.js';
import type { Redactor } from '../core/redact.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import { catalogueHash } from '../core/origin.js';
import { OPERATIONS, type OperationId } from '../core/operations.js';
import { TOOL } from '../core/tool.js';
import type { CheckResult } from '../core/result.js';
import { summaryOf } from '../core/summary.js';
import { notSelectedOf } from '../coverage/causes.js';
import { summarizeCoverage } from '../coverage/summary.js';
import { type ConnectionSettings, describeConnection, unverifiedTls } from '../transport/connection.js';
import { blockCascades, reportCombinationsOnce } from './cascades.js';
import { interruptedRun } from './interrupt.js';
import type { Unjudged } from './preflight.js';
import type { RanChecks } from './run-check.js';
import type { RunSettings } from './run-settings.js';
import type { RunSession } from './run-session.js';
import { stoppedEarly } from './stopped-early.js';
import { withTiming } from '../timing/report-timing.js';

/** What the run could not judge, once it is over: the preflight's, or an interrupt's, or a target gone or the deadline hit. */
export function unjudgedAtEnd(
  opts: RunSettings,
  { deadline, watch, runnerSkips }: RunSession,
  results: CheckResult[],
  preflight: Unjudged | undefined,
): Unjudged | undefined {
  const unjudged = interruptedRun(deadline.interrupted(), results, opts.checks, preflight, runnerSkips) ?? preflight;
  return unjudged ?? stoppedEarly(results, opts.checks, watch, deadline.lengthMs(), runnerSkips);
}

export interface RunEnd extends RanChecks {
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly unjudged: Unjudged | undefined;
  /** The operations the probes found not served. */
  readonly notServed: readonly OperationId[];
}

export function assembleReport(opts: RunSettings, session: RunSession, end: RunEnd): RunReport {
  const { redact, handOff, cache, model, recorder, writes, counter, label } = session;
  const { unjudged } = end;
  const scope = scopeOf(opts, end.notServed);
  const handedOff = handOff.apply(end.results, { ...opts, redact });
  const judged = [
    ...blockCascades(opts.checks, reportCombinationsOnce(opts.checks, handedOff, cache), end.preconditions),
    ...handOff.orphans(handedOff, opts.allChecks ?? [], { ...opts, redact }),
  ];
  const report: RunReport = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: TOOL,
    target: redact(opts.target.baseUrl),
    targetLabel: redact(label),
    startedAt: end.startedAt.toISOString(),
    durationMs: Math.round(end.durationMs),
    seed: opts.seed,
    runs: opts.runs,
    level: opts.level,
    tokenBudget: counter.chat * opts.target.maxCompletionTokens,
    limits: limitsOf(session.contextWindow),
    replay: redact(opts.replayBase),
    results: judged,
    summary: summaryOf({ results: judged, level: opts.level, ...(unjudged ? { unjudged } : {}) }),
    ...(unjudged ? { unjudged: { ...unjudged, reason: redact(unjudged.reason) } } : {}),
    ...(opts.target.allowWrites ? { writes: writes.summary() } : {}),
    coverage: summarizeCoverage(model, recorder.covered(), judged, {
      skipped: session.runnerSkips,
      ...(unjudged ? { unjudged: { code: unjudged.code, reason: redact(unjudged.reason) } } : {}),
      notSelected: notSelectedOf(opts.checks, opts.notSelected),
      outOfScope: new Set(OPERATIONS.map((o) => o.id).filter((op) => !scope.served.includes(op))),
    }),
    ...(scope.declared || scope.notServed.length > 0 ? { scope } : {}),
    ...connectionReport(opts.target.baseUrl, opts.connection, redact),
    origin: {
      kind: 'run',
      catalogue: catalogueHash([...opts.checks, ...(opts.notSelected ?? [])], model.items),
      shard: opts.shard ?? { index: 1, count: 1 },
      ...(opts.target.bundledMock ? { bundledMock: true } : {}),
    },
  };
  return withTiming(session.watch.finish(report, redact), session.timing.table(), opts.objectives);
}

/** What the deployment serves: declared by `--serves`, else every operation but those found not served. */
function scopeOf(opts: RunSettings, notServed: readonly OperationId[]): NonNullable<RunReport['scope']> {
  const all = OPERATIONS.map((o) => o.id);
  if (opts.serves) return { served: all.filter((op) => opts.serves!.includes(op)), notServed: [], declared: true };
  return { served: all.filter((op) => !notServed.includes(op)), notServed: [...notServed], declared: false };
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
