/**
 * Runs checks against the bundled mock (clean or with planted faults) through the real runner and
 * transport, the way `conformance run` does.
 */
import type { CheckDefinition, TargetConfig } from '../../src/core/check.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_ENTITY, DEFAULT_LIST_PARAMS, DEFAULT_MODEL, DEFAULT_MODEL_ID, DEFAULT_PROJECT, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { startMockServer } from '../../mock/index.js';
import type { MockOptions } from '../../mock/types.js';

export interface RunAgainstMockOptions {
  readonly faults?: readonly string[];
  readonly mock?: MockOptions;
  readonly target?: Partial<TargetConfig>;
  readonly level?: 'must' | 'should';
  readonly seed?: number;
  readonly runs?: number;
  readonly timeoutMs?: number;
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
    listReadCap: 10_000,
    maxCompletionTokens: 16,
    ...overrides,
  };
}

/** Runs `checks` against a fresh mock (with `faults` planted) and returns the report. */
export async function runAgainstMock(checks: readonly CheckDefinition[], opts: RunAgainstMockOptions = {}): Promise<RunReport> {
  const server = await startMockServer({ host: '127.0.0.1', port: 0, ...opts.mock, faults: opts.faults ?? [] });
  try {
    return await runSuite({
      target: defaultTarget(server.url, { priorityScheduling: opts.mock?.priorityScheduling ?? false, ...opts.target }),
      token: opts.mock?.token ?? DEFAULT_TOKEN,
      basic: opts.mock?.basic ?? `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
      checks,
      level: opts.level ?? 'should',
      seed: opts.seed ?? 1234,
      runs: opts.runs ?? 10,
      timeoutMs: opts.timeoutMs ?? 5_000,
      deadlineMs: 60_000,
      concurrency: 8,
      maxBodyBytes: 4 * 1024 * 1024,
      maxRetries: 0,
      maxRetryWaitMs: 0,
      replayBase: 'conformance run',
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
