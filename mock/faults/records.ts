/** @module Planted faults for the records checks. */
import type { Fault } from './types.js';

export const recordFaults: readonly Fault[] = [];
