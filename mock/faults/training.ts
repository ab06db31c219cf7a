/** @module Planted faults for the training checks. */
import type { Fault } from './types.js';

export const trainingFaults: readonly Fault[] = [];
