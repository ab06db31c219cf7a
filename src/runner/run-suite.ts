/**
 * @module Runs selected checks against one target with bounded concurrency, a per-request timeout
 * (in the client) and a whole-run deadline; turns every outcome into a result with redacted evidence.
 * A check that throws, or outlives the deadline, becomes an `error` result: the run always completes.
 */
import type { CheckContext, CheckDefinition, TargetConfig } from '../core/check.js';
import { describeError } from '../core/errors.js';
import { createRedactor, type Redactor } from '../core/redact.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import type { CheckOutcome, CheckResult } from '../core/result.js';
import { summarize } from '../gating/summary.js';
import { registry } from '../schemas/registry.js';
import { createHttpClient } from '../transport/http-client.js';
import type { HttpClient, HttpRequestSpec } from '../transport/types.js';
import { buildEvidence } from './evidence.js';
import type { RunEvent } from './events.js';
import { deriveSeed } from './seed.js';

export const TOOL_NAME = 'conformance-suite';
export const TOOL_VERSION = '0.1.0';

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
  /** Whole-run deadline in ms. */
  readonly deadlineMs: number;
  readonly concurrency: number;
  readonly maxBodyBytes: number;
  readonly maxRetries: number;
  readonly maxRetryWaitMs: number;
  /** The command line (without --only/--seed and without secrets) a replay starts from. */
  readonly replayBase: string;
  readonly onEvent?: (event: RunEvent) => void;
}

/** Counts chat requests so the report can state the completion-token budget actually used. */
function countingClient(inner: HttpClient, counter: { chat: number }): HttpClient {
  const count = (spec: HttpRequestSpec) => {
    if (spec.method === 'POST' && /^\/v1\/chat\/completions\/?$/.test(spec.path)) counter.chat++;
  };
  return {
    send: (spec) => (count(spec), inner.send(spec)),
    open: (spec) => (count(spec), inner.open(spec)),
  };
}

/** The client as one check sees it: every 429/503 the transport retried becomes a note on that check's result. */
function reportingRetries(inner: HttpClient, notes: Set<string>): HttpClient {
  return {
    async send(spec) {
      const ex = await inner.send(spec);
      for (const r of ex.retries ?? []) notes.add(`retried ${spec.method} ${spec.path} after HTTP ${r.status}, waiting ${r.waitMs} ms (Retry-After)`);
      return ex;
    },
    open: (spec) => inner.open(spec),
  };
}

function toResult(check: CheckDefinition, outcome: CheckOutcome, durationMs: number, redact: Redactor, evidence: CheckResult['evidence'], runnerNotes: ReadonlySet<string>): CheckResult {
  const base = {
    id: check.id,
    operation: check.operation,
    section: check.section,
    level: check.level,
    requirement: check.requirement,
    ...(check.convention ? { convention: check.convention } : {}),
    durationMs: Math.round(durationMs * 1000) / 1000,
  };
  const all = [...('notes' in outcome && outcome.notes ? outcome.notes : []), ...runnerNotes];
  const notes = all.length ? { notes: all.map(redact) } : {};
  switch (outcome.status) {
    case 'pass':
      return { ...base, status: 'pass', ...notes };
    case 'skip':
      return { ...base, status: 'skip', reason: redact(outcome.reason) };
    case 'fail':
      return { ...base, status: 'fail', expected: redact(outcome.expected), actual: redact(outcome.actual), ...notes, ...(evidence ? { evidence } : {}) };
    case 'error':
      return { ...base, status: 'error', errorCode: outcome.code, message: redact(outcome.message), ...notes, ...(evidence ? { evidence } : {}) };
  }
}

export async function runSuite(opts: RunOptions): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const redact = createRedactor([opts.token, opts.basic]);
  const schemas = registry();
  // Work that does not touch the target comes first, outside the deadline (see CheckDefinition.prepare).
  const prepareErrors = new Map<string, unknown>();
  for (const check of opts.checks) {
    if (!check.prepare) continue;
    try {
      await check.prepare();
    } catch (err) {
      prepareErrors.set(check.id, err);
    }
  }
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), opts.deadlineMs);
  timer.unref?.();
  const client = createHttpClient({
    baseUrl: opts.target.baseUrl,
    token: opts.token,
    basic: opts.basic,
    timeoutMs: opts.timeoutMs,
    maxBodyBytes: opts.maxBodyBytes,
    maxRetries: opts.maxRetries,
    maxRetryWaitMs: opts.maxRetryWaitMs,
    signal: deadline.signal,
    userAgent: `${TOOL_NAME}/${TOOL_VERSION}`,
    connections: Math.max(4, opts.concurrency * 2),
  });
  const counter = { chat: 0 };
  const http = countingClient(client, counter);
  const total = opts.checks.length;
  const label = opts.targetLabel ?? opts.target.baseUrl;
  opts.onEvent?.({ type: 'run-start', target: label, total });

  const results: CheckResult[] = new Array(total);
  let next = 0;
  let done = 0;
  const abortPromise = new Promise<CheckOutcome>((resolve) => {
    deadline.signal.addEventListener('abort', () => resolve({ status: 'error', code: 'CTS_RUN_DEADLINE', message: `the run deadline (${opts.deadlineMs} ms) passed before this check finished` }), { once: true });
  });

  async function runOne(check: CheckDefinition): Promise<CheckResult> {
    const t0 = performance.now();
    const runnerNotes = new Set<string>();
    let outcome: CheckOutcome;
    if (prepareErrors.has(check.id)) {
      outcome = { status: 'error', ...describeError(prepareErrors.get(check.id)) };
    } else if (deadline.signal.aborted) {
      outcome = { status: 'error', code: 'CTS_RUN_DEADLINE', message: `not run: the run deadline (${opts.deadlineMs} ms) had passed` };
    } else if (check.writes && !opts.target.allowWrites) {
      outcome = { status: 'skip', reason: 'has side effects on the target (creates or logs data); pass --allow-writes to run it' };
    } else {
      const ctx: CheckContext = { target: opts.target, http: reportingRetries(http, runnerNotes), schemas, seed: deriveSeed(opts.seed, check.id), runs: opts.runs, signal: deadline.signal };
      try {
        outcome = await Promise.race([check.run(ctx), abortPromise]);
      } catch (err) {
        const { code, message } = describeError(err);
        outcome = { status: 'error', code, message };
      }
    }
    const replay = `${opts.replayBase} --only ${check.id} --seed ${opts.seed}`;
    const evidence = outcome.status === 'fail' || outcome.status === 'error'
      ? buildEvidence(outcome, { redact, token: opts.token, basic: opts.basic, seed: opts.seed, replay })
      : undefined;
    return toResult(check, outcome, performance.now() - t0, redact, evidence, runnerNotes);
  }

  async function worker(): Promise<void> {
    while (next < total) {
      const i = next++;
      const check = opts.checks[i]!;
      opts.onEvent?.({ type: 'check-start', check, done, total });
      const result = await runOne(check);
      results[i] = result;
      done++;
      opts.onEvent?.({ type: 'check-end', result, done, total });
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, total) }, worker));
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
  const durationMs = performance.now() - started;
  opts.onEvent?.({ type: 'run-end', target: label, durationMs });
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    target: redact(opts.target.baseUrl),
    targetLabel: redact(label),
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(durationMs),
    seed: opts.seed,
    runs: opts.runs,
    level: opts.level,
    tokenBudget: counter.chat * opts.target.maxCompletionTokens,
    replay: redact(opts.replayBase),
    results,
    summary: summarize(results, opts.level),
  };
}
