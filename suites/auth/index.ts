/** @module The auth checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const authChecks: readonly CheckDefinition[] = [];
