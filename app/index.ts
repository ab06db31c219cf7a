/**
 * @module The package's public API: run the catalogue programmatically, define checks, read reports.
 * The mock is exported from `conformance-suite/mock` (and msw handlers from `conformance-suite/mock/msw`).
 */
// Checks and results
export { defineCheck, LEVELS } from '../src/core/check.js';
export type { CheckContext, CheckDefinition, Level, TargetConfig } from '../src/core/check.js';
export { pass, fail, skip } from '../src/core/result.js';
export type { CheckOutcome, CheckResult, Evidence } from '../src/core/result.js';
export { OPERATIONS, operationLabel } from '../src/core/operations.js';
export type { Operation, OperationId } from '../src/core/operations.js';
export { ConformanceError } from '../src/core/errors.js';
export type { ConformanceErrorCode } from '../src/core/errors.js';
export type { RunReport, RunSummary } from '../src/core/report.js';

// Running
export { CATALOGUE } from '../suites/index.js';
export { runSuite } from '../src/runner/run-suite.js';
export type { RunOptions } from '../src/runner/run-suite.js';
export { selectChecks } from '../src/runner/select.js';

// Schemas
export { registry, loadRegistry } from '../src/schemas/registry.js';
export type { SchemaName, SchemaRegistry } from '../src/schemas/registry.js';
