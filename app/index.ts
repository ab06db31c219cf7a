/**
 * @module The package's public API: run the catalogue programmatically, define checks, read reports
 * and render them as the CLI writes them. The mock is exported from `conformance-suite/mock`.
 */
import type { RunReport } from '../src/core/report.js';
import type { RunSettings } from '../src/runner/run-settings.js';
import { runSuite } from '../src/runner/run-suite.js';
import { type RunInput, resolveRunSettings } from '../src/runner/settings.js';
import { replayLineOf } from './cli/options/run-replay-line.js';

// Checks and results
export { defineCheck, LEVELS } from '../src/core/check.js';
export type {
  CheckContext,
  CheckDefinition,
  CheckSchedule,
  Level,
  StartOrder,
  TargetConfig,
} from '../src/core/check.js';
export { pass, fail, skip } from '../src/core/result.js';
export type { CheckOutcome, CheckResult, Evidence } from '../src/core/result.js';
export { OPERATIONS, operationLabel } from '../src/core/operations.js';
export type { Operation, OperationId } from '../src/core/operations.js';
export { ConformanceError } from '../src/core/errors.js';
export type { ConformanceErrorCode } from '../src/core/errors.js';
export type { RunReport, RunSummary } from '../src/core/report.js';

// Running
export { CATALOGUE } from '../suites/index.js';
export { runSuite };
export type { RunSettings } from '../src/runner/run-settings.js';
export { selectChecks } from '../src/runner/select.js';
export { RUN_DEFAULTS } from '../src/core/defaults.js';
export { REPLAY_DEFAULTS } from '../src/proxy/proxy-defaults.js';
export type { RunInput, TargetInput } from '../src/runner/settings.js';

/** The settings `runConformance` runs (and `runSuite` takes), resolved as `conformance run` does. */
export function runSettingsOf(input: RunInput): RunSettings {
  return resolveRunSettings(input, replayLineOf);
}

/**
 * Runs `checks` against `target` (a URL, or a URL with its settings) and returns the report; every
 * setting not given is `RUN_DEFAULTS`'s, the seed a random one (in the report), as in `conformance run`.
 *
 * @example
 * ```ts
 * const report = await runConformance({ target: 'http://localhost:8000', checks: CATALOGUE, token: process.env.CONFORMANCE_TOKEN });
 * process.stdout.write(renderConsole([report], { color: false }));
 * ```
 */
export function runConformance(input: RunInput): Promise<RunReport> {
  return runSuite(runSettingsOf(input));
}

// Reports, rendered as the CLI writes them
export { renderConsole, renderHtml, renderJson, renderJunit, renderMarkdown } from '../reporters/index.js';
export { REPORT_FORMATS } from '../reporters/registry.js';
export type { ReportFormat } from '../reporters/registry.js';

// Schemas
export { registry, loadRegistry } from '../src/schemas/registry.js';
export type { SchemaName, SchemaRegistry } from '../src/schemas/registry.js';
