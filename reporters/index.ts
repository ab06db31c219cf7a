/** @module The reporters: every output of a run, all computed from `RunReport[]` (never from text). */

// Files a CI tool or a person reads
export { renderJunit } from './junit.js';
export { renderJson, toJsonReport, JSON_REPORT_SCHEMA_ID } from './json.js';
export { renderConsole } from './console.js';
export { renderMarkdown } from './markdown.js';
export { renderHtml } from './html.js';

// The formats `conformance run` writes, by flag name
export { REPORT_FORMATS, reportFormat } from './registry.js';
export type { ReportFormat } from './registry.js';

// The matrix the console, Markdown and HTML share
export { computeMatrix, formatCounts, cellTone, emptyCounts, OUTCOME_ORDER } from './matrix.js';

// Live progress
export { createProgress } from './progress.js';

export type { JunitOptions } from './junit.js';
export type { JsonReport } from './json.js';
export type { ConsoleOptions } from './console.js';
export type { Matrix, MatrixCounts, MatrixRow, MatrixTarget } from './matrix.js';
export type { Progress, ProgressCheckEvent, ProgressEvent, ProgressOptions, ProgressRunEvent, ProgressStream } from './progress.js';
export type { Outcome } from './_internal/outcome.js';
