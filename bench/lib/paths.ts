/** @module Paths the bench needs, from its compiled location (dist/bench/lib/) back to the package root. */
import { fileURLToPath } from 'node:url';

/** The package root (where package.json and bin/ live). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The compiled bench directory (dist/bench/). */
export const BENCH_DIST = fileURLToPath(new URL('../', import.meta.url));
/** The CLI launcher. */
export const CLI = fileURLToPath(new URL('../../../bin/conformance.js', import.meta.url));
/** Where the results JSON goes (git-ignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../../../bench/results/', import.meta.url));
