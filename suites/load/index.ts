/** @module Checks under load: what a batching server gets wrong only when requests overlap. */
export { loadChecks } from './load.checks.js';
