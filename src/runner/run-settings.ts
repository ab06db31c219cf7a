/**
 * @module The settings of one run, as the runner takes them (`runSuite`), and their defaults, said
 * once: the target (`TargetConfig`: what the checks know about it), the credentials, the checks, and
 * every knob of the run. `RUN_DEFAULTS` is what the CLI's option table (app/cli/options/run.ts), the
 * resolver (settings.ts: the library entry, the vitest entry, `conformance run`) and the runner read.
 */
import type { CheckDefinition, TargetConfig } from '../core/check.js';
import type { CheckIdentity } from '../core/check-identity.js';
import {
  DEFAULT_ENTITY,
  DEFAULT_LIST_PARAMS,
  DEFAULT_MODEL,
  DEFAULT_MODEL_ID,
  DEFAULT_PROJECT,
} from '../core/defaults.js';
import type { Objective } from '../core/timing.js';
import type { ConnectionSettings } from '../transport/connection.js';
import { DEFAULT_ACCEPT_ENCODING } from '../transport/content-encoding.js';
import type { RunEvent } from './events.js';

export interface RunSettings {
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

/** The default of every setting of a run that has one (the CLI's flag in brackets). */
export const RUN_DEFAULTS = {
  /** `--level`: gate on MUST only. */
  level: 'must',
  /** `--runs`: cases per property. */
  runs: 25,
  /** `--timeout`: per-request deadline in ms. */
  timeoutMs: 10_000,
  /** `--concurrency`: checks in flight. */
  concurrency: 10,
  /** `--retries`: retries of 429/503 honouring Retry-After. */
  maxRetries: 2,
  /** The longest Retry-After a retry waits (no flag). */
  maxRetryWaitMs: 5_000,
  /** `--max-body-bytes`: most bytes read of one response. */
  maxBodyBytes: 4 * 1024 * 1024,
  /** `--list-cap`: most records read from one listing. */
  listReadCap: 10_000,
  /** `--max-completion-tokens`: largest completion a chat case asks for. */
  maxCompletionTokens: 16,
  /** `--load-burst`: chat requests the load checks send at once. */
  loadBurst: 8,
  /** `--max-writes`: most requests with side effects a real target may answer 2xx (the bundled mock has no budget). */
  maxWrites: 10,
  /** `--recover-timeout`: how long to wait for a target that went down (ms); `conformance proxy` waits as long for its upstream. */
  recoverTimeoutMs: 30_000,
  /** `--no-crash-replay` not given: the requests in flight when a target went down are sent again. */
  crashReplay: true,
  /** `--accept-encoding`. */
  acceptEncoding: DEFAULT_ACCEPT_ENCODING,
  /** `--allow-writes` not given (always on against the bundled mock). */
  allowWrites: false,
  /** `--priority-scheduling` not given. */
  priorityScheduling: false,
  entity: DEFAULT_ENTITY,
  project: DEFAULT_PROJECT,
  modelId: DEFAULT_MODEL_ID,
  /** `--model`: against the bundled mock only; against a real target, the field is omitted. */
  bundledMockModel: DEFAULT_MODEL,
  listParams: DEFAULT_LIST_PARAMS,
} as const;

/** Where `conformance run --replay` judges otherwise (as `conformance proxy` does). */
export const REPLAY_DEFAULTS = {
  level: 'should',
  /** Bounds the response headers and each pause in a body: recorded traffic may be long generations. */
  timeoutMs: 60_000,
} as const;
