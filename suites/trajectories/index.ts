/** @module The trajectories checks (§4.4, §7). */
import type { CheckDefinition } from '../../src/core/check.js';
import { logChecks } from './log.checks.js';

export const trajectoryChecks: readonly CheckDefinition[] = [...logChecks];
