/** @module Why checks were skipped, grouped by reason, the same in every report that lists them. */
import type { CheckResult } from '../../src/core/result.js';

export interface SkipGroup {
  /** The reason, once (checks blocked by one root share `blocked by <root>`). */
  readonly reason: string;
  readonly ids: readonly string[];
}

/** Skipped results grouped by reason, largest group first. */
export function skipGroups(skipped: readonly CheckResult[]): SkipGroup[] {
  const groups = new Map<string, string[]>();
  for (const r of skipped) {
    const reason = r.blockedBy
      ? `blocked by ${r.blockedBy} (its failure is listed above)`
      : (r.reason ?? 'no reason given');
    groups.set(reason, [...(groups.get(reason) ?? []), r.id]);
  }
  return [...groups].map(([reason, ids]) => ({ reason, ids })).sort((a, b) => b.ids.length - a.ids.length);
}
