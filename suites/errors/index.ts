/** @module The errors checks (§7 and conventions): invalid requests are rejected with a 4xx and a known error body. */
import type { CheckDefinition } from '../../src/core/check.js';
import { bodyChecks } from './bodies.checks.js';
import { eachConstraintChecks } from './each-constraint.checks.js';
import { oddInputChecks } from './odd-inputs.checks.js';
import { queryChecks } from './query.checks.js';

export const errorChecks: readonly CheckDefinition[] = [
  ...bodyChecks,
  ...eachConstraintChecks,
  ...queryChecks,
  ...oddInputChecks,
];
