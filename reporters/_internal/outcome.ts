/**
 * @module How every reporter reads one result. The matrix, JUnit, console, Markdown and HTML all
 * classify through here so they never disagree about what a result means.
 */
import type { CheckResult } from '../../src/core/result.js';

/**
 * - `known`: a failure listed in the expectations file (never gates).
 * - `noted`: an INFO check that observed something (INFO never fails).
 */
export type Outcome = 'pass' | 'fail' | 'error' | 'skip' | 'known' | 'noted';

/** The reporting outcome of a result. */
export function outcomeOf(result: Pick<CheckResult, 'status' | 'level' | 'expectedFailure'>): Outcome {
  // gates() ignores any result marked as expected, so an errored known failure is known too.
  if (result.expectedFailure && (result.status === 'fail' || result.status === 'error')) return 'known';
  if (result.status === 'fail') return result.level === 'INFO' ? 'noted' : 'fail';
  return result.status;
}
