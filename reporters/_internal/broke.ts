/** @module What broke, in one line: the same words in the failure summary, the annotations and the HTML. */
import type { CheckResult } from '../../src/core/result.js';
import { oneLine } from './text.js';

/** A failure as what the target did, then what was expected (`status 200; expected status 400`); an error as its code and message. */
export function whatBroke(
  result: Pick<CheckResult, 'status' | 'expected' | 'actual' | 'errorCode' | 'message' | 'reason'>,
  max = 200,
): string {
  if (result.status === 'error')
    return oneLine(
      [result.errorCode, result.message ?? 'the suite could not judge this check'].filter(Boolean).join(': '),
      max,
    );
  if (result.status === 'fail') {
    // What the target did is often a whole body: cut it first, so what was expected still shows.
    const actual = oneLine(result.actual ?? 'the rule was broken', result.expected ? Math.ceil(max * 0.6) : max);
    return oneLine(result.expected ? `${actual}; expected ${result.expected}` : actual, max);
  }
  return oneLine(result.reason ?? result.message ?? '', max);
}
