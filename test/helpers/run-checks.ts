/**
 * Runs checks through the real runner and transport, the way `conformance run` does: against any
 * URL (`runAgainstUrl`, the one place that spells out the run options) or against a fresh bundled
 * mock, clean or with planted faults (`runAgainstMock`).
 */
import type { CheckDefinition, TargetConfig } from '../../src/core/check.js';
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_ENTITY,
  DEFAULT_LIST_PARAMS,
  DEFAULT_MODEL,
  DEFAULT_MODEL_ID,
  DEFAULT_PROJECT,
  DEFAULT_TOKEN,
  RUN_DEFAULTS,
} from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import type { RunEvent } from '../../src/runner/events.js';
import { type RunSettings, runSuite } from '../../src/runner/run-suite.js';
import { startMockServer } from '../../mock/index.js';
import type { MockOptions } from '../../mock/types.js';

/** What a test may change about a run; everything else is fixed in `runAgainstUrl`. */
export interface RunAgainstUrlOptions {
  /** Fields of `defaultTarget` to override. */
  readonly target?: Partial<TargetConfig>;
  /** Bearer token for `/v1`. Default DEFAULT_TOKEN. */
  readonly token?: string | undefined;
  /** Basic credentials `user:pass` for `/v2`. Default DEFAULT_BASIC_USER:DEFAULT_BASIC_PASSWORD. */
  readonly basic?: string | undefined;
  /** Default 'should'. */
  readonly level?: 'must' | 'should';
  /** Default 1234. */
  readonly seed?: number;
  /** Default 10. */
  readonly runs?: number;
  /** Per request. Default 5 s. */
  readonly timeoutMs?: number;
  /** Whole run. Default 60 s. */
  readonly deadlineMs?: number;
  /** Default 8. */
  readonly concurrency?: number;
  /** Response body cap. Default a run's. */
  readonly maxBodyBytes?: number;
  /** The runner's events (e.g. `check-end` with the requests each check sent). */
  readonly onEvent?: (event: RunEvent) => void;
  /** Probe the target first (src/runner/preflight.ts). Default true. */
  readonly preflight?: boolean;
  /** `--slo`: objectives judged on the run's timing. */
  readonly objectives?: RunSettings['objectives'];
}

export interface RunAgainstMockOptions extends Omit<RunAgainstUrlOptions, 'token' | 'basic'> {
  readonly faults?: readonly string[];
  /** The mock's options; its `token`, `basic` and `priorityScheduling` are also the suite's. */
  readonly mock?: MockOptions;
}

export function defaultTarget(baseUrl: string, overrides: Partial<TargetConfig> = {}): TargetConfig {
  return {
    baseUrl,
    entity: DEFAULT_ENTITY,
    project: DEFAULT_PROJECT,
    model: DEFAULT_MODEL,
    modelId: DEFAULT_MODEL_ID,
    priorityScheduling: false,
    allowWrites: true,
    bundledMock: true,
    listParams: { ...DEFAULT_LIST_PARAMS },
    listReadCap: RUN_DEFAULTS.target.listReadCap,
    maxCompletionTokens: RUN_DEFAULTS.target.maxCompletionTokens,
    ...overrides,
  };
}

/** Runs `checks` against the server at `url` (the default target, with `options.target` on top) and returns the report. */
export function runAgainstUrl(
  url: string,
  checks: readonly CheckDefinition[],
  options: RunAgainstUrlOptions = {},
): Promise<RunReport> {
  return runSuite({
    target: defaultTarget(url, options.target),
    token: options.token ?? DEFAULT_TOKEN,
    basic: options.basic ?? `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
    checks,
    level: options.level ?? 'should',
    seed: options.seed ?? 1234,
    runs: options.runs ?? 10,
    timeoutMs: options.timeoutMs ?? 5_000,
    deadlineMs: options.deadlineMs ?? 60_000,
    concurrency: options.concurrency ?? 8,
    maxBodyBytes: options.maxBodyBytes ?? RUN_DEFAULTS.maxBodyBytes,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    replayBase: 'conformance run',
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.preflight === false ? { preflight: false } : {}),
    ...(options.objectives ? { objectives: options.objectives } : {}),
  });
}

/** Runs `checks` against a fresh mock (with `faults` planted) and returns the report. */
export async function runAgainstMock(
  checks: readonly CheckDefinition[],
  opts: RunAgainstMockOptions = {},
): Promise<RunReport> {
  const { faults = [], mock, ...run } = opts;
  const server = await startMockServer({ host: '127.0.0.1', port: 0, ...mock, faults });
  try {
    return await runAgainstUrl(server.url, checks, {
      ...run,
      target: { priorityScheduling: mock?.priorityScheduling ?? false, ...run.target },
      token: mock?.token,
      basic: mock?.basic,
    });
  } finally {
    await server.close();
  }
}

/** One line per result that is not a pass (for assertion messages). */
export function explain(results: readonly CheckResult[]): string {
  return results
    .filter((r) => r.status !== 'pass')
    .map((r) => `${r.id}: ${r.status} ${r.expected ?? ''} | ${r.actual ?? r.reason ?? r.message ?? ''}`)
    .join('\n');
}
