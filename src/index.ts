/**
 * @module The package's public API: run the catalogue programmatically, define checks, read reports.
 * The mock is exported from `conformance-suite/mock` (and msw handlers from `conformance-suite/mock/msw`).
 */
// Checks and results
export { defineCheck, LEVELS } from './core/check.js';
export type { CheckContext, CheckDefinition, Level, TargetConfig } from './core/check.js';
export { pass, fail, skip } from './core/result.js';
export type { CheckOutcome, CheckResult, Evidence } from './core/result.js';
export { OPERATIONS, operationLabel } from './core/operations.js';
export type { Operation, OperationId } from './core/operations.js';
export { ConformanceError } from './core/errors.js';
export type { ConformanceErrorCode } from './core/errors.js';
export type { RunReport, RunSummary } from './core/report.js';

// Running
export { CATALOGUE } from '../suites/index.js';
export { runSuite } from './runner/run-suite.js';
export type { RunOptions } from './runner/run-suite.js';
export { selectChecks } from './runner/select.js';

// Schemas
export { registry, loadRegistry } from './schemas/registry.js';
export type { SchemaName, SchemaRegistry } from './schemas/registry.js';
