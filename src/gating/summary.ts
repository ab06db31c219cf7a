/** @module `summarize` (src/core/summary.ts) under the path src/proxy/report.ts imports it from. */
export { summarize } from '../core/summary.js';
