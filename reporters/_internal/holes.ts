/** @module The holes of a run's coverage as every report shows them: one line per operation and cause. */
import { groupHoles, type CoverageHole, type CoverageHoleGroup, type CoverageReport } from '../../src/core/coverage.js';
import { operation } from '../../src/core/operations.js';
import { plural } from '../../src/core/words.js';

export interface HoleGroup extends CoverageHoleGroup {
  readonly section: string;
  /** The group's holes, in report order. */
  readonly holes: readonly CoverageHole[];
}

export function holeGroupsOf(coverage: CoverageReport): HoleGroup[] {
  const byId = new Map(coverage.holes.map((h) => [h.id, h]));
  return groupHoles(coverage.holes).map((g) => ({
    ...g,
    section: operation(g.operation).section,
    holes: g.ids.map((id) => byId.get(id)!),
  }));
}

/** What follows "not exercised": `: writes not allowed, pass --allow-writes`, or ` by any request`. */
export function causeWords(group: Pick<CoverageHoleGroup, 'cause'>): string {
  const { code, reason, remedy } = group.cause;
  if (code === 'not-exercised') return ' by any request';
  if (code === 'not-judged') return `: ${reason}, see the verdict`;
  return `: ${reason}${remedy ? `, ${remedy}` : ''}`;
}

/** `64 items of §4.2 not exercised: writes not allowed, pass --allow-writes`. */
export function holeGroupLine(group: HoleGroup): string {
  return `${plural(group.holes.length, 'item')} of ${group.section} not exercised${causeWords(group)}`;
}
