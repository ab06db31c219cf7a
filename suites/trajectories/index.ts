/** @module The trajectories checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const trajectoryChecks: readonly CheckDefinition[] = [];
