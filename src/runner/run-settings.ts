/** @module The settings of one run as the runner takes them; defaults in `RUN_DEFAULTS`, filled by settings.ts. */
import type { CheckDefinition, TargetConfig } from '../core/check.js';
import type { CheckIdentity } from '../core/check-identity.js';
import type { OperationId } from '../core/operations.js';
import type { Objective } from '../core/timing.js';
import type { ConnectionSettings } from '../transport/connection.js';
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
  /** `--serves`: the operations the deployment serves; the checks of others are not selected and coverage leaves them out. */
  readonly serves?: readonly OperationId[] | undefined;
  /** The catalogue's checks the selection (--only/--skip/--shard) left out: coverage names it as their holes' cause. */
  readonly notSelected?: readonly CheckDefinition[];
  /** `--slo`: service-level objectives judged on the run's timing, each a result of its own (src/timing). */
  readonly objectives?: readonly Objective[] | undefined;
  /** `--shard K/N`, recorded in the report's origin for `conformance merge` (default 1/1). */
  readonly shard?: { readonly index: number; readonly count: number } | undefined;
  /** Headers, proxy and TLS towards the target (src/transport/connection.ts); default: direct. */
  readonly connection?: ConnectionSettings;
  /** Accept-Encoding of every request (`identity`: none). */
  readonly acceptEncoding?: string;
  /** The whole catalogue `checks` were selected from: a check not selected that another saw broken still fails (hand-off.ts). */
  readonly allChecks?: readonly CheckIdentity[];
  /** `--recover-timeout` (ms; 0: no wait) and `--no-crash-replay` (false): target-watch.ts. */
  readonly recoverTimeoutMs?: number | undefined;
  readonly crashReplay?: boolean | undefined;
  /** Aborting it interrupts the run (its reason, e.g. `SIGTERM`, says by what): interrupt.ts. */
  readonly interrupt?: AbortSignal | undefined;
}
