/** @module What every check of one run shares, set up once before the first is sent. */
import type { ContextWindow } from '../core/check.js';
import { derivedSecrets } from '../core/credentials.js';
import { RUN_DEFAULTS } from '../core/defaults.js';
import { createRedactor, type Redactor } from '../core/redact.js';
import { TOOL } from '../core/tool.js';
import type { RunnerSkip } from '../coverage/causes.js';
import { type CoverageModel, coverageModel } from '../coverage/model.js';
import { type CoverageRecorder, createCoverageRecorder } from '../coverage/recorder.js';
import { contextWindowOf } from '../kit/context-window.js';
import { registry, type SchemaRegistry } from '../schemas/registry.js';
import { createTimingCollector, type TimingCollector } from '../timing/collector.js';
import { connectionSecrets } from '../transport/connection.js';
import { createHttpClient } from '../transport/http-client.js';
import { createHandOff, type HandOff } from './hand-off.js';
import { createRunPace, type RunPace } from './pace.js';
import { RunCache } from './run-cache.js';
import { createRunDeadline, type RunDeadline } from './run-deadline.js';
import type { RunSettings } from './run-settings.js';
import type { RunPlan } from './run-plan.js';
import { type TargetWatch, watchTarget } from './target-watch.js';
import { createWriteLedger, type WriteLedger } from './write-ledger.js';

export interface RunSession {
  readonly redact: Redactor;
  /** The target as events and the report name it. */
  readonly label: string;
  readonly schemas: SchemaRegistry;
  /** What the run exercises of the interface: every exchange of every check is observed (src/coverage). */
  readonly model: CoverageModel;
  readonly recorder: CoverageRecorder;
  readonly writes: WriteLedger;
  /** Time to first token, inter-token and end-to-end latency, measured on the transport (src/timing). */
  readonly timing: TimingCollector;
  /** Checks the runner did not run (or stopped at the write budget), and why: the causes of coverage holes. */
  readonly runnerSkips: Map<string, RunnerSkip>;
  readonly deadline: RunDeadline;
  readonly client: ReturnType<typeof createHttpClient>;
  readonly watch: TargetWatch;
  /** Chat requests sent: the report states the completion-token budget actually used. */
  readonly counter: { chat: number };
  /** What the run sends or makes once and hands to every check that needs it (run-cache.ts). */
  readonly cache: RunCache;
  /** --max-context, or learned by the checks. */
  readonly contextWindow: ContextWindow;
  /** Evidence of one check's rule that another saw broken. */
  readonly handOff: HandOff;
  /** The target's pace, once the preflight measured it: each chat request's deadline follows it (pace.ts). */
  readonly pace: RunPace;
}

export function openRun(opts: RunSettings, plan: RunPlan): RunSession {
  const credentials = { token: opts.token, basic: opts.basic };
  const redact = createRedactor([
    opts.token,
    opts.basic,
    ...derivedSecrets(credentials),
    ...connectionSecrets(opts.connection),
  ]);
  const schemas = registry();
  const model = coverageModel(schemas);
  const recorder = createCoverageRecorder({ model, schemas, target: opts.target, credentials });
  const writes = createWriteLedger(opts.target.maxWrites);
  const timing = createTimingCollector();
  const deadline = createRunDeadline(plan.deadlineMs, opts.interrupt);
  const pace = createRunPace(opts.timeoutMs, opts.target.maxCompletionTokens);
  const client = createHttpClient({
    baseUrl: opts.target.baseUrl,
    token: opts.token,
    basic: opts.basic,
    timeoutMs: opts.timeoutMs,
    timeoutFor: pace.timeoutFor,
    maxBodyBytes: opts.maxBodyBytes,
    maxRetries: opts.maxRetries,
    maxRetryWaitMs: opts.maxRetryWaitMs,
    signal: deadline.signal,
    userAgent: `${TOOL.name}/${TOOL.version}`,
    acceptEncoding: opts.acceptEncoding ?? RUN_DEFAULTS.acceptEncoding,
    connections: Math.max(4, opts.concurrency * 2),
    ...(opts.connection ? { connection: opts.connection } : {}),
  });
  return {
    redact,
    label: opts.targetLabel ?? opts.target.baseUrl,
    schemas,
    model,
    recorder,
    writes,
    timing,
    runnerSkips: new Map(),
    deadline,
    client,
    watch: watchTarget(opts, client, writes, deadline),
    counter: { chat: 0 },
    cache: new RunCache(),
    contextWindow: contextWindowOf(opts.target),
    handOff: createHandOff(),
    pace,
  };
}
