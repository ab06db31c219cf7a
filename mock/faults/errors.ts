/** @module Planted faults for the errors checks. */
import type { Fault } from './types.js';

export const errorFaults: readonly Fault[] = [];
