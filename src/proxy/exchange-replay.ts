/**
 * @module The replay line of a proxy finding (`conformance run --replay FILE --exchange N`); a pair
 * rule's finding replays the whole recording, and without a recording there is no line.
 */
import type { Operation } from '../core/operations.js';
import type { Rule } from '../rules/rule.js';

/**
 * The replay line of an exchange recorded on line `line` of the recording (undefined: not recorded,
 * no line). `base` is `conformance run --replay FILE`, `rest` the flags that reach the target as the
 * proxy did (`--target URL`, connection flags).
 */
export function exchangeReplayLine(
  base: string,
  rest: string,
  line: number | undefined,
  op: Operation,
  rule: Rule | undefined,
): string {
  if (line === undefined) return '';
  // A rule judged on more than one exchange needs the earlier ones: the whole recording, in order.
  const pair = rule?.slot === 'pair';
  const words = [base, ...(pair ? [] : ['--exchange', String(line)]), rest];
  // The earlier half may write (a job created, then fetched).
  if (op.writes || (pair && rule.ops?.some((o) => o === 'training-jobs.create'))) words.push('--allow-writes');
  return words.filter(Boolean).join(' ');
}
