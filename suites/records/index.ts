/** @module The records checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const recordChecks: readonly CheckDefinition[] = [];
