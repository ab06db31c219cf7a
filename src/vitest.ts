/**
 * @module Use the catalogue inside your own vitest run: each selected check becomes a vitest test
 * against the target you give (for teams whose CI already runs vitest).
 *
 * @example
 * ```ts
 * // conformance.test.ts
 * import { registerConformanceTests } from 'conformance-suite/vitest';
 * registerConformanceTests({ target: process.env.STAGING_URL!, token: process.env.CONFORMANCE_TOKEN, level: 'should', only: ['chat-completions.'] });
 * ```
 */
import { describe, test } from 'vitest';
import { CATALOGUE } from '../suites/index.js';
import { DEFAULT_ENTITY, DEFAULT_LIST_PARAMS, DEFAULT_MODEL_ID, DEFAULT_PROJECT } from './core/defaults.js';
import { operationLabel } from './core/operations.js';
import { gates } from './core/report.js';
import { ConformanceError } from './core/errors.js';
import type { CheckDefinition, TargetConfig } from './core/check.js';
import { runBudget } from './runner/budget.js';
import { runSuite } from './runner/run-suite.js';
import { selectChecks } from './runner/select.js';

export interface ConformanceTestOptions {
  /** Base URL of the deployment. */
  readonly target: string;
  readonly token?: string | undefined;
  /** `user:pass` for /v2. */
  readonly basic?: string | undefined;
  readonly level?: 'must' | 'should';
  readonly only?: readonly string[];
  readonly skip?: readonly string[];
  readonly seed?: number;
  readonly runs?: number;
  readonly timeoutMs?: number;
  /** Everything else about the target (entity, project, model, writes…). */
  readonly targetConfig?: Partial<TargetConfig>;
}

function targetOf(options: ConformanceTestOptions): TargetConfig {
  return {
    baseUrl: options.target.replace(/\/+$/, ''),
    entity: DEFAULT_ENTITY,
    project: DEFAULT_PROJECT,
    modelId: DEFAULT_MODEL_ID,
    priorityScheduling: false,
    allowWrites: false,
    bundledMock: false,
    listParams: { ...DEFAULT_LIST_PARAMS },
    listReadCap: 1_000,
    maxCompletionTokens: 16,
    ...options.targetConfig,
  };
}

/**
 * Runs one check against the target and resolves when it does not gate at the level; rejects with
 * the failure's requirement, expected vs actual, curl line and replay command otherwise. Skips resolve.
 * A target that could not be judged (unreachable, or refusing the credentials: the CLI's exit 3)
 * rejects with a ConformanceError whose `code` says which, never a pass.
 */
export async function assertConformance(check: CheckDefinition, options: ConformanceTestOptions): Promise<void> {
  const level = options.level ?? 'must';
  const target = targetOf(options);
  const report = await runSuite({
    target, token: options.token, basic: options.basic, checks: [check], level, seed: options.seed ?? 1, runs: options.runs ?? 10,
    timeoutMs: options.timeoutMs ?? 10_000, concurrency: 1, maxBodyBytes: 4 << 20, maxRetries: RETRIES, maxRetryWaitMs: RETRY_WAIT_MS,
    replayBase: `conformance run --target ${target.baseUrl}`,
  });
  const r = report.results[0]!;
  // Could not judge (unreachable, credentials refused): not a pass, and not the check's failure either.
  if (report.unjudged && r.status === 'skip') throw new ConformanceError(report.unjudged.code as 'CTS_TARGET_UNREACHABLE' | 'CTS_CREDENTIALS_REFUSED', `${r.id}: could not judge (${report.unjudged.code}): ${report.unjudged.reason}`);
  if (!gates(r, level)) return;
  const detail = [r.requirement, r.expected && `expected: ${r.expected}`, r.actual && `actual: ${r.actual}`, r.message, r.evidence?.curl, r.evidence?.replay].filter(Boolean).join('\n');
  throw new Error(`${r.id} (${r.level} ${r.section}) ${r.status}: ${detail}`);
}

const RETRIES = 2;
const RETRY_WAIT_MS = 5_000;

/**
 * The vitest timeout of one check's test: the check's own worst case (src/runner/budget.ts, which
 * is also its run deadline) and a margin, so that a slow target is reported by the suite with the
 * transport's code (CTS_TARGET_TIMEOUT) and never by vitest as a bare "test timed out".
 */
function vitestTimeoutFor(check: CheckDefinition, options: ConformanceTestOptions): number {
  const budget = runBudget([check], { runs: options.runs ?? 10, timeoutMs: options.timeoutMs ?? 10_000, concurrency: 1, maxRetries: RETRIES, maxRetryWaitMs: RETRY_WAIT_MS });
  return budget.worstCaseMs + 5_000;
}

/** Registers one vitest test per selected check, grouped per operation. */
export function registerConformanceTests(options: ConformanceTestOptions): void {
  const checks = selectChecks(CATALOGUE, { only: options.only ?? [], skip: options.skip ?? [] });
  const byOperation = new Map<string, typeof checks>();
  for (const c of checks) byOperation.set(operationLabel(c.operation), [...(byOperation.get(operationLabel(c.operation)) ?? []), c]);
  for (const [label, group] of byOperation) {
    describe(label, () => {
      for (const check of group) {
        test(`${check.id} [${check.level} ${check.section}]`, () => assertConformance(check, options), vitestTimeoutFor(check, options));
      }
    });
  }
}
