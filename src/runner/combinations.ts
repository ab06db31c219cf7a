/** @module Each refused combination of chat fields reported once, by the first check in catalogue order. */
import type { CheckCache } from '../core/cache-key.js';
import type { CheckDefinition } from '../core/check.js';
import type { CheckResult } from '../core/result.js';
import { type RefusedCombination, refusedCombinations } from '../kit/refused-combination.js';
import { blockedSkip } from './cascades.js';

/** Whether a result is the failure of a refused combination (its `actual` names it). */
function isCombinationFailure(r: CheckResult, c?: RefusedCombination): boolean {
  if (r.status !== 'fail') return false;
  return (r.actual ?? '').startsWith(c ? `refuses ${c.words} ` : 'refuses `');
}

/** The results with every combination's failures after the first turned into skips blocked by it. */
export function reportCombinationsOnce(
  checks: readonly CheckDefinition[],
  results: readonly CheckResult[],
  cache: Pick<CheckCache, 'once'>,
): CheckResult[] {
  const combos = refusedCombinations(cache);
  if (combos.length === 0) return [...results];
  const out = [...results];
  for (const c of combos) {
    const meeting = checks
      .flatMap((check, i) => (c.metBy.includes(check.id) && out[i] && isCombinationFailure(out[i]!, c) ? [i] : []))
      // A root's cases are drawn by the seed; the checks that try combinations deterministically own them first.
      .sort((a, b) => Number(checks[a]!.root ?? false) - Number(checks[b]!.root ?? false) || a - b);
    const [first, ...rest] = meeting;
    if (first === undefined) continue;
    const owner = out[first]!.id;
    for (const i of rest)
      out[i] = blockedSkip(out[i]!, owner, `blocked by ${owner}: the target refuses ${c.words}, reported once there`);
  }
  return out;
}
