/** @module The training-jobs checks (§4.2–§4.3). */
import type { CheckDefinition } from '../../src/core/check.js';
import { createAndGetChecks } from './create-and-get.checks.js';
import { createValidationChecks } from './create-validation.checks.js';

export const trainingJobChecks: readonly CheckDefinition[] = [...createAndGetChecks, ...createValidationChecks];
