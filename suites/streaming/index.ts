/** @module The streaming checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const streamingChecks: readonly CheckDefinition[] = [];
