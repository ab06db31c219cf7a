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
import { ENV_BASIC, ENV_TOKEN, RUN_DEFAULTS } from '../src/core/defaults.js';
import { operationLabel } from '../src/core/operations.js';
import { gates } from '../src/core/report.js';
import { ConformanceError } from '../src/core/errors.js';
import type { CheckDefinition, TargetConfig } from '../src/core/check.js';
import type { CheckResult } from '../src/core/result.js';
import { runBudget } from '../src/runner/budget.js';
import { runSuite } from '../src/runner/run-suite.js';
import { selectChecks } from '../src/runner/select.js';
import { resolveRunSettings, resolveTarget } from '../src/runner/settings.js';
import { replayLineOf } from './cli/options/run-replay-line.js';

export interface ConformanceTestOptions {
  /** Base URL of the deployment (http or https). */
  readonly target: string;
  /** Bearer token for /v1; default the CONFORMANCE_TOKEN environment variable, as in the CLI. */
  readonly token?: string | undefined;
  /** `user:pass` for /v2; default the CONFORMANCE_BASIC environment variable, as in the CLI. */
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

/**
 * Where a check inside a user's vitest run is run otherwise than `conformance run` (RUN_DEFAULTS):
 * each test is one check, so it has the run to itself (concurrency 1) and should end in seconds
 * among the user's other tests: fewer cases per property and a shorter read of each listing. The
 * seed is fixed so that a test fails or passes the same way on every run of the user's suite.
 */
export const VITEST_DEFAULTS = {
  runs: 10,
  listReadCap: 1_000,
  concurrency: 1,
  seed: 1,
} as const;

function targetOf(options: ConformanceTestOptions): TargetConfig {
  return resolveTarget(
    { listReadCap: VITEST_DEFAULTS.listReadCap, ...options.targetConfig, baseUrl: options.target },
    'registerConformanceTests({ target })',
  );
}

/**
 * Runs one check against the target and resolves when it does not gate at the level; rejects with
 * the failure's requirement, expected vs actual, curl line and replay command otherwise. Skips resolve.
 * A target that could not be judged (unreachable, or refusing the credentials: the CLI's exit 3)
 * rejects with a ConformanceError whose `code` says which, never a pass.
 */
export async function assertConformance(check: CheckDefinition, options: ConformanceTestOptions): Promise<void> {
  const r = await judge(check, options);
  if (r.status !== 'skip') throwIfGating(r, options.level ?? 'must');
}

/** Runs one check and returns its result; throws only when the target could not be judged. */
async function judge(check: CheckDefinition, options: ConformanceTestOptions): Promise<CheckResult> {
  const target = targetOf(options);
  const report = await runSuite(
    resolveRunSettings(
      {
        target,
        token: options.token ?? process.env[ENV_TOKEN],
        basic: options.basic ?? process.env[ENV_BASIC],
        checks: [check],
        level: options.level ?? 'must',
        seed: options.seed ?? VITEST_DEFAULTS.seed,
        runs: options.runs ?? VITEST_DEFAULTS.runs,
        concurrency: VITEST_DEFAULTS.concurrency,
        timeoutMs: options.timeoutMs,
      },
      replayLineOf,
    ),
  );
  const r = report.results[0]!;
  // Could not judge (unreachable, credentials refused): not a pass, and not the check's failure either.
  if (report.unjudged && r.status === 'skip')
    throw new ConformanceError(
      report.unjudged.code,
      `${r.id}: could not judge (${report.unjudged.code}): ${report.unjudged.reason}`,
    );
  return r;
}

function throwIfGating(r: CheckResult, level: 'must' | 'should'): void {
  if (!gates(r, level)) return;
  const detail = [
    r.requirement,
    r.expected && `expected: ${r.expected}`,
    r.actual && `actual: ${r.actual}`,
    r.message,
    r.evidence?.curl,
    r.evidence?.replay,
  ]
    .filter(Boolean)
    .join('\n');
  throw new Error(`${r.id} (${r.level} ${r.section}) ${r.status}: ${detail}`);
}

/**
 * The vitest timeout of one check's test: the check's own worst case (src/runner/budget.ts, which
 * is also its run deadline) and a margin, so that a slow target is reported by the suite with the
 * transport's code (CTS_TARGET_TIMEOUT) and never by vitest as a bare "test timed out".
 */
function vitestTimeoutFor(check: CheckDefinition, options: ConformanceTestOptions): number {
  const budget = runBudget([check], {
    runs: options.runs ?? VITEST_DEFAULTS.runs,
    timeoutMs: options.timeoutMs ?? RUN_DEFAULTS.timeoutMs,
    concurrency: VITEST_DEFAULTS.concurrency,
    maxRetries: RUN_DEFAULTS.maxRetries,
    maxRetryWaitMs: RUN_DEFAULTS.maxRetryWaitMs,
  });
  return budget.worstCaseMs + 5_000;
}

/** Registers one vitest test per selected check, grouped per operation. */
export function registerConformanceTests(options: ConformanceTestOptions): void {
  // Bad options fail here, at registration, with the CLI's message: not as a TypeError inside each test.
  targetOf(options);
  const checks = selectChecks(CATALOGUE, { only: options.only ?? [], skip: options.skip ?? [] });
  const byOperation = new Map<string, typeof checks>();
  for (const c of checks)
    byOperation.set(operationLabel(c.operation), [...(byOperation.get(operationLabel(c.operation)) ?? []), c]);
  for (const [label, group] of byOperation) {
    describe(label, () => {
      for (const check of group) {
        test(
          `${check.id} [${check.level} ${check.section}]`,
          async (ctx) => {
            const r = await judge(check, options);
            // A skipped check is a skipped test, with its reason: never a pass.
            if (r.status === 'skip') return ctx.skip(r.reason ?? 'skipped');
            throwIfGating(r, options.level ?? 'must');
          },
          vitestTimeoutFor(check, options),
        );
      }
    });
  }
}
