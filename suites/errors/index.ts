/** @module The errors checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const errorChecks: readonly CheckDefinition[] = [];
