/** @module The acceptance checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const acceptanceChecks: readonly CheckDefinition[] = [];
