/** @module How every reporter reads one result, so they never disagree about what it means. */
import type { CheckResult } from '../../src/core/result.js';

/** `known`: a failure the baseline accepts; `noted`: an INFO observation (never a failure). */
export type Outcome = 'pass' | 'fail' | 'error' | 'skip' | 'known' | 'noted';

export function outcomeOf(result: Pick<CheckResult, 'status' | 'level' | 'expectedFailure'>): Outcome {
  // gates() ignores any result marked as expected, so an errored known failure is known too.
  if (result.expectedFailure && (result.status === 'fail' || result.status === 'error')) return 'known';
  if (result.status === 'fail') return result.level === 'INFO' ? 'noted' : 'fail';
  return result.status;
}
