/** @module A run that ended before most of it was judged says so once, in its `unjudged`. */
import type { CheckDefinition } from '../core/check.js';
import type { CheckResult } from '../core/result.js';
import type { RunnerSkip } from '../coverage/causes.js';
import type { Unjudged } from './preflight.js';
import { familiesOf, type TargetWatch } from './target-watch.js';

/** A check the deadline stopped: not started, or cut short while it ran (run-deadline.ts). */
const byDeadline = (r: CheckResult | undefined): boolean => r?.status === 'error' && r.errorCode === 'CTS_RUN_DEADLINE';

/** More than half of the selected checks stopped by the deadline: they become skips, and the run is unjudged. */
function deadlineCut(
  results: CheckResult[],
  checks: readonly CheckDefinition[],
  deadlineMs: number,
): { unjudged: Unjudged; ids: string[] } | undefined {
  const cut = checks.flatMap((_, i) => (byDeadline(results[i]) ? [i] : []));
  if (cut.length * 2 <= checks.length) return undefined;
  for (const i of cut) {
    const { errorCode: _code, message, evidence: _evidence, ...rest } = results[i]!;
    results[i] = {
      ...rest,
      status: 'skip',
      reason: message ?? `not run: the run deadline (${deadlineMs} ms) had passed`,
    };
  }
  return {
    unjudged: {
      code: 'CTS_RUN_DEADLINE',
      reason: `deadline hit: ${cut.length} of ${checks.length} checks not run (the run deadline, ${deadlineMs / 1000} s, passed): raise --deadline, or select fewer checks (--only, --shard)`,
      families: familiesOf(checks),
    },
    ids: cut.map((i) => checks[i]!.id),
  };
}

/** What a run that stopped early could not judge (results rewritten in place); undefined when it did not. */
export function stoppedEarly(
  results: CheckResult[],
  checks: readonly CheckDefinition[],
  watch: Pick<TargetWatch, 'notJudged'>,
  deadlineMs: number,
  skips: Map<string, RunnerSkip>,
): Unjudged | undefined {
  const found = watch.notJudged(results, checks) ?? deadlineCut(results, checks, deadlineMs);
  for (const id of found?.ids ?? []) skips.set(id, 'not-judged');
  return found?.unjudged;
}
