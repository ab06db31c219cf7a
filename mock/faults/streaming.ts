/** @module Planted faults for the streaming checks. */
import type { Fault } from './types.js';

export const streamingFaults: readonly Fault[] = [];
