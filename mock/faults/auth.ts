/** @module Planted faults for the auth checks. */
import type { Fault } from './types.js';

export const authFaults: readonly Fault[] = [];
