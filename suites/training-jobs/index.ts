/** @module The training-jobs checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const trainingJobChecks: readonly CheckDefinition[] = [];
