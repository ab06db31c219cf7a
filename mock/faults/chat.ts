/** @module Planted faults for the chat checks. */
import type { Fault } from './types.js';

export const chatFaults: readonly Fault[] = [];
