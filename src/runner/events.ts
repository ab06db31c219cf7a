/** @module Typed run events, for progress output (reporters consume results, not text). */
import type { CheckDefinition } from '../core/check.js';
import type { CheckResult } from '../core/result.js';

export type RunEvent =
  | { readonly type: 'run-start'; readonly target: string; readonly total: number }
  | { readonly type: 'check-start'; readonly check: CheckDefinition; readonly done: number; readonly total: number }
  | { readonly type: 'check-end'; readonly result: CheckResult; readonly done: number; readonly total: number }
  | { readonly type: 'run-end'; readonly target: string; readonly durationMs: number };
